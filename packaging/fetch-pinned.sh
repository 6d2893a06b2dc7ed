#!/usr/bin/env bash
# Downloads one pinned release-workflow tool and checks its SHA-256.
#   fetch-pinned.sh URL SHA256 OUTPUT
# The digest is always printed. With an empty SHA256 the download is accepted with a workflow
# warning that shows the digest to pin; with a SHA256 a mismatch fails. packaging/README.md
# says where the pinned values come from.
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: fetch-pinned.sh URL SHA256 OUTPUT" >&2; exit 2; }
url=$1 want=${2,,} out=$3
tmp=$out.part
rm -f "$tmp"
curl --fail --location --silent --show-error --retry 3 --output "$tmp" "$url"
got=$(sha256sum "$tmp" | cut -d' ' -f1)
echo "fetch-pinned: $(basename "$out"): sha256 $got ($url)"
if [[ -z $want ]]; then
  echo "::warning title=unpinned download::$(basename "$out") is not pinned; its sha256 is $got ($url)"
elif [[ $got != "$want" ]]; then
  rm -f "$tmp"
  echo "::error title=checksum mismatch::$(basename "$out"): expected sha256 $want, got $got ($url)" >&2
  exit 1
fi
mv "$tmp" "$out"
