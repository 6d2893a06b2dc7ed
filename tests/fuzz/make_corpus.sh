#!/usr/bin/env bash
# Regenerates the seed corpora from a real redis-server (Debian's 7.0): the
# exact bytes it answers to the commands Pelscope sends, saved one reply (or
# one tick's worth of replies) per file. Run by hand; the files are committed.
set -euo pipefail
cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/corpus"
dir=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$dir" --daemonize yes --pidfile "$dir/pid" >/dev/null
trap 'kill "$(cat "$dir/pid")" 2>/dev/null; rm -rf "$dir"' EXIT
sleep 0.3
cli() { redis-cli -p "$port" "$@" >/dev/null; }

# A small incident: a group behind, pending entries, a dead consumer, binary values, a DLQ.
for i in $(seq 1 30); do cli XADD orders '*' n "$i" payload "$(printf 'v\xff%s' "$i")"; done
cli XGROUP CREATE orders ship 0
cli XGROUP CREATE orders audit '$'
cli XREADGROUP GROUP ship w1 COUNT 10 STREAMS orders '>'
cli XREADGROUP GROUP ship w2 COUNT 5 STREAMS orders '>'
cli XCLAIM orders ship w2 0 "$(redis-cli -p "$port" XRANGE orders - + COUNT 1 | head -1)"
for i in $(seq 1 5); do cli XADD orders:dlq '*' payload "{\"order\":$i}" category timeout reason "r$i" delivery_count 5 source_stream orders; done

# RESP for one command: the raw reply bytes, read until the server goes quiet.
raw() {
  local out=$1; shift
  local cmd="*$#\r\n" a
  for a in "$@"; do cmd+="\$${#a}\r\n$a\r\n"; done
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  printf '%b' "$cmd" >&3
  timeout 0.3 cat <&3 >"$out" || true
  exec 3<&-
}

raw resp/time TIME
raw resp/scan SCAN 0 MATCH '*' COUNT 200 TYPE stream
raw resp/xinfo_groups XINFO GROUPS orders
raw resp/xinfo_stream XINFO STREAM orders
raw resp/xinfo_consumers XINFO CONSUMERS orders ship
raw resp/xpending_summary XPENDING orders ship
raw resp/xpending_head XPENDING orders ship - + 20
raw resp/error XINFO GROUPS nope
raw dlq/xrange XRANGE orders:dlq - + COUNT 5
raw dlq/xrange_orders XRANGE orders - + COUNT 5
cat resp/time resp/xinfo_stream resp/xinfo_groups resp/xpending_head resp/xinfo_consumers resp/xpending_summary > probe/tick
cat resp/time resp/xinfo_stream resp/xinfo_groups resp/xpending_head resp/xpending_head > probe/tick2
cp resp/scan probe/scan

printf '%s' 'redis://user:secret@127.0.0.1:6379/2' > url/plain
printf '%s' 'rediss://:p@ss@host:6380?read_from=replica' > url/tls
printf '%s' 'unix:///run/redis/redis.sock?db=3' > url/unix
printf '%s' 'redis+sentinel://u:pw@h1:26379,[::1]:26380/mymaster/1?sentinel_password=s' > url/sentinel
printf 'oldest_idle_warn=60s\nlag_crit=10000\norders/ship:oldest_idle_crit=10m\nlag_unknown_warns=false\n512MB\n' > config/thresholds
echo "corpora written"
