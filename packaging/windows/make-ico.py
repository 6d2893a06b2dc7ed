#!/usr/bin/env python3
"""Pack PNG files into one .ico (PNG-compressed entries, read by Windows Vista and later).

Usage: make-ico.py OUTPUT.ico INPUT.png...   (sizes up to 256x256, one entry per input)
"""
import struct
import sys


def png_size(data: bytes, name: str) -> tuple[int, int]:
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        sys.exit(f"make-ico: {name} is not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    if width > 256 or height > 256:
        sys.exit(f"make-ico: {name} is {width}x{height}; an icon entry is at most 256x256")
    return width, height


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        sys.exit(__doc__)
    images = []
    for name in argv[2:]:
        with open(name, "rb") as f:
            data = f.read()
        images.append((png_size(data, name), data))

    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, payload = b"", b""
    for (width, height), data in images:
        # 0 stands for 256 in the one-byte size fields.
        entries += struct.pack("<BBBBHHII", width % 256, height % 256, 0, 0, 1, 32, len(data), offset)
        payload += data
        offset += len(data)
    with open(argv[1], "wb") as f:
        f.write(header + entries + payload)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
