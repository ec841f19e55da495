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
sys.exit(1 if failures else 0)
