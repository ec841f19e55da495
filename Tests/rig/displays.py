"""The rig's small-display checks: the SMBus writes the kernel traced while `mihrab display
--show` drove i2c-stub at 0x3C (SSD1306) and 0x27 (PCF8574 + HD44780), replayed here against
each chip's datasheet, independently of our Swift emulators, and compared with what the same
driver drew into those emulators (the PNG, the LCD's text)."""
import re, struct, zlib

LINE = re.compile(r"smbus_write: i2c-\d+ a=([0-9a-f]+) f=[0-9a-f]+ c=([0-9a-f]+) (\w+) l=(\d+) \[([0-9a-f-]*)\]")

def transactions(trace, address):
    """Each traced write to `address` as the bytes on the wire after the address byte."""
    out = []
    for m in LINE.finditer(trace):
        if int(m.group(1), 16) != address:
            continue
        c, proto, data = int(m.group(2), 16), m.group(3), m.group(5)
        body = [int(x, 16) for x in data.split("-")] if data else []
        # The tracepoint copies a block transfer's buffer with its count byte first.
        if proto in ("I2C_BLOCK_DATA", "BLOCK_DATA"): body = body[1:1 + body[0]] if body else []
        out.append([c] + (body if proto in ("BYTE_DATA", "WORD_DATA", "I2C_BLOCK_DATA", "BLOCK_DATA") else []))
    return out

# SSD1306 datasheet (rev 1.1) command table: argument bytes of each multi-byte command.
ARGS = {0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0x8D: 1,
        0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2}

def ssd1306(writes, width=128, pages=8):
    """Replays control-byte framed writes: returns (commands in order, GDDRAM as pages x width)."""
    ram = [[0] * width for _ in range(pages)]
    mode, col, page, c0, c1, p0, p1 = 2, 0, 0, 0, width - 1, 0, pages - 1
    commands = []
    for w in writes:
        control, body = w[0], w[1:]
        if control == 0x00:
            i = 0
            while i < len(body):
                op = body[i]
                n = ARGS.get(op, 0)
                args = body[i + 1:i + 1 + n]
                commands.append([op] + args)
                i += 1 + n
                if op == 0x20 and args: mode = args[0] & 3
                elif op == 0x21 and len(args) == 2: c0, c1, col = args[0], args[1], args[0]
                elif op == 0x22 and len(args) == 2: p0, p1, page = args[0] & 7, args[1] & 7, args[0] & 7
                elif 0xB0 <= op <= 0xB7: page = op & 7
                elif op <= 0x0F and mode == 2: col = (col & 0xF0) | op
                elif 0x10 <= op <= 0x1F and mode == 2: col = (col & 0x0F) | ((op & 0xF) << 4)
        elif control == 0x40:
            for b in body:
                if col < width: ram[page][col] = b
                if mode == 0:  # horizontal: column, then page, within the ranges
                    col += 1
                    if col > c1:
                        col = c0; page = p0 if page >= p1 else page + 1
                elif mode == 2:
                    col = min(col + 1, width - 1)
    return commands, ram

