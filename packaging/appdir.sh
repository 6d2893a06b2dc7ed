#!/usr/bin/env bash
# Builds the AppDir of the Pelscope AppImage from a CMake build tree, offline:
# `cmake --install` into it, the Qt plugins Pelscope needs, every library they need except
# the AppImage excludelist (packaging/linux/excludelist), libssl for Qt's TLS backend (loaded
# at run time, so ldd cannot see it), RUNPATHs, qt.conf, AppRun, and the desktop file and
# icon at the root. check-appdir.sh checks the result; appimagetool (in the release
# workflow) turns it into the .AppImage.
#
# Usage: appdir.sh BUILD_DIR APPDIR
# Environment:
#   QT_PLUGIN_DIR            Qt's plugin directory (default: qtpaths6 --query QT_INSTALL_PLUGINS)
#   PELSCOPE_GTK_THEME=0     leave out the GTK 3 platform theme (and the GTK libraries it pulls in)
#   LINUXDEPLOY              linuxdeploy executable (release workflow only): run it with its Qt
#                            plugin over the AppDir before the RUNPATHs and root files are set
set -euo pipefail
shopt -s nullglob

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$(cd "$here/.." && pwd)
app_id=io.pelscope.Pelscope

[[ $# -eq 2 ]] || { echo "usage: appdir.sh BUILD_DIR APPDIR" >&2; exit 2; }
build=$(cd "$1" && pwd)
log() { echo "appdir: $*"; }
die() { echo "appdir: error: $*" >&2; exit 1; }
for tool in cmake patchelf readelf ldd; do
  command -v "$tool" >/dev/null || die "$tool missing (Debian: cmake, patchelf, binutils, libc-bin)"
done

rm -rf "$2"
mkdir -p "$2"
appdir=$(cd "$2" && pwd)
usr=$appdir/usr

# --- 1. the install tree -------------------------------------------------------------------
DESTDIR=$appdir cmake --install "$build" --prefix /usr --strip >/dev/null
[[ -x $usr/bin/pelscope && -x $usr/bin/pelscope-cli ]] || die "cmake --install did not produce usr/bin/pelscope{,-cli}"
install -Dm644 "$src/LICENSE" "$usr/share/doc/pelscope/LICENSE"

# --- 2. Qt plugins --------------------------------------------------------------------------
qt_plugins=${QT_PLUGIN_DIR:-$(qtpaths6 --query QT_INSTALL_PLUGINS 2>/dev/null || true)}
[[ -d $qt_plugins ]] || die "Qt plugin directory not found (set QT_PLUGIN_DIR)"
# platforms: xcb for X11/XWayland, offscreen for --self-test and screenshots, wayland when
# the build host has it; tls: the OpenSSL backend (and cert-only); the rest for icons,
# images, input methods and desktop integration.
plugin_globs=(platforms/libqxcb.so platforms/libqoffscreen.so 'platforms/libqwayland-*.so'
              'wayland-*/*.so' 'xcbglintegrations/*.so' 'platforminputcontexts/*.so'
              'imageformats/*.so' 'iconengines/*.so' 'tls/*.so')
[[ ${PELSCOPE_GTK_THEME:-1} == 0 ]] || plugin_globs+=('platformthemes/*.so')
for glob in "${plugin_globs[@]}"; do
  for f in "$qt_plugins"/$glob; do
    install -Dm644 "$f" "$usr/plugins/${f#"$qt_plugins"/}"
  done
done
for required in platforms/libqxcb.so platforms/libqoffscreen.so tls/libqopensslbackend.so \
                imageformats/libqsvg.so iconengines/libqsvgicon.so; do
  [[ -f $usr/plugins/$required ]] || die "Qt plugin $required not found in $qt_plugins"
done

# --- 3. libraries ---------------------------------------------------------------------------
declare -A excluded=()
while read -r line; do
  [[ -z $line || $line == \#* ]] || excluded[$line]=1
done < "$here/linux/excludelist"

is_elf() { [[ -f $1 && ! -L $1 && $(head -c 4 "$1" | tr -d '\0') == $'\x7fELF' ]]; }
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }

# Host path of a library the runtime loads by name (dlopen), found the way the loader would.
host_lib() {
  local p
  p=$(ldconfig -p 2>/dev/null | awk -v n="$1" '$1 == n && /x86-64/ && !p { p = $NF } END { print p }' || true)
  [[ -z $p ]] && for d in /lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu /usr/lib64 /lib64 /usr/lib; do
    [[ -e $d/$1 ]] && { p=$d/$1; break; }
  done
  [[ -n $p ]] || die "$1 not found on the build host"
  echo "$p"
}

declare -A origin=() # bundled soname -> host path (for the copyright files)
bundle() { # SONAME HOSTPATH
  cp -L "$2" "$usr/lib/$1"
  chmod 644 "$usr/lib/$1"
  origin[$1]=$2
  queue+=("$usr/lib/$1")
}

mkdir -p "$usr/lib"
queue=()
for f in "$usr"/bin/* "$usr"/plugins/*/*; do is_elf "$f" && queue+=("$f"); done
# Qt's TLS backend dlopens libssl and libcrypto: bundle both deliberately. Qt 6.4 asks for the
# unversioned names first (OpenSSL 3 has no SHLIB_VERSION_NUMBER), so without the links it
# would take the host's libssl.so wherever libssl-dev is installed.
for lib in libssl.so.3 libcrypto.so.3; do
  bundle "$lib" "$(host_lib "$lib")"
  ln -s "$lib" "$usr/lib/${lib%.3}"
done

# Walk DT_NEEDED from every file we ship; stop at excluded libraries (their own dependencies
# are the host's business). ldd supplies where the build host resolves each name.
while [[ ${#queue[@]} -gt 0 ]]; do
  f=${queue[0]}
  queue=("${queue[@]:1}")
  missing=()
  for name in $(needed "$f"); do
    [[ -n ${excluded[$name]:-} || -e $usr/lib/$name ]] || missing+=("$name")
  done
  [[ ${#missing[@]} -gt 0 ]] || continue
  declare -A resolved=()
  while read -r name arrow path _; do
    [[ $arrow == "=>" ]] || continue
    [[ $path == not ]] && die "${f#"$appdir"/} needs $name, which the build host does not have"
    resolved[$name]=$path
  done < <(env -u LD_LIBRARY_PATH -u LD_PRELOAD ldd "$f")
  for name in "${missing[@]}"; do
    [[ -e $usr/lib/$name ]] && continue
    [[ -n ${resolved[$name]:-} ]] || die "${f#"$appdir"/}: ldd did not resolve $name"
    bundle "$name" "${resolved[$name]}"
  done
  unset resolved
done

# --- 4. linuxdeploy's opinion (release workflow only; it cannot be downloaded here) ----------
if [[ -n ${LINUXDEPLOY:-} ]]; then
  log "running $LINUXDEPLOY with its Qt plugin over the AppDir"
  # Only --appdir: it then deploys for the files already in usr/, which are all ours.
  DEPLOY_PLATFORM_THEMES=1 EXTRA_PLATFORM_PLUGINS=libqoffscreen.so QMAKE=${QMAKE:-qmake6} \
    "$LINUXDEPLOY" --appdir "$appdir" --plugin qt
fi

# --- 5. RUNPATHs and qt.conf: everything finds its libraries and plugins inside the AppDir ----
# shellcheck disable=SC2016 # $ORIGIN is for the dynamic loader, not the shell
for f in "$usr"/bin/*; do is_elf "$f" && patchelf --set-rpath '$ORIGIN/../lib' "$f"; done
# shellcheck disable=SC2016
for f in "$usr"/lib/*; do is_elf "$f" && patchelf --set-rpath '$ORIGIN' "$f"; done
# shellcheck disable=SC2016
for f in "$usr"/plugins/*/*; do is_elf "$f" && patchelf --set-rpath '$ORIGIN/../../lib' "$f"; done
cat > "$usr/bin/qt.conf" <<'EOF'
[Paths]
Prefix = ../
Libraries = lib
Plugins = plugins
EOF

# Copyright notices of the bundled libraries (LGPL and friends travel with the binaries).
# One dpkg -S for all of them; with merged /usr, dpkg may know a file under either prefix.
if command -v dpkg >/dev/null && [[ ${#origin[@]} -gt 0 ]]; then
  paths=()
  for name in "${!origin[@]}"; do
    host=$(readlink -f "${origin[$name]}")
    paths+=("$host" "/usr${host#/usr}" "${host#/usr}")
  done
  while read -r pkg; do
    [[ -f /usr/share/doc/$pkg/copyright ]] && install -Dm644 "/usr/share/doc/$pkg/copyright" "$usr/share/doc/$pkg/copyright"
  done < <(dpkg -S "${paths[@]}" 2>/dev/null | sed 's/[:,].*//' | sort -u)
fi

# --- 6. AppRun, desktop file and icon at the root ---------------------------------------------
rm -f "$appdir/AppRun" "$appdir/$app_id.desktop" "$appdir/$app_id.png" "$appdir/.DirIcon"
install -m755 "$here/linux/AppRun" "$appdir/AppRun"
cp "$usr/share/applications/$app_id.desktop" "$appdir/$app_id.desktop"
icon=$usr/share/icons/hicolor/256x256/apps/$app_id.png
[[ -f $icon ]] || die "$icon missing (is rsvg-convert installed?)"
cp "$icon" "$appdir/$app_id.png"
ln -s "$app_id.png" "$appdir/.DirIcon"

log "$appdir: $(find "$appdir" -type f | wc -l) files, ${#origin[@]} bundled libraries, $(du -sh "$appdir" | cut -f1)"
