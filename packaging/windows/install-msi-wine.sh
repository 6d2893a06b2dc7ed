#!/usr/bin/env bash
# Installs an MSI under wine (Debian's wine64, through its wine command) as an administrator would on Windows
# (msiexec /i FILE /qn), checks that every staged file landed under Program Files\Pelscope
# byte for byte with the Start menu shortcut, then uninstalls it (msiexec /x /qn) and checks
# that both are gone. A fresh wine prefix each run; nothing of the host's is touched.
# Usage: install-msi-wine.sh FILE.msi STAGING_DIR
set -euo pipefail
[[ $# -eq 2 ]] || { echo "usage: install-msi-wine.sh FILE.msi STAGING_DIR" >&2; exit 2; }
msi=$(readlink -f "$1")
staging=$(readlink -f "$2")
command -v wine >/dev/null || { echo "install-msi-wine: wine missing (Debian: wine and wine64; ./dev deps installs them)" >&2; exit 1; }
fail() { echo "install-msi-wine: FAIL: $*" >&2; exit 1; }
ok() { echo "install-msi-wine: ok: $*"; }

prefix=$(mktemp -d)
export WINEPREFIX=$prefix WINEDEBUG=-all WINEARCH=win64
# No Mono or Gecko installers: an MSI of files needs neither, and they cannot be downloaded.
export WINEDLLOVERRIDES='mscoree,mshtml='
cleanup() { wineserver -k 2>/dev/null || true; rm -rf "$prefix"; }
trap cleanup EXIT
wine wineboot --init >/dev/null 2>&1 || fail "wineboot could not make a prefix"
wine msiexec /i "$(winepath -w "$msi" 2>/dev/null)" /qn >/dev/null 2>&1 || fail "msiexec /i exited with $?"
wineserver -w

installed="$prefix/drive_c/Program Files/Pelscope"
[[ -d $installed ]] || fail "nothing under C:\\Program Files\\Pelscope"
staged=$(cd "$staging" && find . -type f | sort)
landed=$(cd "$installed" && find . -type f | sort)
[[ $staged == "$landed" ]] || fail "installed files differ from the staging tree: $(diff <(echo "$staged") <(echo "$landed") | head -n 5)"
while IFS= read -r f; do
  cmp -s "$staging/$f" "$installed/$f" || fail "$f differs from the staged file"
done <<<"$staged"
ok "msiexec /i /qn: $(wc -l <<<"$staged") files under C:\\Program Files\\Pelscope, each as staged"
# Windows puts a per-machine shortcut under ProgramData; wine 8 resolves ProgramMenuFolder
# to the user's Start menu even so. Either is the Start menu.
shortcut=$(find "$prefix/drive_c/ProgramData" "$prefix/drive_c/users" -ipath '*/Start Menu/Programs/Pelscope*.lnk' 2>/dev/null | head -n 1)
[[ -n $shortcut ]] || fail "no Start menu shortcut (Pelscope.lnk)"
ok "Start menu shortcut ${shortcut#"$prefix/drive_c/"}"

wine msiexec /x "$(winepath -w "$msi" 2>/dev/null)" /qn >/dev/null 2>&1 || fail "msiexec /x exited with $?"
wineserver -w
left=$( { find "$installed" -type f 2>/dev/null || true; } | wc -l)
[[ $left -eq 0 ]] || fail "msiexec /x left $left files"
[[ ! -e $shortcut ]] || fail "msiexec /x left the shortcut"
ok "msiexec /x /qn: files and shortcut removed"
