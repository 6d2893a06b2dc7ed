#!/usr/bin/env bash
# Checks an AppDir built by appdir.sh (and optionally the squashfs payload made from it):
#  - the root has AppRun, the desktop file (valid) and its icon; the AppStream data validates;
#  - every ELF inside finds every library it needs: each DT_NEEDED is bundled (and ldd resolves
#    it inside the AppDir) or on the excludelist; ldd reports nothing "not found";
#  - the newest glibc (and libstdc++) symbol versions required, i.e. the oldest host it runs on;
#  - `AppRun --version`, `AppRun --cli --version` and `AppRun --self-test` (offscreen) pass with
#    an empty environment, and every Qt library, Qt plugin and libssl they load comes from the
#    AppDir, not from the host;
#  - with --payload FILE: the squashfs holds the whole AppDir and runs once extracted, which is
#    what the AppImage runtime does with it.
# Usage: check-appdir.sh APPDIR VERSION [--payload FILE.squashfs]
# Environment: PELSCOPE_MAX_GLIBC=X.Y fails the check when the glibc floor is above X.Y.
set -euo pipefail
shopt -s nullglob
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
app_id=io.pelscope.Pelscope

[[ $# -eq 2 || ($# -eq 4 && $3 == --payload) ]] ||
  { echo "usage: check-appdir.sh APPDIR VERSION [--payload FILE.squashfs]" >&2; exit 2; }
appdir=$(cd "$1" && pwd)
version=$2
payload=${4:-}

failures=0
fail() { echo "check-appdir: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "check-appdir: ok: $*"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# --- layout ----------------------------------------------------------------------------------
for f in AppRun "$app_id.desktop" "$app_id.png" .DirIcon usr/bin/pelscope usr/bin/pelscope-cli usr/bin/qt.conf \
         usr/plugins/platforms/libqxcb.so usr/plugins/platforms/libqoffscreen.so \
         usr/plugins/tls/libqopensslbackend.so usr/plugins/imageformats/libqsvg.so \
         usr/plugins/iconengines/libqsvgicon.so usr/lib/libssl.so.3 usr/lib/libcrypto.so.3 usr/lib/libssl.so usr/lib/libcrypto.so \
         "usr/share/metainfo/$app_id.metainfo.xml" usr/share/doc/pelscope/LICENSE; do
  [[ -e $appdir/$f ]] || fail "$f missing"
done
[[ -x $appdir/AppRun ]] || fail "AppRun is not executable"
if desktop-file-validate "$appdir/$app_id.desktop"; then pass "desktop file valid"; else fail "desktop file invalid"; fi
icon=$(sed -n 's/^Icon=//p' "$appdir/$app_id.desktop")
[[ -f $appdir/$icon.png || -f $appdir/$icon.svg ]] || fail "no $icon.png or $icon.svg at the root for Icon=$icon"
if appstreamcli validate-tree --no-net "$appdir" >"$work/as.log" 2>&1; then
  pass "appstreamcli validate-tree"
else
  cat "$work/as.log" >&2
  fail "appstreamcli validate-tree"
fi

# --- libraries -------------------------------------------------------------------------------
declare -A excluded=()
while read -r line; do
  [[ -z $line || $line == \#* ]] || excluded[$line]=1
done < "$here/linux/excludelist"
is_elf() { [[ -f $1 && ! -L $1 && $(head -c 4 "$1" | tr -d '\0') == $'\x7fELF' ]]; }

elves=()
while IFS= read -r -d '' f; do is_elf "$f" && elves+=("$f"); done < <(find "$appdir" -type f -print0)
bad_libs=0
: >"$work/versions"
for f in "${elves[@]}"; do
  rel=${f#"$appdir"/}
  out=$(env -u LD_LIBRARY_PATH -u LD_PRELOAD ldd "$f" 2>&1) || { fail "$rel: ldd failed: $out"; bad_libs=1; continue; }
  if [[ $out == *"not found"* ]]; then
    fail "$rel: $(grep 'not found' <<<"$out" | tr -s '\t ' ' ' | paste -sd, -)"
    bad_libs=1
  fi
  declare -A resolved=()
  while read -r name arrow path _; do
    [[ $arrow == "=>" ]] && resolved[$name]=$path
  done <<<"$out"
  for name in $(readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    [[ -n ${excluded[$name]:-} ]] && continue
    case ${resolved[$name]:-} in
      "$appdir"/*) ;;
      *) fail "$rel needs $name, resolved outside the AppDir (${resolved[$name]:-unresolved})"; bad_libs=1 ;;
    esac
  done
  unset resolved
  # Version needs: which GLIBC_x.y / GLIBCXX_x.y.z this file asks the host for.
  readelf -V --wide "$f" | sed -n "s#.*Name: \(GLIBC_[0-9.]*\\|GLIBCXX_[0-9.]*\) .*#\1 $rel#p" >>"$work/versions"
done
[[ $bad_libs -eq 1 ]] || pass "ldd: all ${#elves[@]} ELF files find every library they need (bundled or excluded)"
newest() { grep "^$1_[0-9]" "$work/versions" | sed "s/^$1_//" | sort -V -k1,1 | tail -n 1; }
read -r glibc glibc_by < <(newest GLIBC) || true
read -r glibcxx glibcxx_by < <(newest GLIBCXX) || true
echo "check-appdir: glibc floor: GLIBC_$glibc (needed by $glibc_by); libstdc++ floor: GLIBCXX_$glibcxx (needed by $glibcxx_by)"
# The release workflow sets PELSCOPE_MAX_GLIBC so a newer build base cannot raise the floor unnoticed.
if [[ -n ${PELSCOPE_MAX_GLIBC:-} && $(printf '%s\n%s\n' "$glibc" "$PELSCOPE_MAX_GLIBC" | sort -V | tail -n 1) != "$PELSCOPE_MAX_GLIBC" ]]; then
  fail "glibc floor $glibc is above PELSCOPE_MAX_GLIBC=$PELSCOPE_MAX_GLIBC"
fi

# --- running it from the AppDir with an empty environment -------------------------------------
run_clean() { # ROOT OUTFILE ARGS...: AppRun in `env -i`, offscreen, with a throw-away HOME
  local root=$1 outfile=$2
  shift 2
  mkdir -p "$work/home"
  env -i HOME="$work/home" QT_QPA_PLATFORM=offscreen LD_DEBUG=libs LD_DEBUG_OUTPUT="$work/ld" \
    "$root/AppRun" "$@" >"$outfile" 2>"$outfile.err"
}
check_loaded() { # ROOT WHAT: every Qt library/plugin, libssl and libcrypto came from ROOT
  local root=$1 what=$2 path strays=()
  while read -r path; do
    case $path in
      "$root"/*) ;;
      */libQt6*|*/plugins/*|*/libssl.so*|*/libcrypto.so*|*/libqt6keychain*|*/libQCustomPlot*) strays+=("$path") ;;
    esac
  done < <(sed -n 's/.*calling init: //p' "$work"/ld.* | sort -u)
  rm -f "$work"/ld.*
  if [[ ${#strays[@]} -eq 0 ]]; then pass "$what loaded Qt, its plugins and libssl from the AppDir only"; else
    fail "$what loaded from the host: ${strays[*]}"; fi
}

if run_clean "$appdir" "$work/version.out" --version && grep -qx "pelscope $version" "$work/version.out"; then
  pass "env -i AppRun --version: $(cat "$work/version.out")"
else
  fail "env -i AppRun --version: $(cat "$work/version.out" "$work/version.out.err")"
fi
rm -f "$work"/ld.*
if run_clean "$appdir" "$work/cli.out" --cli --version && grep -qx "pelscope-cli $version" "$work/cli.out"; then
  pass "env -i AppRun --cli --version: $(cat "$work/cli.out")"
else
  fail "env -i AppRun --cli --version: $(cat "$work/cli.out" "$work/cli.out.err")"
fi
rm -f "$work"/ld.*
if run_clean "$appdir" "$work/self-test.out" --self-test; then
  sed 's/^/  | /' "$work/self-test.out"
  grep -qE '^platform plugin +ok +offscreen' "$work/self-test.out" || fail "self-test: offscreen platform plugin not reported"
  grep -qE '^tls +ok .*active openssl' "$work/self-test.out" || fail "self-test: the OpenSSL TLS backend is not active"
  grep -qE "^qt plugins +$appdir/usr/plugins\$" "$work/self-test.out" || fail "self-test: Qt does not look for plugins in the AppDir"
  pass "env -i AppRun --self-test"
  check_loaded "$appdir" "--self-test"
else
  cat "$work/self-test.out" "$work/self-test.out.err" >&2
  if grep -q 'Unknown option' "$work/self-test.out.err"; then
    fail "pelscope does not know --self-test yet: app/gui/gui_main.cpp must call runSelfTest() (app/gui/self_test.h) when it is given"
  else
    fail "env -i AppRun --self-test exited non-zero"
  fi
fi

# --- the squashfs payload ---------------------------------------------------------------------
if [[ -n $payload ]]; then
  if grep -q '^Compression zstd' <<<"$(unsquashfs -s "$payload")"; then pass "payload is zstd-compressed squashfs"; else fail "payload is not zstd squashfs"; fi
  unsquashfs -q -n -d "$work/root" "$payload" >/dev/null
  want=$(cd "$appdir" && find . | sort | sha256sum)
  got=$(cd "$work/root" && find . | sort | sha256sum)
  if [[ $want == "$got" ]]; then pass "payload holds exactly the AppDir's $(cd "$appdir" && find . | wc -l) entries"; else
    fail "payload and AppDir list different files"; fi
  if run_clean "$work/root" "$work/payload.out" --self-test; then
    pass "AppRun --self-test from the extracted payload"
    check_loaded "$work/root" "the extracted payload"
  else
    cat "$work/payload.out" "$work/payload.out.err" >&2
    fail "AppRun --self-test from the extracted payload"
  fi
fi

if [[ $failures -gt 0 ]]; then
  echo "check-appdir: $failures check(s) failed for $appdir" >&2
  exit 1
fi
echo "check-appdir: $appdir passed"
