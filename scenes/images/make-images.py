#!/usr/bin/env python3
"""Draws the scenes' pictures and writes them as PNG files next to this script.

Standard library only: zlib and struct are enough to write a PNG (signature, IHDR, one IDAT of
filter-0 rows, IEND). Every shape is drawn with 4x4 supersampling so edges stay smooth at the
terminal's half-block resolution. Run it again after changing a picture:

    python3 scenes/images/make-images.py

The output is deterministic: the same script always writes the same bytes.
"""
import math
import os
import struct
import zlib

SIZE = 50          # pixels per side; an image item with no `size` is 50 x 50 pt (1 px = 1 pt)
SAMPLES = 4        # supersampling per axis


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png_bytes(width, height, pixels):
    """pixels: a list of rows, each a list of (r, g, b, a) tuples of 0...255."""
    raw = bytearray()
    for row in pixels:
        raw.append(0)  # filter type 0 (none)
        for r, g, b, a in row:
            raw += bytes((r, g, b, a))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA, no interlace
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def render(shade):
    """shade(x, y) -> (r, g, b, a) for a point in 0..1 coordinates, or None (transparent)."""
    rows = []
    for py in range(SIZE):
        row = []
        for px in range(SIZE):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px + (sx + 0.5) / SAMPLES) / SIZE
                    y = (py + (sy + 0.5) / SAMPLES) / SIZE
                    c = shade(x, y)
                    if c is not None:
                        a = c[3] / 255.0
                        acc[0] += c[0] * a
                        acc[1] += c[1] * a
                        acc[2] += c[2] * a
                        acc[3] += a
            n = SAMPLES * SAMPLES
            alpha = acc[3] / n
            if alpha == 0:
                row.append((0, 0, 0, 0))
            else:  # straight (not premultiplied) color, as PNG stores it
                row.append(tuple(round(acc[i] / acc[3]) for i in range(3)) + (round(alpha * 255),))
        rows.append(row)
    return rows


def smiley(x, y):
    dx, dy = x - 0.5, y - 0.5
    r = math.hypot(dx, dy)
    if r > 0.48:
        return None
    if r > 0.43:
        return (40, 30, 0, 255)                        # outline
    for ex in (0.35, 0.65):                            # eyes
        if math.hypot((x - ex) / 0.6, y - 0.38) < 0.06:
            return (40, 30, 0, 255)
    mouth = math.hypot(dx, dy + 0.05)                  # a smile: the lower part of a ring
    if 0.22 < mouth < 0.29 and y > 0.55:
        return (40, 30, 0, 255)
    return (255, 210, 40, 255)                         # yellow face


def star(x, y):
    # A five-pointed star: inside when the polar radius is below the star's edge at that angle.
    dx, dy = x - 0.5, y - 0.53
    r = math.hypot(dx, dy)
    theta = math.atan2(dx, -dy)                        # 0 points up
    sector = 2 * math.pi / 5
    t = (theta % sector) / sector                      # 0 at a tip, 0.5 between tips
    outer, inner = 0.47, 0.19
    d = abs(t - 0.5) * 2                               # 1 at a tip, 0 between tips
    edge = inner + (outer - inner) * d ** 1.6
    if r > edge:
        return None
    if r > edge - 0.05:
        return (150, 60, 0, 255)                       # darker rim
    return (255, 160, 0, 255)                          # orange


def gradient(x, y):
    # Red at the top left to blue at the bottom right, through magenta; a white diagonal stripe
    # shows rotation and scaling clearly.
    t = (x + y) / 2
    if abs(x - y) < 0.06:
        return (255, 255, 255, 255)
    return (round(255 * (1 - t)), 40, round(255 * t), 255)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for name, shade in (("smiley", smiley), ("star", star), ("gradient", gradient)):
        path = os.path.join(here, name + ".png")
        with open(path, "wb") as f:
            f.write(png_bytes(SIZE, SIZE, render(shade)))
        print(path, os.path.getsize(path), "bytes")


if __name__ == "__main__":
    main()
