#!/usr/bin/env python3
"""Writes the AppImage update information into the runtime's .upd_info section.

Usage: set-update-info.py RUNTIME TEXT

The section (1024 bytes, zero-filled, made by runtime.c) is overwritten in place, so
nothing else in the file moves; TEXT is what AppImageUpdate reads, e.g.
gh-releases-zsync|OWNER|REPO|latest|Pelscope-*x86_64.AppImage.zsync
"""
import struct
import sys


def section(data, name):
    """(offset, size) of the ELF64 little-endian section called `name`."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        sys.exit("set-update-info: not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    def header(i):
        # sh_name, sh_type, sh_flags, sh_addr, sh_offset, sh_size
        return struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize)
    strtab = header(shstrndx)[4]
    for i in range(shnum):
        name_off, _, _, _, offset, size = header(i)
        end = data.index(b"\0", strtab + name_off)
        if data[strtab + name_off:end] == name:
            return offset, size
    sys.exit(f"set-update-info: no {name.decode()} section")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    path, text = sys.argv[1], sys.argv[2].encode()
    with open(path, "r+b") as f:
        data = f.read()
        offset, size = section(data, b".upd_info")
        if len(text) >= size:
            sys.exit(f"set-update-info: {len(text)} bytes do not fit the {size}-byte section")
        f.seek(offset)
        f.write(text + b"\0" * (size - len(text)))


main()
