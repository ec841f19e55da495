#!/usr/bin/env python3
"""Writes FontData.swift (the small displays' bitmap fonts) from X.Org misc-fixed BDF files.

Run from the repository root (python3, standard library only):

    python3 Sources/Panels/Fonts/make-fonts.py small=path/to/5x7.bdf medium=path/to/7x13B.bdf \
        large=path/to/10x20.bdf -o Sources/Panels/Fonts/FontData.swift

(without -o the Swift goes to standard output). Each argument is NAME=PATH; NAME becomes
`FontData.Name` (capitalised). Kept per font: ASCII 0x20-0x7E, and U+00B0 (degree), U+2190
and U+2192 (left and right arrows) when the font has them.

The BDF files are not in this repository (each is over 100 KB). They come from the X.Org
misc-misc fonts, https://gitlab.freedesktop.org/xorg/font/misc-misc (GitHub mirror
freedesktop/xorg-font-misc-misc, commit 253c448dbbe0a56c3099d745befac822966764ce), files
5x7.bdf, 7x13B.bdf and 10x20.bdf at the top level (git blobs 06cde34a8e6b, 2ef2a388bc89 and
c6a26a08a4f6; 195, 125 and 975 KB). The output depends only on those files. That repository's
COPYING reads "Public domain font.  Share and enjoy.", and so does each file's COPYRIGHT property.

Data layout (see BitmapFont.swift): glyph i has code codes[i]; metrics[5i..<5i+5] = advance,
bitmap width, bitmap height, x offset, y offset of the bitmap's bottom row above the baseline
(the BDF's DWIDTH and BBX, the blank rows above and below trimmed); its rows are
rows[starts[i]..<starts[i+1]], top row first, one UInt16 each, bit 15 the leftmost pixel.
"""

import argparse
import os
import sys

EXTRAS = (0x00B0, 0x2190, 0x2192)
WANTED = set(range(0x20, 0x7F)) | set(EXTRAS)


def parse_bdf(path):
    """The font's properties and its wanted glyphs: {code: (advance, w, h, xoff, yoff, rows)}."""
    props, glyphs = {}, {}
    with open(path, encoding="latin-1") as f:
        lines = iter(f.read().splitlines())
    in_props = False
    for line in lines:
        key, _, rest = line.partition(" ")
        if key == "STARTPROPERTIES":
            in_props = True
        elif key == "ENDPROPERTIES":
            in_props = False
        elif in_props:
            props[key] = rest.strip()
        elif key == "STARTCHAR":
            code, advance, bbx, bitmap = None, None, None, []
            for line in lines:
                key, _, rest = line.partition(" ")
                if key == "ENCODING":
                    code = int(rest.split()[0])
                elif key == "DWIDTH":
                    advance = int(rest.split()[0])
                elif key == "BBX":
                    bbx = [int(v) for v in rest.split()]
                elif key == "BITMAP":
                    for line in lines:
                        if line.startswith("ENDCHAR"):
                            break
                        bitmap.append(line.strip())
                    break
            if code in WANTED:
                if advance is None or bbx is None:
                    sys.exit(f"{path}: glyph {code} lacks DWIDTH or BBX")
                glyphs[code] = glyph(path, code, advance, bbx, bitmap)
    return props, glyphs


def glyph(path, code, advance, bbx, bitmap):
    w, h, xoff, yoff = bbx
    if w > 16 or len(bitmap) != h:
        sys.exit(f"{path}: glyph {code}: {w} wide (16 at most) or {len(bitmap)} rows for {h}")
    rows = []
    for hexrow in bitmap:
        bits = len(hexrow) * 4
        value = int(hexrow, 16) if hexrow else 0
        # BDF rows are padded to whole bytes, the leftmost pixel the top bit: keep w columns.
        value >>= bits - w
        rows.append((value << (16 - w)) & 0xFFFF)
    while rows and rows[0] == 0:  # blank rows above: the box gets shorter from the top
        rows.pop(0)
    while rows and rows[-1] == 0:  # blank rows below: the bottom moves up
        rows.pop()
        yoff += 1
    if not rows:
        w, xoff, yoff = 0, 0, 0
    return (advance, w, len(rows), xoff, yoff, rows)