def png_pixels(data):
    """An 8-bit RGB PNG without filters beyond 'none' (ours) as rows of (r, g, b)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    i, idat, w, h = 8, b"", 0, 0
    while i < len(data):
        n, kind = struct.unpack(">I4s", data[i:i + 8])
        body = data[i + 8:i + 8 + n]
        if kind == b"IHDR": w, h = struct.unpack(">II", body[:8])
        if kind == b"IDAT": idat += body
        i += 12 + n
    raw = zlib.decompress(idat)
    rows, stride = [], 1 + 3 * w
    for y in range(h):
        r = raw[y * stride + 1:(y + 1) * stride]
        rows.append([tuple(r[3 * x:3 * x + 3]) for x in range(w)])
    return w, h, rows

def hd44780(writes, columns=20, rows=4):
    """PCF8574 port bytes (P0 RS, P1 RW, P2 E, P3 backlight, P4-P7 D4-D7) through an HD44780
    that powers up in 8-bit mode (datasheet figure 24): returns (first nibbles, text rows)."""
    ddram = [0x20] * 0x80
    eight, high, ac, inc, nibbles, prev = True, None, 0, 1, [], 0
    def instruction(rs, v):
        nonlocal eight, ac, inc
        if rs:
            ddram[ac & 0x7F] = v; ac = (ac + inc) & 0x7F
        elif v & 0x80: ac = v & 0x7F
        elif v & 0x40: pass  # CGRAM address: the glyph's bytes follow (not followed here)
        elif v & 0x20: eight = bool(v & 0x10)
        elif v & 0x04 and not v & 0x08: inc = 1 if v & 0x02 else -1
        elif v == 0x01: ddram[:] = [0x20] * 0x80; ac = 0; inc = 1
        elif v & 0xFE == 0x02: ac = 0
    cg = False
    for w in writes:
        for b in w:
            if prev & 0x04 and not b & 0x04 and not prev & 0x02:  # E falling, write
                n, rs = prev >> 4, prev & 1
                nibbles.append(n)
                if eight:
                    instruction(rs, n << 4)
                elif high is None:
                    high = n
                else:
                    v = high << 4 | n; high = None
                    if not rs: cg = bool(v & 0x40) and not v & 0x80
                    if rs and cg: continue
                    instruction(rs, v)
            prev = b
    starts = [0x00, 0x40, 0x14, 0x54] if columns == 20 else [0x00, 0x40, 0x10, 0x50]
    text = ["".join(rom(c) for c in ddram[s:s + columns]) for s in starts[:rows]]
    return nibbles, text

A00_HIGH = "αäβεμσρg√¹jˣ¢£ñöpqθ∞ΩüΣπxy千万円÷ █"

def rom(c):
    """An A00 ROM code as the character a person sees (as `mihrab display` prints the LCD):
    custom glyphs 0-7 as circled digits, ¥ at 0x5C, arrows at 0x7E-0x7F, katakana 0xA1-0xDF."""
    if c <= 0x0F: return "\u24ea" if c & 7 == 0 else chr(0x2460 + (c & 7) - 1)
    if c == 0x5C: return "¥"
    if c == 0x7E: return "→"
    if c == 0x7F: return "←"
    if 0x20 <= c <= 0x7D: return chr(c)
    if 0xA1 <= c <= 0xDF: return chr(0xFF61 + c - 0xA1)
    if c >= 0xE0: return A00_HIGH[c - 0xE0]
    return " "

def check_displays(check, read, d):
    for i, name in ((0, "ssd1306 at 0x3c"), (1, "hd44780-pcf8574 at 0x27")):
        check(f"mihrab display --show exits 0 for the {name}", read(f"display-{i}.rc").strip() == "0",
              f"rc {read(f'display-{i}.rc').strip()}: {read(f'display-{i}.err')[-300:]}")
    oled = transactions(read("display-0.trace"), 0x3C)
    check("the OLED's writes reached i2c-stub as SMBus I2C-block writes of at most 32 data bytes",
          len(oled) > 10 and all(len(w) <= 33 for w in oled), f"{len(oled)} writes")
    commands, ram = ssd1306(oled)
    flat = [b for c in commands for b in c]
    # SSD1306 application note's power-up order: off, clock, multiplex, offset, start line, charge pump.
    init = [0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0x8D, 0x14]
    check("the OLED's commands begin with the datasheet's power-up sequence, charge pump on, and end lit (0xAF)",
          flat[:len(init)] == init and 0xAF in flat, " ".join(f"{b:02x}" for b in flat[:24]))
    try:
        w, h, rows = png_pixels(open(f"{d}/display-0.png", "rb").read())
        scale = w // 128
        seen = [[sum(rows[y * scale + scale // 2][x * scale + scale // 2]) > 300 for x in range(128)] for y in range(64)]
    except (OSError, AssertionError, zlib.error, struct.error, IndexError, ZeroDivisionError) as e:
        seen, w, h = None, 0, 0
    sent = [[bool(ram[y // 8][x] >> (y % 8) & 1) for x in range(128)] for y in range(64)]
    lit = sum(map(sum, sent))
    check("the OLED's RAM replayed from the kernel's trace is the picture the emulator rendered (every pixel)",
          seen is not None and seen == sent and lit > 200,
          f"png {w}x{h}; lit {lit}; differing {None if seen is None else sum(a != b for r1, r2 in zip(seen, sent) for a, b in zip(r1, r2))}")
    dump = read("dump-3c.txt").splitlines()
    regs = {}
    for line in dump[1:]:
        parts = line.split()
        if parts and parts[0].endswith(":"):
            base = int(parts[0][:-1], 16)
            for k, v in enumerate(parts[1:17]):
                regs[base + k] = int(v, 16) if re.fullmatch(r"[0-9a-f]{2}", v) else None
    last = next((w for w in reversed(oled) if w[0] == 0x40), [0x40])
    check("i2c-stub's register file at 0x3C holds the last data write from 0x40 on (read back with i2cdump)",
          len(last) > 1 and all(regs.get(0x40 + k) == b for k, b in enumerate(last[1:])), f"{last[:8]} vs {[regs.get(0x40 + k) for k in range(8)]}")

    lcd = transactions(read("display-1.trace"), 0x27)
    check("the LCD backpack's writes reached i2c-stub (SMBus byte writes)", len(lcd) > 50 and all(len(w) <= 2 for w in lcd), f"{len(lcd)} writes")
    nibbles, text = hd44780(lcd)
    check("the LCD's initialisation by instruction: nibbles 3, 3, 3, then 2 (4-bit), from 8-bit mode",
          nibbles[:4] == [3, 3, 3, 2], str(nibbles[:8]))
    shown = [l.rstrip("\n") for l in read("display-1.out").splitlines()][:4]
    check("the LCD's DDRAM replayed from the kernel's trace reads as the emulator's text, row by row",
          len(shown) == 4 and [t.rstrip() for t in text] == [s.rstrip() for s in shown] and any(t.strip() for t in text),
          f"trace {text} emulator {shown}")
