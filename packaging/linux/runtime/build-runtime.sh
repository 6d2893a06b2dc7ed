#!/usr/bin/env bash
# Builds Pelscope's AppImage runtime (runtime.c beside this file) as one static
# ELF from Debian's packages: libsquashfuse-dev (squashfuse 0.1.105's static
# libsquashfuse_ll.a, which reads the image and serves it over FUSE),
# libfuse3-dev (libfuse3.a), and the decompressors libsquashfuse was built with
# (zstd, zlib, xz, lz4, lzo). No download. Then marks it as an AppImage type 2
# runtime ("AI" 0x02 at offset 8, in the ELF identification's padding).
#
# With NOTICES, also copies there the copyright file of every Debian package whose
# library is linked in (glibc's included), for the AppImage to carry them.
#
# Usage: build-runtime.sh OUT [VERSION [NOTICES]]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:?usage: build-runtime.sh OUT [VERSION [NOTICES]]}
version=${2:-unknown}
notices=${3:-}
lib=/usr/lib/$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
for need in "$lib/libsquashfuse_ll.a:libsquashfuse-dev" "$lib/libfuse3.a:libfuse3-dev" "$lib/libzstd.a:libzstd-dev" \
            "$lib/liblz4.a:liblz4-dev" "$lib/liblzo2.a:liblzo2-dev" "$lib/liblzma.a:liblzma-dev" "$lib/libz.a:zlib1g-dev"; do
  [[ -f ${need%%:*} ]] || { echo "build-runtime: ${need%%:*} missing (Debian: ${need##*:}; ./dev deps installs it)" >&2; exit 1; }
done
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# -static: the runtime runs before anything of the image is there, on any glibc.
# The one linker warning (libfuse's module loader uses dlopen) concerns a code path FUSE
# options this runtime never passes would take; it is filtered, everything else is shown.
gcc -std=gnu11 -O2 -Wall -Wextra -Werror -static -s -DPELSCOPE_RUNTIME_VERSION="\"$version\"" -I/usr/include/squashfuse \
  "$here/runtime.c" "$lib/libsquashfuse_ll.a" "$lib/libfuse3.a" "$lib/libzstd.a" "$lib/libz.a" "$lib/liblzma.a" "$lib/liblz4.a" \
  "$lib/liblzo2.a" -lpthread -o "$tmp" 2> >(grep -v -e "Using 'dlopen' in statically linked" -e "in function \`fuse_get_module'" >&2)
printf 'AI\002' | dd of="$tmp" bs=1 seek=8 count=3 conv=notrunc status=none
install -m 0755 "$tmp" "$out"
if [[ -n $notices ]]; then
  mkdir -p "$notices"
  for archive in "$lib/libsquashfuse_ll.a" "$lib/libfuse3.a" "$lib/libzstd.a" "$lib/libz.a" "$lib/liblzma.a" "$lib/liblz4.a" \
                 "$lib/liblzo2.a" "$lib/libc.a"; do
    package=$(dpkg -S "$archive" 2>/dev/null | head -n1 | cut -d: -f1)
    [[ -n $package && -f /usr/share/doc/$package/copyright ]] || { echo "build-runtime: no copyright file for $archive" >&2; exit 1; }
    cp "/usr/share/doc/$package/copyright" "$notices/$package.copyright"
  done
fi
