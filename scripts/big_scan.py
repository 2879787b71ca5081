#!/usr/bin/env python3
"""A big board image for measuring the background pyramid (issue 45): a parchment
colour with a dark grid every 150 px, coloured patches that change every 1,024 rows
and a thin diagonal stripe, written as PNG (zlib level 1; `png-adam7`: interlaced) or as PPM on standard
output (pipe it into `cjpeg` for a JPEG). Rows are built from a few precomputed ones, so a
32,767 px square takes seconds, not minutes.

    scripts/big_scan.py png 32767 big.png
    scripts/big_scan.py png-adam7 32767 big-adam7.png
    scripts/big_scan.py ppm 32767 | cjpeg -quality 85 > big.jpg
"""
import struct
import sys
import zlib

PAPER = bytes((232, 220, 180))
LINE = bytes((60, 50, 40))
PATCHES = [bytes(c) for c in ((90, 150, 80), (70, 110, 190), (180, 160, 120), (120, 120, 110))]


def row(side, y):
    if y % 150 < 3:
        return LINE * side
    band = y // 1024
    patch = PATCHES[band % len(PATCHES)]
    cell = 150 * 4
    unit = bytearray(PAPER * cell)
    # A patch in every fourth cell, shifted per band.
    a, b = (band * 37) % 300, (band * 37) % 300 + 240
    unit[a * 3:b * 3] = patch * (b - a)
    for x in range(0, cell, 150):
        unit[x * 3:(x + 3) * 3] = LINE * 3
    out = (bytes(unit) * (side // cell + 1))[: side * 3]
    # The stripe: a few dark pixels moving one pixel a row.
    x = y % side
    out = out[: x * 3] + LINE * min(4, side - x) + out[(x + 4) * 3 :]
    return out[: side * 3]


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def png(side, path, interlaced=False):
    def chunk(kind, data):
        c = kind + data
        return struct.pack(">I", len(data)) + c + struct.pack(">I", zlib.crc32(c) & 0xFFFFFFFF)

    z = zlib.compressobj(1)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, int(interlaced))))
        pending = bytearray()
        passes = ADAM7 if interlaced else [(0, 0, 1, 1)]
        for x0, y0, dx, dy in passes:
            if x0 >= side or y0 >= side:
                continue
            for y in range(y0, side, dy):
                r = row(side, y)
                if dx > 1:
                    # Every dx-th pixel from x0: its three bytes.
                    r = b"".join(r[i : i + 3] for i in range(x0 * 3, side * 3, dx * 3))
                pending += b"\x00" + r
                if len(pending) > 8 << 20:
                    f.write(chunk(b"IDAT", z.compress(bytes(pending))))
                    pending.clear()
        f.write(chunk(b"IDAT", z.compress(bytes(pending)) + z.flush()))
        f.write(chunk(b"IEND", b""))


def ppm(side):
    out = sys.stdout.buffer
    out.write(b"P6\n%d %d\n255\n" % (side, side))
    for y in range(side):
        out.write(row(side, y))


if __name__ == "__main__":
    kind, side = sys.argv[1], int(sys.argv[2])
    if kind == "png":
        png(side, sys.argv[3])
    elif kind == "png-adam7":
        png(side, sys.argv[3], interlaced=True)
    else:
        ppm(side)
