#!/usr/bin/env bash
# Checks an MSI built by build-msi.sh against the staging tree it was built from:
# the File table has one row per staged file (wixl silently drops a <File> without an Id),
# msiextract yields every staged file byte for byte under Pelscope/, and the product is a
# per-machine x64 install under Program Files with a Start menu shortcut and the stable
# UpgradeCode. Usage: check-msi.sh FILE.msi STAGING_DIR VERSION
# shellcheck disable=SC2015 # "check && pass || fail": pass only prints, so fail runs exactly when check fails
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: check-msi.sh FILE.msi STAGING_DIR VERSION" >&2; exit 2; }
msi=$(readlink -f "$1")
staging=$(readlink -f "$2")
version=$3
upgrade_code='{6F04B05C-535D-4FAF-92E1-0B4796B54C11}'
for tool in msiinfo msiextract; do
  command -v "$tool" >/dev/null || { echo "check-msi: $tool missing (Debian: msitools)" >&2; exit 1; }
done

failures=0
fail() { echo "check-msi: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "check-msi: ok: $*"; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# msiinfo export prints three header lines (names, types, table/key) before the rows.
# Tables are read into files first: `cmd | grep -q` can fail with SIGPIPE under pipefail.
for table in File Component Directory Shortcut Property Upgrade; do
  msiinfo export "$msi" "$table" | tail -n +4 | tr -d '\r' >"$work/$table"
done
msiinfo suminfo "$msi" >"$work/suminfo"
rows() { cat "$work/$1"; }

staged=$(find "$staging" -type f | wc -l)
file_rows=$(grep -c . "$work/File" || true)
if [[ $file_rows -eq $staged ]]; then
  pass "File table has $file_rows rows for $staged staged files"
else
  fail "File table has $file_rows rows, the staging tree $staged files"
fi

(cd "$work" && msiextract "$msi" >/dev/null)
extracted=$(find "$work/Pelscope" -type f 2>/dev/null | wc -l)
[[ $extracted -eq $staged ]] || fail "msiextract yields $extracted files, the staging tree has $staged"
mismatched=0
while IFS= read -r -d '' f; do
  rel=${f#"$staging"/}
  cmp -s "$f" "$work/Pelscope/$rel" || { fail "$rel: missing or different after extraction"; mismatched=1; }
done < <(find "$staging" -type f -print0)
[[ $mismatched -eq 1 ]] || pass "msiextract reproduces all $staged files byte for byte under Pelscope/"

property() { rows Property | awk -F'\t' -v k="$1" '$1 == k { print $2 }'; }
[[ $(property ProductVersion) == "$version" ]] && pass "ProductVersion $version" ||
  fail "ProductVersion is '$(property ProductVersion)', expected $version"
[[ $(property UpgradeCode) == "$upgrade_code" ]] && pass "UpgradeCode $upgrade_code" ||
  fail "UpgradeCode is '$(property UpgradeCode)', expected $upgrade_code (it must never change)"
[[ $(property ALLUSERS) == 1 ]] && pass "per-machine (ALLUSERS=1)" || fail "not a per-machine install"
[[ -n $(property ARPPRODUCTICON) ]] || fail "no ARPPRODUCTICON for the uninstall entry"
grep -q '^Template: x64;' "$work/suminfo" && pass "x64 package" || fail "summary Template is not x64"
grep -qP '^INSTALLDIR\tProgramFiles64Folder\tPelscope$' "$work/Directory" && pass "installs to Program Files\\Pelscope" ||
  fail "INSTALLDIR is not ProgramFiles64Folder\\Pelscope"
if rows Component | awk -F'\t' '{ if (int($4 / 256) % 2 != 1) bad = 1 } END { exit bad }'; then
  pass "every component is 64-bit"
else
  fail "a component lacks the 64-bit attribute"
fi
grep -qP '^PelscopeExe\t[^\t]+\tpelscope\.exe\t' "$work/File" || fail "no PelscopeExe row for pelscope.exe"
grep -qP '^PelscopeShortcut\tProgramMenuFolder\tPelscope\t[^\t]+\t\[#PelscopeExe\]' "$work/Shortcut" &&
  pass "Start menu shortcut to pelscope.exe" || fail "no Start menu shortcut to [#PelscopeExe]"
grep -qF "$upgrade_code" "$work/Upgrade" && pass "major upgrade replaces older versions" ||
  fail "no Upgrade row: installing a new version would not remove the old one"

if [[ $failures -gt 0 ]]; then
  echo "check-msi: $failures check(s) failed for $msi" >&2
  exit 1
fi
echo "check-msi: $msi passed"
