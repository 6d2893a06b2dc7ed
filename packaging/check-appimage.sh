#!/usr/bin/env bash
# Checks a built Pelscope AppImage as a user runs it, with an empty environment:
# the runtime's own options, --self-test and pelscope-cli against a real
# redis-server (extracted, and mounted with FUSE where /dev/fuse can be used),
# --help naming pelscope-cli, and nothing left behind in the temporary directory.
#
# Usage: check-appimage.sh APPIMAGE VERSION RUNTIME_SIZE UPDATE_INFORMATION
set -euo pipefail
appimage=$(readlink -f "${1:?usage: check-appimage.sh APPIMAGE VERSION RUNTIME_SIZE UPDATE_INFORMATION}")
version=${2:?} runtime_size=${3:?} update=${4:?}
fail() { echo "check-appimage: FAIL: $*" >&2; exit 1; }
ok() { echo "check-appimage: ok: $*"; }

[[ -x $appimage ]] || fail "$appimage is not executable"
[[ $(head -c 11 "$appimage" | tail -c 3 | od -An -c | tr -d ' ') == 'AI002' ]] || fail "no AppImage type 2 magic at offset 8"
[[ $("$appimage" --appimage-offset) == "$runtime_size" ]] || fail "--appimage-offset is not the runtime's size ($runtime_size)"
[[ $("$appimage" --appimage-updateinformation) == "$update" ]] || fail "update information: $("$appimage" --appimage-updateinformation)"
ok "type 2 layout, image at $runtime_size, update information '$update'"

work=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
cleanup() {
  if [[ -f $work/redis.pid ]]; then kill "$(cat "$work/redis.pid")" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
mkdir "$work/tmp" "$work/home"
mkdir -m 0700 "$work/run"
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" --pidfile "$work/redis.pid" --daemonize yes >/dev/null
for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
redis-cli -p "$port" XADD 'orders' '*' id 1 >/dev/null
redis-cli -p "$port" XGROUP CREATE orders fulfillment 0 >/dev/null

# Everything as from a desktop launcher with nothing else set up: env -i, but for the session's
# runtime directory (without one Qt makes $TMPDIR/runtime-<user>, which would hide what the
# runtime itself leaves there).
run() { env -i HOME="$work/home" TMPDIR="$work/tmp" XDG_RUNTIME_DIR="$work/run" QT_QPA_PLATFORM=offscreen "$@"; }
# check_mode NAME WHERE [VAR=value...]: WHERE is what the path Qt's plugins came from must
# hold (the mount point or the extracted tree), so a mode that fell back to another shows.
check_mode() {
  local mode=$1 where=$2; shift 2
  local out
  out=$(run "$@" "$appimage" "${modeargs[@]}" --self-test 2>&1) || fail "$mode: --self-test failed: $out"
  grep -q "$version" <<<"$out" || fail "$mode: --self-test does not name version $version: $out"
  grep -q "^qt plugins .*$where" <<<"$out" || fail "$mode: Qt's plugins did not come from $where: $(grep '^qt plugins' <<<"$out")"
  out=$(run "$@" "$appimage" "${modeargs[@]}" --cli --version 2>&1) || fail "$mode: --cli --version: $out"
  out=$(run "$@" "$appimage" "${modeargs[@]}" --cli --help 2>&1) || fail "$mode: --cli --help: $out"
  [[ $(head -n1 <<<"$out") == "Usage: pelscope-cli "* ]] || fail "$mode: --help starts '$(head -n1 <<<"$out")', not 'Usage: pelscope-cli'"
  out=$(run "$@" "$appimage" "${modeargs[@]}" --cli snapshot --url "redis://127.0.0.1:$port" 2>&1) || fail "$mode: --cli snapshot: $out"
  grep -q 'fulfillment' <<<"$out" || fail "$mode: snapshot does not show the group: $out"
  # A FUSE mount ends when the program does: give its server a moment to unmount.
  for _ in $(seq 50); do [[ -z $(ls -A "$work/tmp") ]] && break; sleep 0.1; done
  [[ -z $(ls -A "$work/tmp") ]] || fail "$mode: left behind in TMPDIR: $(ls -A "$work/tmp")"
  ok "$mode: --self-test, --cli --version, --help (Usage: pelscope-cli), snapshot of a real redis-server; TMPDIR clean"
}
modeargs=(--appimage-extract-and-run)
check_mode "extract and run" /appimage_extracted_pelscope_
modeargs=()
check_mode "no FUSE (falls back to extracting)" /appimage_extracted_pelscope_ APPIMAGE_EXTRACT_AND_RUN=1
if [[ -w /dev/fuse && ( $(id -u) -eq 0 || -n $(command -v fusermount3) ) ]]; then
  modeargs=()
  check_mode "FUSE mount" /.mount_Pelscope
  ! grep -q "$work/tmp/.mount_" /proc/mounts || fail "FUSE: the image is still mounted after the program ended"
  ok "FUSE: unmounted when the program ended"
else
  echo "check-appimage: skipped: FUSE mode (/dev/fuse is not usable by $(id -un) here)"
fi
