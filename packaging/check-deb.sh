#!/usr/bin/env bash
# Checks the .deb CPack made:
#  - control fields, and Depends naming every package dpkg-shlibdeps derives from the packaged
#    binaries (the runtime-only ones, plugins and libssl, are listed on top of those);
#  - contents: binaries, desktop file, metainfo, hicolor icons (SVG and every PNG size, at
#    that size), man pages, copyright; nothing else; all owned by root;
#  - desktop-file-validate, appstreamcli validate --no-net and validate-tree on the unpacked tree;
#  - the unpacked binaries run --version; the man page documents every option of
#    `pelscope-cli --help`; the metainfo's newest release is this version.
# Usage: check-deb.sh FILE.deb VERSION
# shellcheck disable=SC2015 # "check && pass || fail": pass only prints, so fail runs exactly when check fails
set -euo pipefail
[[ $# -eq 2 ]] || { echo "usage: check-deb.sh FILE.deb VERSION" >&2; exit 2; }
deb=$(readlink -f "$1")
version=$2
app_id=io.pelscope.Pelscope
icon_sizes=(16 24 32 48 64 128 256 512)

failures=0
fail() { echo "check-deb: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "check-deb: ok: $*"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# --- control ---------------------------------------------------------------------------------
field() { dpkg-deb -f "$deb" "$1"; }
[[ $(field Package) == pelscope ]] || fail "Package is '$(field Package)'"
[[ $(field Version) == "$version" ]] || fail "Version is '$(field Version)', expected $version"
[[ $(field Architecture) == amd64 ]] || fail "Architecture is '$(field Architecture)'"
for f in Maintainer Description Section Homepage Depends; do
  [[ -n $(field "$f") ]] || fail "no $f field"
done
depends=$(field Depends)
# shellcheck disable=SC2020 # both separators become newlines
dep_names() { tr ',|' '\n\n' | sed 's/(.*)//; s/^[[:space:]]*//; s/[[:space:]]*$//' | grep -v '^$' | sort -u; }
dep_names <<<"$depends" >"$work/declared"
for pkg in libqt6widgets6 libqt6network6 libqt6svg6 libhiredis0.14 libqcustomplot2.1-qt6 libspdlog1.10-fmt9 \
           libqt6keychain1 qt6-qpa-plugins libssl3; do
  grep -qx "$pkg" "$work/declared" || fail "Depends lacks $pkg"
done
# Every declared name must exist in the archive (a typo would make the package uninstallable);
# a virtual name (libspdlog1.10-fmt9) exists when some package provides it. One apt-cache
# policy call for all names: apt-cache is slow to start.
mapfile -t declared <"$work/declared"
policy=$(apt-cache policy "${declared[@]}" 2>/dev/null || true)
if [[ $(apt-cache policy libc6 2>/dev/null) == *"Candidate: "[0-9]* ]]; then
  awk '/^[^ ].*:$/ { sub(/:$/, ""); pkg = $0 } /^  Candidate: / && $2 != "(none)" { print pkg }' \
    <<<"$policy" | sort -u >"$work/real"
  while read -r pkg; do
    grep -qx "$pkg" "$work/real" && continue
    [[ -n $(apt-cache showpkg "$pkg" 2>/dev/null | sed -n '/^Reverse Provides:/,$p' | tail -n +2) ]] ||
      fail "Depends names '$pkg', which apt-cache does not know"
  done <"$work/declared"
else
  echo "check-deb: note: no apt package lists here; Depends names not checked against the archive"
fi
pass "control: pelscope $version amd64; Depends: $depends"

# --- contents --------------------------------------------------------------------------------
dpkg-deb -c "$deb" >"$work/contents"
awk '{ print $6 }' "$work/contents" | grep -v '/$' | sed 's|^\./|/|' | sort >"$work/files"
expected=(/usr/bin/pelscope /usr/bin/pelscope-cli
          "/usr/share/applications/$app_id.desktop" "/usr/share/metainfo/$app_id.metainfo.xml"
          "/usr/share/icons/hicolor/scalable/apps/$app_id.svg"
          /usr/share/man/man1/pelscope.1.gz /usr/share/man/man1/pelscope-cli.1.gz
          /usr/share/doc/pelscope/copyright
          "/usr/lib/systemd/system/pelscope-record@.service" /usr/share/doc/pelscope/record.env.example
          /usr/share/doc/pelscope/pelscope.rules.yml /usr/share/doc/pelscope/prometheus.example.yml
          /usr/share/doc/pelscope/pelscope-dashboard.json)
for size in "${icon_sizes[@]}"; do expected+=("/usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png"); done
printf '%s\n' "${expected[@]}" | sort >"$work/expected"
if diff -u "$work/expected" "$work/files" >"$work/files.diff"; then
  pass "contents: exactly the ${#expected[@]} expected files"
else
  fail "contents differ from the expected list (- expected, + packaged):"
  sed -n '3,$p' "$work/files.diff" | grep '^[-+]' >&2
fi
awk '$2 != "root/root" { bad = 1 } END { exit bad }' "$work/contents" || fail "files not owned by root/root"

# --- the unpacked tree -------------------------------------------------------------------------
root=$work/root
dpkg-deb -x "$deb" "$root"
desktop-file-validate "$root/usr/share/applications/$app_id.desktop" && pass "desktop-file-validate" ||
  fail "desktop-file-validate"
if appstreamcli validate --no-net "$root/usr/share/metainfo/$app_id.metainfo.xml" >"$work/as.log" 2>&1 &&
   appstreamcli validate-tree --no-net "$root" >>"$work/as.log" 2>&1; then
  pass "appstreamcli validate --no-net, validate-tree --no-net"
else
  cat "$work/as.log" >&2
  fail "appstreamcli validation"
fi
for size in "${icon_sizes[@]}"; do
  png=$root/usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png
  [[ -f $png && $(file -b "$png") == "PNG image data, $size x $size,"* ]] || fail "$png is not a ${size}x$size PNG"
done
# The recorder's unit: systemd's own checker (a missing man page is not the unit's fault).
if command -v systemd-analyze >/dev/null; then
  unit=$root/usr/lib/systemd/system/pelscope-record@.service
  if verify=$(systemd-analyze verify "$unit" 2>&1 | grep -v "man pelscope-cli\|Documentation"); [[ -z $verify ]]; then
    pass "systemd-analyze verify pelscope-record@.service"
  else
    fail "systemd-analyze verify: $verify"
  fi
fi
for bin in pelscope pelscope-cli; do
  [[ $(file -b "$root/usr/bin/$bin") == "ELF 64-bit"*", stripped" ]] || fail "usr/bin/$bin is not a stripped x86-64 ELF"
done
out=$(env -i HOME="$work" QT_QPA_PLATFORM=offscreen "$root/usr/bin/pelscope" --version 2>/dev/null) || true
[[ $out == "pelscope $version" ]] && pass "unpacked pelscope --version: $out" || fail "unpacked pelscope --version printed '$out'"
out=$(env -i HOME="$work" "$root/usr/bin/pelscope-cli" --version 2>/dev/null) || true
[[ $out == "pelscope-cli $version" ]] && pass "unpacked pelscope-cli --version: $out" ||
  fail "unpacked pelscope-cli --version printed '$out'"

# dpkg-shlibdeps wants to run inside a source package; give it an empty one.
mkdir -p "$work/src/debian"
touch "$work/src/debian/control"
if shlibs=$(cd "$work/src" && dpkg-shlibdeps -O "$root/usr/bin/pelscope" "$root/usr/bin/pelscope-cli" 2>/dev/null); then
  missing=()
  while read -r pkg; do
    grep -qx "$pkg" "$work/declared" || missing+=("$pkg")
  done < <(dep_names <<<"${shlibs#shlibs:Depends=}")
  [[ ${#missing[@]} -eq 0 ]] && pass "Depends covers dpkg-shlibdeps (${shlibs#shlibs:Depends=})" ||
    fail "Depends lacks ${missing[*]} (dpkg-shlibdeps: ${shlibs#shlibs:Depends=})"
else
  fail "dpkg-shlibdeps failed on the packaged binaries"
fi

# --- docs in step with the code ------------------------------------------------------------------
man=$work/pelscope-cli.1
zcat "$root/usr/share/man/man1/pelscope-cli.1.gz" >"$man"
undocumented=()
for opt in $("$root/usr/bin/pelscope-cli" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
  grep -qF -- "${opt//-/\\-}" "$man" || undocumented+=("$opt")
done
[[ ${#undocumented[@]} -eq 0 ]] && pass "pelscope-cli.1 documents every option of --help" ||
  fail "pelscope-cli.1 does not document ${undocumented[*]}"
for page in pelscope pelscope-cli; do
  grep -q "^\.TH .* \"Pelscope $version\"" <<<"$(zcat "$root/usr/share/man/man1/$page.1.gz")" ||
    fail "$page.1: the .TH line does not say \"Pelscope $version\" (update resources/$page.1)"
done
release=$(grep -oP '<release version="\K[^"]+' "$root/usr/share/metainfo/$app_id.metainfo.xml" | head -1)
[[ $release == "$version" ]] && pass "metainfo's newest release is $version" ||
  fail "metainfo's newest <release> is '$release', not $version: add one to resources/$app_id.metainfo.xml"

if [[ $failures -gt 0 ]]; then
  echo "check-deb: $failures check(s) failed for $deb" >&2
  exit 1
fi
echo "check-deb: $deb passed"
