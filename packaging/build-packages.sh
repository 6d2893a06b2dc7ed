#!/usr/bin/env bash
# Builds, from an existing CMake build tree, every Pelscope package this machine can build, and
# checks each one with the same scripts the tests and the release workflow use.
# `./dev package` runs it after building; tests/packaging runs it one target at a time.
#
# Usage: packaging/build-packages.sh [--build-dir DIR] [--out DIR] [--only deb|appimage|msi]...
#                                    [--msi-staging DIR]
#   --build-dir DIR    the configured and built tree (default: build)
#   --out DIR          where the packages go (default: BUILD_DIR/packages)
#   --only TARGET      build only this (repeatable); default: all three
#   --msi-staging DIR  a staged Windows build (release workflow); without it the MSI is built
#                      from a stand-in tree and named ...-test.msi
# Environment:
#   PELSCOPE_UPDATE_REPO  OWNER|REPO on GitHub whose releases AppImageUpdate follows
#                         (default pelscope|pelscope; the release workflow sets its own)
#   LINUXDEPLOY           see appdir.sh
#
# Output in OUT:
#   pelscope_<version>_amd64.deb       Debian 12 package
#   Pelscope.AppDir/                   the AppImage's tree
#   pelscope-<version>-x86_64.squashfs the payload the AppImage runtime mounts
#   Pelscope-<version>-x86_64.AppImage the runtime (linux/runtime/, built here) and the payload
#   Pelscope-<version>-x86_64.AppImage.zsync  for AppImageUpdate (when zsyncmake is installed)
#   pelscope-<version>-x64-test.msi    (pelscope-<version>-x64.msi with --msi-staging)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

build=build out='' staging='' only=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --build-dir) build=$2; shift ;;
    --out) out=$2; shift ;;
    --only) only+=("$2"); shift ;;
    --msi-staging) staging=$2; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "build-packages: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
[[ ${#only[@]} -gt 0 ]] || only=(deb appimage msi)
for t in "${only[@]}"; do
  [[ $t == deb || $t == appimage || $t == msi ]] || { echo "build-packages: unknown target '$t'" >&2; exit 2; }
done
wants() { [[ " ${only[*]} " == *" $1 "* ]]; }

[[ -f $build/CMakeCache.txt ]] || { echo "build-packages: $build is not a configured build tree" >&2; exit 1; }
build=$(cd "$build" && pwd)
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
[[ -n $version ]] || { echo "build-packages: no CMAKE_PROJECT_VERSION in $build/CMakeCache.txt" >&2; exit 1; }
out=${out:-$build/packages}
mkdir -p "$out"
out=$(cd "$out" && pwd)
made=()
log() { echo "build-packages: $*"; }

if wants deb; then
  log "== .deb (cpack)"
  rm -rf "$out/.cpack" "$out"/pelscope_*.deb
  if ! cpack -G DEB --config "$build/CPackConfig.cmake" -B "$out/.cpack" >"$out/cpack.log" 2>&1; then
    cat "$out/cpack.log" >&2
    exit 1
  fi
  deb=$(find "$out/.cpack" -maxdepth 1 -name 'pelscope_*.deb')
  mv "$deb" "$out/"
  rm -rf "$out/.cpack" "$out/cpack.log"
  deb=$out/$(basename "$deb")
  bash "$here/check-deb.sh" "$deb" "$version"
  made+=("$deb")
fi

if wants appimage; then
  log "== AppDir, squashfs payload"
  appdir=$out/Pelscope.AppDir
  payload=$out/pelscope-$version-x86_64.squashfs
  bash "$here/appdir.sh" "$build" "$appdir"
  # The runtime first: the libraries it links in statically carry their notices in the image.
  runtime=$out/.appimage-runtime
  bash "$here/linux/runtime/build-runtime.sh" "$runtime" "$version" "$appdir/usr/share/doc/appimage-runtime"
  command -v mksquashfs >/dev/null || { echo "build-packages: mksquashfs missing (Debian: squashfs-tools)" >&2; exit 1; }
  rm -f "$payload"
  # What appimagetool would append to the runtime: the AppDir as root-owned, zstd squashfs.
  mksquashfs "$appdir" "$payload" -root-owned -noappend -comp zstd -quiet -no-progress >/dev/null
  bash "$here/check-appdir.sh" "$appdir" "$version" --payload "$payload"
  made+=("$appdir" "$payload")
  # The AppImage: our runtime (built from Debian's packages, linux/runtime/), then the
  # payload, as appimagetool would lay them out; no download, no appimagetool.
  log "== AppImage (runtime from linux/runtime/runtime.c)"
  update="gh-releases-zsync|${PELSCOPE_UPDATE_REPO:-pelscope|pelscope}|latest|Pelscope-*x86_64.AppImage.zsync"
  python3 "$here/linux/runtime/set-update-info.py" "$runtime" "$update"
  appimage=$out/Pelscope-$version-x86_64.AppImage
  cat "$runtime" "$payload" >"$appimage"
  chmod 0755 "$appimage"
  runtime_size=$(stat -c %s "$runtime")
  rm -f "$runtime"
  if command -v zsyncmake >/dev/null; then
    (cd "$out" && zsyncmake -u "$(basename "$appimage")" -o "$(basename "$appimage").zsync" "$(basename "$appimage")" >/dev/null)
    made+=("$appimage.zsync")
  fi
  bash "$here/check-appimage.sh" "$appimage" "$version" "$runtime_size" "$update"
  made+=("$appimage")
fi

if wants msi; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  if [[ -n $staging ]]; then
    log "== MSI (wixl) from the staged Windows build in $staging"
    msi=$out/pelscope-$version-x64.msi
  else
    log "== MSI (wixl) from a stand-in staging tree (the real one comes from the Windows build)"
    staging=$work/staging
    bash "$here/windows/stand-in-staging.sh" "$staging"
    msi=$out/pelscope-$version-x64-test.msi
  fi
  bash "$here/windows/build-msi.sh" "$staging" "$version" "$msi"
  bash "$here/windows/check-msi.sh" "$msi" "$staging" "$version"
  # Installed and uninstalled for real where wine is (./dev deps installs it).
  if command -v wine >/dev/null; then
    bash "$here/windows/install-msi-wine.sh" "$msi" "$staging"
  else
    log "MSI: not installed under wine (wine is not installed)"
  fi
  made+=("$msi")
fi

log "== done: ${#made[@]} artefact(s) in $out"
for m in "${made[@]}"; do
  printf '  %-48s %s\n' "$(basename "$m")" "$(du -sh "$m" | cut -f1)"
done