def quoted(s):
    return s[1:-1].replace('""', '"') if len(s) >= 2 and s[0] == s[-1] == '"' else s


def swift_font(name, path, props, glyphs):
    codes = sorted(glyphs)
    metrics, starts, rows = [], [0], []
    for c in codes:
        advance, w, h, xoff, yoff, bitmap = glyphs[c]
        metrics.append((advance, w, h, xoff, yoff))
        rows.extend(bitmap)
        starts.append(len(rows))
    out = [f"    /// {os.path.basename(path)}: {quoted(props.get('FAMILY_NAME', ''))} "
           f"{quoted(props.get('WEIGHT_NAME', ''))}, {props.get('PIXEL_SIZE', '?')} px.",
           f"    enum {name[0].upper() + name[1:]} {{",
           f"        static let ascent: Int = {int(props['FONT_ASCENT'])}",
           f"        static let descent: Int = {int(props['FONT_DESCENT'])}",
           "        static let codes: [UInt32] = ["]
    for i in range(0, len(codes), 12):
        out.append("            " + " ".join(f"0x{c:04X}," for c in codes[i:i + 12]))
    out.append("        ]")
    out.append("        /// advance, width, height, x offset, y offset (of the bottom row), per glyph.")
    out.append("        static let metrics: [Int8] = [")
    for c, m in zip(codes, metrics):
        label = {0x20: "space", 0x5C: "backslash"}.get(c, chr(c))
        out.append(f"            {', '.join(str(v) for v in m)},  // {label}")
    out.append("        ]")
    out.append("        static let starts: [UInt16] = [")
    for i in range(0, len(starts), 16):
        out.append("            " + " ".join(f"{s}," for s in starts[i:i + 16]))
    out.append("        ]")
    out.append("        static let rows: [UInt16] = [")
    for c, i in zip(codes, range(len(codes))):
        chunk = rows[starts[i]:starts[i + 1]]
        if chunk:
            out.append("            " + " ".join(f"0x{r:04X}," for r in chunk))
    out.append("        ]")
    out.append("    }")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("fonts", nargs="+", metavar="NAME=PATH")
    ap.add_argument("-o", "--output", help="the Swift file (default: standard output)")
    args = ap.parse_args()

    fonts, notices = [], []
    for spec in args.fonts:
        name, sep, path = spec.partition("=")
        if not sep or not name.isidentifier():
            sys.exit(f"{spec}: expected NAME=PATH")
        props, glyphs = parse_bdf(path)
        missing = [f"0x{c:02X}" for c in range(0x20, 0x7F) if c not in glyphs]
        if missing:
            sys.exit(f"{path}: no glyph for {', '.join(missing)}")
        for key in ("FONT_ASCENT", "FONT_DESCENT"):
            if key not in props:
                sys.exit(f"{path}: no {key} property")
        fonts.append((name, path, props, glyphs))
        notices.append(f"// {os.path.basename(path)}: COPYRIGHT \"{quoted(props.get('COPYRIGHT', '(none)'))}\"")

    files = " ".join(os.path.basename(p) for _, p, _, _ in fonts)
    lines = [f"// generated by make-fonts.py from {files}; the X.Org misc-fixed fonts are in the public domain.",
             *notices,
             "// Do not edit: run Sources/Panels/Fonts/make-fonts.py (its header says how).",
             "",
             "/// The glyph tables BitmapFont reads (layout: make-fonts.py's header).",
             "enum FontData {"]
    for i, (name, path, props, glyphs) in enumerate(fonts):
        if i:
            lines.append("")
        lines.extend(swift_font(name, path, props, glyphs))
    lines.append("}")
    text = "\n".join(lines) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
