#!/usr/bin/env python3
"""Judges the rig guest's results on the host. Exit 0 when every check passes."""
import json, sys, os

d = sys.argv[1]
failures = 0
def check(name, ok, detail=""):
    global failures
    print(f"rig: {'PASS' if ok else 'FAIL'} {name}" + (f" ({detail})" if detail and not ok else ""))
    failures += 0 if ok else 1

def read(name):
    try:
        return open(os.path.join(d, name)).read()
    except OSError:
        return ""

check("i2c-stub adapter present", "SMBus stub driver" in read("adapter"), read("adapter"))
rc = read("sensors.rc").strip()
check("mihrab sensors exits 0 on the real i2c-dev path", rc == "0", f"rc {rc}: {read('sensors.err')[-300:]}")
try:
    doc = json.loads(read("sensors.json"))
except ValueError:
    doc = {"chips": []}
chips = {c["chip"]: c for c in doc.get("chips", [])}
for chip, addr in (("qmc5883l", "0x0d"), ("hmc5883l", "0x1e")):
    c = chips.get(chip)
    check(f"{chip} detected at {addr}", c is not None and c.get("address") == addr, str(list(chips)))
    r = (c or {}).get("reading") or [0, 0, 0]
    ok = all(abs(a - b) < 0.05 for a, b in zip(r, (20, -10, 45)))
    check(f"{chip} reads the preloaded field 20, -10, 45 uT (SMBus transfers)", ok, str(r))
# gpio-sim: selftest passes, and every line went on and off, one at a time, in the board's order.
rc = read("selftest.rc").strip()
check("mihrab selftest passes on the rig board (libgpiod, lines by name, chip by label)", rc == "0",
      f"rc {rc}: {read('selftest.json')[-400:]} {read('selftest.err')[-300:]}")
states = [l.strip() for l in read("gpio.log").splitlines() if l.strip()]
# The buzzer (line 9) is active-low: its pin is high when off. Logical = pin, inverted there.
def logical(s):
    return s[:9] + ("0" if s[9] == "1" else "1")
seq = [logical(s) for s in states]
lit = [s.index("1") for s in seq if s.count("1") == 1]
order_ok = lit == list(range(10)) and all(s.count("1") <= 1 for s in seq)
check("each output line went on and off in turn, in the board's order (host-visible sim_gpio values)", order_ok,
      f"states {states}")
check("every output low at the end", bool(seq) and seq[-1] == "0" * 10, f"last {seq[-1] if seq else None}")
err = read("badline.err").strip().splitlines()
errs = [l for l in err if l.startswith("mihrab: ")]
check("a wrong line name in the board file: one line naming it, exit 69",
      read("badline.rc").strip() == "69" and len(errs) == 1 and "NO_SUCH_LINE" in errs[0], f"{read('badline.rc')} {err}")
sys.exit(1 if failures else 0)
