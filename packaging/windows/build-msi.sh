#!/usr/bin/env bash
# Builds the Pelscope MSI from a staged Windows build (cmake --install + windeployqt) with
# wixl, on Linux: here with a stand-in tree, in the release workflow with the real one.
#   build-msi.sh STAGING_DIR VERSION OUTPUT.msi
# The file list is generated from the staging tree (wxs-files.py); the icon is rendered from
# resources/io.pelscope.Pelscope.svg. check-msi.sh verifies the result.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$(cd "$here/../.." && pwd)
[[ $# -eq 3 ]] || { echo "usage: build-msi.sh STAGING_DIR VERSION OUTPUT.msi" >&2; exit 2; }
staging=$(cd "$1" && pwd)
version=$2
out=$3
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "build-msi: MSI versions are x.y.z, not '$version'" >&2; exit 2; }
for tool in wixl rsvg-convert python3; do
  command -v "$tool" >/dev/null || { echo "build-msi: $tool missing (Debian: wixl, librsvg2-bin, python3)" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pngs=()
for size in 16 24 32 48 64 256; do
  rsvg-convert -w "$size" -h "$size" -o "$work/icon-$size.png" "$src/resources/io.pelscope.Pelscope.svg"
  pngs+=("$work/icon-$size.png")
done
python3 "$here/make-ico.py" "$work/pelscope.ico" "${pngs[@]}"
python3 "$here/wxs-files.py" "$staging" "$work/files.wxs"
mkdir -p "$(dirname "$out")"
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
# wixl resolves sources relative to the working directory and rejects absolute paths.
ln -s "$staging" "$work/staging"
(cd "$work" && wixl --arch x64 -D Version="$version" -D SourceDir=staging -D IconFile=pelscope.ico \
  -o "$out" "$here/pelscope.wxs" files.wxs)
echo "build-msi: $out ($(du -h "$out" | cut -f1))"
