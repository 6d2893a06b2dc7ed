# Install layout (desktop file, AppStream metainfo, hicolor icons, man pages) and the CPack .deb.
# Included at the end of the top-level CMakeLists.txt; `cpack -G DEB` in the build dir makes
# pelscope_<version>_amd64.deb. packaging/README.md says how a release is cut.
include(GNUInstallDirs)

set(PELSCOPE_APP_ID io.pelscope.Pelscope)
set(_pelscope_res ${PROJECT_SOURCE_DIR}/resources)

if(UNIX AND NOT APPLE)
  install(FILES ${_pelscope_res}/${PELSCOPE_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${_pelscope_res}/${PELSCOPE_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  install(FILES ${_pelscope_res}/${PELSCOPE_APP_ID}.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
  install(FILES ${PROJECT_SOURCE_DIR}/packaging/debian/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
  # The headless recorder as a service (an instance per connection), its
  # environment file's example, Prometheus' alerting rules with a scrape
  # example, and a Grafana dashboard on the exporter's metrics.
  install(FILES ${PROJECT_SOURCE_DIR}/packaging/linux/pelscope-record@.service DESTINATION lib/systemd/system)
  install(FILES ${PROJECT_SOURCE_DIR}/packaging/linux/record.env.example
                ${PROJECT_SOURCE_DIR}/packaging/prometheus/pelscope.rules.yml
                ${PROJECT_SOURCE_DIR}/packaging/prometheus/prometheus.example.yml
                ${PROJECT_SOURCE_DIR}/packaging/grafana/pelscope-dashboard.json
          DESTINATION ${CMAKE_INSTALL_DOCDIR})

  # PNG sizes are rendered from the one SVG at build time, so they can never drift from it.
  find_program(PELSCOPE_RSVG_CONVERT rsvg-convert)
  set(PELSCOPE_ICON_SIZES 16 24 32 48 64 128 256 512)
  if(PELSCOPE_RSVG_CONVERT)
    set(_pelscope_pngs)
    foreach(size IN LISTS PELSCOPE_ICON_SIZES)
      set(_dir ${PROJECT_BINARY_DIR}/icons/${size}x${size})
      set(_png ${_dir}/${PELSCOPE_APP_ID}.png)
      add_custom_command(OUTPUT ${_png}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${_dir}
        COMMAND ${PELSCOPE_RSVG_CONVERT} -w ${size} -h ${size} -o ${_png} ${_pelscope_res}/${PELSCOPE_APP_ID}.svg
        DEPENDS ${_pelscope_res}/${PELSCOPE_APP_ID}.svg
        COMMENT "Rendering ${size}x${size} icon" VERBATIM)
      list(APPEND _pelscope_pngs ${_png})
      install(FILES ${_png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
    endforeach()
    add_custom_target(pelscope_icons ALL DEPENDS ${_pelscope_pngs})
  else()
    message(WARNING "rsvg-convert not found (Debian: librsvg2-bin): packages will carry only the SVG icon")
  endif()

  # Man pages, compressed as Debian policy asks (-n: no timestamp, so the package is reproducible).
  find_program(PELSCOPE_GZIP gzip REQUIRED)
  set(_pelscope_manpages)
  foreach(page pelscope.1 pelscope-cli.1)
    set(_out ${PROJECT_BINARY_DIR}/man/${page})
    add_custom_command(OUTPUT ${_out}.gz
      COMMAND ${CMAKE_COMMAND} -E copy ${_pelscope_res}/${page} ${_out}
      COMMAND ${PELSCOPE_GZIP} -9nf ${_out}
      DEPENDS ${_pelscope_res}/${page} VERBATIM)
    list(APPEND _pelscope_manpages ${_out}.gz)
    install(FILES ${_out}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  endforeach()
  add_custom_target(pelscope_manpages ALL DEPENDS ${_pelscope_manpages})
elseif(WIN32)
  # GPL: the licence travels with the binaries (windeployqt adds the Qt DLLs next to them).
  install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION . RENAME LICENSE.txt)
endif()

# --- .deb (Debian 12 "bookworm" runtime package names, checked with apt-cache policy) -----------
set(CPACK_PACKAGE_NAME pelscope)
set(CPACK_PACKAGE_VENDOR "Pelscope contributors")
set(CPACK_PACKAGE_CONTACT "Pelscope maintainers <maintainers@example.invalid>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "dashboard for Redis Streams consumer groups")
set(CPACK_PACKAGE_DESCRIPTION
    "Pelscope shows which consumer group is falling behind, what is stuck, which consumer died holding \
messages, and which messages keep failing. It polls with one bounded, pipelined, read-only batch per \
tick, so it never becomes part of the incident. pelscope-cli is its console twin for terminals, \
scripts and Nagios.")
set(CPACK_PACKAGE_HOMEPAGE_URL ${PROJECT_HOMEPAGE_URL})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # pelscope_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION database)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Linked libraries (tests/packaging checks this list against dpkg-shlibdeps on the packaged
# binaries), then what is only loaded at run time: the SVG icon engine, the platform plugins and
# libssl for Qt's TLS backend. libspdlog1.10-fmt9 is the virtual package libspdlog1.10 provides:
# it pins spdlog's fmt ABI to the libfmt9 we also link.
set(PELSCOPE_DEB_DEPENDS
  "libc6 (>= 2.34)"
  "libstdc++6 (>= 11)"
  "libgcc-s1 (>= 3.0)"
  "libqt6core6 (>= 6.4.0)"
  "libqt6gui6 (>= 6.4.0)"
  "libqt6widgets6 (>= 6.4.0)"
  "libqt6network6 (>= 6.4.0)"
  "libqt6sql6 (>= 6.4.0)"
  "libqt6sql6-sqlite (>= 6.4.0)"
  "libhiredis0.14 (>= 0.14.0)"
  "libqcustomplot2.1-qt6 (>= 2.1.0)"
  "libspdlog1.10-fmt9"
  "libfmt9 (>= 9.1.0)"
  "libqt6keychain1 (>= 0.13.2)"
  "libqt6svg6 (>= 6.4.0)"
  "qt6-qpa-plugins (>= 6.4.0)"
  "libssl3"
  # Qt's own Korean strings (dialog buttons, the file dialog), loaded when the window speaks Korean
  "qt6-translations-l10n (>= 6.4.0)"
  "libquazip1-qt6-1 (>= 1.3)"
)
list(JOIN PELSCOPE_DEB_DEPENDS ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
# Korean glyphs for the Korean window (any CJK font will do; this is Debian's usual one).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "redis-tools, gnome-keyring | kwalletmanager")
include(CPack)
