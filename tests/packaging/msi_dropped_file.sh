#!/usr/bin/env bash
# wixl silently drops a <File> that has no Id and still exits 0. Prove that check-msi.sh
# notices such an MSI, so a regression in wxs-files.py cannot ship an installer missing files.
# Usage: msi_dropped_file.sh WORK_DIR
set -euo pipefail
packaging=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../packaging" && pwd)
work=${1:?usage: msi_dropped_file.sh WORK_DIR}
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)

bash "$packaging/windows/stand-in-staging.sh" "$work/staging" >/dev/null
python3 "$packaging/windows/wxs-files.py" "$work/staging" "$work/files.wxs" >/dev/null
# Drop the Id of one file, as a careless generator would.
sed -i '0,/<File Id="f[0-9A-F]*" Name="qgif.dll"/s//<File Name="qgif.dll"/' "$work/files.wxs"
grep -q '<File Name="qgif.dll"' "$work/files.wxs" || { echo "FAIL: could not remove the Id" >&2; exit 1; }
rsvg-convert -w 32 -h 32 -o "$work/icon.png" "$packaging/../resources/io.pelscope.Pelscope.svg"
python3 "$packaging/windows/make-ico.py" "$work/pelscope.ico" "$work/icon.png"
(cd "$work" && wixl --arch x64 -D Version=0.0.1 -D SourceDir=staging -D IconFile=pelscope.ico \
   -o dropped.msi "$packaging/windows/pelscope.wxs" files.wxs) 2>"$work/wixl.log" ||
  { echo "wixl refused the Id-less <File> (exit $?): fine, nothing can be dropped silently"; exit 0; }
echo "wixl exited 0 for a <File> without an Id"

if bash "$packaging/windows/check-msi.sh" "$work/dropped.msi" "$work/staging" 0.0.1 >"$work/check.log" 2>&1; then
  cat "$work/check.log"
  echo "FAIL: check-msi.sh passed an MSI that lacks a staged file" >&2
  exit 1
fi
grep 'File table has' "$work/check.log"
echo "ok: check-msi.sh rejects the MSI with the dropped file"
