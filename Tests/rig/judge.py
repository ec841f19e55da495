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

def funcs(name):
    """busybox i2cdetect -F, lower-cased: {"i2c block read": True, "smbus read byte": ..., ...}"""
    out = {}
    for line in read(name).splitlines():
        parts = line.rsplit(None, 1)
        if len(parts) == 2 and parts[1] in ("yes", "no"):
            out[parts[0].strip().lower()] = parts[1] == "yes"
    return out

# Each SMBus path the backend has, against the kernel: I2C block reads where the adapter
# has them, byte by byte (read-byte-data, then receive-byte) where it has not.
for suffix, transfer, block in (("", "smbus-block", True), ("-byte", "smbus-byte", False)):
    f = funcs(f"funcs{suffix}.txt")
    check(f"[{transfer}] the adapter {'offers' if block else 'lacks'} I2C block reads, and has byte data",
          f.get("i2c block read") is block and f.get("i2c") is False
          and any(v for k, v in f.items() if k.startswith("smbus read byte")),
          read(f"funcs{suffix}.txt")[-400:])
    rc = read(f"sensors{suffix}.rc").strip()
    check(f"[{transfer}] mihrab sensors exits 0 on the real i2c-dev path", rc == "0",
          f"rc {rc}: {read(f'sensors{suffix}.err')[-300:]}")
    try:
        doc = json.loads(read(f"sensors{suffix}.json"))
    except ValueError:
        doc = {"chips": []}
    check(f"[{transfer}] mihrab drives the adapter with {transfer} transfers", doc.get("transfer") == transfer,
          str(doc.get("transfer")))
    chips = {c["chip"]: c for c in doc.get("chips", [])}
    for chip, addr in (("qmc5883l", "0x0d"), ("hmc5883l", "0x1e")):
        c = chips.get(chip)
        check(f"[{transfer}] {chip} detected at {addr}", c is not None and c.get("address") == addr, str(list(chips)))
        r = (c or {}).get("reading") or [0, 0, 0]
        ok = all(abs(a - b) < 0.05 for a, b in zip(r, (20, -10, 45)))
        check(f"[{transfer}] {chip} reads the preloaded field 20, -10, 45 uT", ok, str(r))
# The small displays, through i2c-dev into i2c-stub (Tests/rig/displays.py).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import displays
displays.check_displays(check, read, d)

# gpio-sim, for each build: selftest passes, every line went on in turn in the board's order,
# everything low once released, and a wrong line name is one line and exit 69.
def gpio_checks(tag):
    rc = read(f"selftest-{tag}.rc").strip()
    check(f"[{tag}] mihrab selftest passes on the rig board (libgpiod, lines by name, chip by label)", rc == "0",
          f"rc {rc}: {read(f'selftest-{tag}.json')[-400:]} {read(f'selftest-{tag}.err')[-300:]}")
    states = [l.strip() for l in read(f"gpio-{tag}.log").splitlines() if len(l.strip()) == 10]
    # Pin values as the host sees them (sim_gpioN/value). Lines 0-8 are active-high: on is 1.
    # The buzzer (9) is active-low: requesting it drives its pin high (off), on is 0. After
    # the selftest releases the lines, gpio-sim's pull-down leaves every pin at 0.
    def first(pred, after=0):
        return next((i for i, st in enumerate(states) if i >= after and pred(st)), None)
    requested = first(lambda st: st[9] == "1")
    turns = [first(lambda st, k=k: st[k] == "1") for k in range(9)]
    buzzer = first(lambda st: st[9] == "0", after=(turns[8] or 0) + 1) if requested is not None and turns[8] is not None else None
    turns.append(buzzer)
    ordered = all(t is not None for t in turns) and all(a < b for a, b in zip(turns, turns[1:]))
    check(f"[{tag}] each output line went on in turn, in the board's order (host-visible sim_gpio values)",
          ordered, f"first on at {turns}; states {states}")
    check(f"[{tag}] every line low once released", bool(states) and states[-1] == "0" * 10, f"last {states[-1] if states else None}")
    err = read(f"badline-{tag}.err").strip().splitlines()
    errs = [l for l in err if l.startswith("mihrab: ")]
    check(f"[{tag}] a wrong line name in the board file: one line naming it, exit 69",
          read(f"badline-{tag}.rc").strip() == "69" and len(errs) == 1 and "NO_SUCH_LINE" in errs[0],
          f"{read(f'badline-{tag}.rc')} {err}")

check("[v1] the binary uses libgpiod's v1 API", "(v1 API)" in read("version-v1.txt"), read("version-v1.txt"))
gpio_checks("v1")
if len(sys.argv) > 2 and sys.argv[2] == "v2":
    check("[v2] the binary uses libgpiod's v2 API", "(v2 API)" in read("version-v2.txt"), read("version-v2.txt"))
    gpio_checks("v2")

# The daemon: Dhuhr's adhan fired within a second of its schedule, the buzzer line went on
# then, and after SIGTERM (exit 0) every output's last state is off.
records = []
for line in read("daemon.jsonl").splitlines():
    try:
        records.append(json.loads(line))
    except ValueError:
        pass
adhan = [r for r in records if r.get("event") == "adhan" and r.get("prayer") == "dhuhr"]
def secs(iso):
    from datetime import datetime
    return datetime.fromisoformat(iso).timestamp()
ok = len(adhan) == 1 and adhan[0].get("state") == "fired" and abs(secs(adhan[0]["t"]) - secs(adhan[0]["scheduled"])) < 1
check("the daemon fires Dhuhr's adhan on time on the rig board", ok, f"{adhan} target {read('daemon-target')} {read('daemon.err')[-400:]}")
buzz = [r for r in records if r.get("output") == "buzzer" and r.get("on")]
check("the buzzer line goes on at the adhan", bool(adhan) and any(abs(secs(b["t"]) - secs(adhan[0]["t"])) < 1 for b in buzz), str(buzz))
last = {}
for r in records:
    if "output" in r:
        last[r["output"]] = r["on"]
check("SIGTERM: exit 0 and every output off", read("daemon.rc").strip() == "0" and bool(last) and not any(last.values()),
      f"rc {read('daemon.rc').strip()} last {last}")

# Sound, heard on snd-aloop's other side (capture: "sound T" / "silence T" on the wall clock).
def heard(name):
    out = []
    for line in read(name).splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] in ("sound", "silence"):
            out.append((parts[0], float(parts[1])))
    return out
def stamps(name):
    """The times `capture pull` printed before each write (the first of each line): a latency
    measured from there is an upper bound."""
    out = []
    for line in read(name).splitlines():
        parts = line.split()
        if len(parts) == 2:
            out.append(float(parts[0]))
    return out
def first(events, kind, after):
    return next((t for k, t in events if k == kind and t >= after), None)

cap = heard("capture-v1.txt")
iq = float(read("iqamah-instant").strip() or 0)
s1 = first(cap, "sound", iq - 5)
check("the iqamah's sound starts within 200 ms of its instant (snd-aloop, heard on the capture side)",
      s1 is not None and -0.02 <= s1 - iq <= 0.2, f"start {None if s1 is None else round(s1 - iq, 3)} s after; {cap} {read('capture-v1.err')[-300:]} {read('daemon.err')[-400:]}")
iq_rec = [r for r in records if r.get("sound") == "start" and r.get("event") == "iqamah"]
check("--record: the sound's start, with its file", len(iq_rec) == 1 and iq_rec[0].get("file", "").endswith("board/sounds/adhan.flac"), str(iq_rec))
press = stamps("press-v1")
cut = first(cap, "silence", press[0] - 0.02) if press else None
check("the stop button (gpio-sim pull) cuts the sound within 100 ms", cut is not None and cut - press[0] <= 0.1,
      f"silence {None if cut is None or not press else round(cut - press[0], 3)} s after the press; {cap}")

# HDMI-CEC on the real kernel API: vivid's HDMI output (the unit) and input (cec-follower, the TV).
def follower_log():
    """cec-follower -s -w's log as (opcode name, wall time, state change or None): each message
    the TV received, and the power change it made on it."""
    from datetime import datetime, timezone
    year = datetime.fromtimestamp(float((read("daemon-target").split() or ["0", "0"])[1]), timezone.utc).year
    out, name = [], None
    for line in read("cec-follower.log").splitlines():
        line = line.strip()
        if "): " in line and "(0x" in line:
            name = line.split("): ", 1)[1].split(" (0x")[0]
        elif "Rx Timestamp: " in line and name:
            stamp = line.split("Rx Timestamp: ", 1)[1]
            try:
                t = datetime.strptime(f"{year} {stamp}", "%Y %a %b %d %H:%M:%S.%f").replace(tzinfo=timezone.utc).timestamp()
            except ValueError:
                continue
            out.append([name, t, None])
        elif line.startswith(">>> Changing state to ") and out:
            out[-1][2] = line[len(">>> Changing state to "):]
    return out

devs = read("cec-devices").split()
check("[cec] vivid gives a CEC adapter on its HDMI input and one on its HDMI output", len(devs) == 2, read("cec-devices"))
lines = read("cec-check.txt").splitlines()
claimed = next((l.split() for l in lines if l.startswith("claimed ")), [])
# CEC 1.4 table 5: the first playback device is logical address 4; vivid's first HDMI output has
# physical address 1.0.0.0 (vivid-core.c: (i + 1) << 12), the TV's input 0.0.0.0.
check("[cec] the shim claims playback address 4 at physical address 1.0.0.0 (CEC_ADAP_S_LOG_ADDRS, blocking)",
      claimed[1:4] == ["4", "1000", "r=0"], "\n".join(lines))
check("[cec] the TV (cec-follower) answers <Give Device Power Status> with on through the kernel's reply wait",
      any(l.split()[:2] == ["power", "0"] for l in lines), "\n".join(lines))
nack = next((l for l in lines if l.startswith("send nack ")), "")
tx = int(nack.split("tx=")[1].split()[0], 16) if "tx=" in nack else 0
check("[cec] a message to an absent device is not acknowledged (tx_status NACK)", tx & 0x04 != 0 and tx & 0x01 == 0, nack)
# By hand: each request made, then the TV asked until it says the power asked for (cec-follower,
# as a TV may, reports its old power for a moment after the change, then its transition).
for action, word in (("off", "standby"), ("on", "on")):
    out = read(f"cec-{action}.out").strip().splitlines()
    check(f"[cec] mihrab display-power {action}: the request made, and the TV says {word}",
          read(f"cec-{action}.rc").strip() == "0" and bool(out) and out[0].endswith(f"asked {action}") and out[-1].endswith(f"the TV says {word}"),
          f"rc {read(f'cec-{action}.rc').strip()}: {out} {read(f'cec-{action}.err')[-300:]}")
seen = follower_log()
check("[cec] the TV saw <Standby>, then <Image View On> and our <Active Source> (1.0.0.0), and changed its power on them",
      any(n == "STANDBY" and c == "standby" for n, _, c in seen) and any(n == "IMAGE_VIEW_ON" and c == "on" for n, _, c in seen)
      and "New active source: 1.0.0.0" in read("cec-follower.log"), str(seen)[-600:])
err = [l for l in read("cec9.err").splitlines() if "/dev/cec9" in l and "no such device" in l]
check("[cec] a board naming a missing /dev/cec9: one line saying so, the daemon runs on and exits 0",
      len(err) == 1 and read("cec9.alive").strip() == "alive" and read("cec9.rc").strip() == "0",
      f"rc {read('cec9.rc').strip()} alive {read('cec9.alive').strip()!r}: {read('cec9.err')[-400:]}")
display = [r for r in records if r.get("type") == "display"]
powers = [r.get("power") for r in display]
check("[cec] --record: the display off at the start, on at Dhuhr, off at its iqamah", powers == ["off", "on", "off"], str(display))
if powers == ["off", "on", "off"] and adhan:
    on_t, off_t = secs(display[1]["t"]), secs(display[2]["t"])
    check("[cec] the display goes on at Dhuhr's adhan and off at its iqamah (within a second)",
          abs(on_t - secs(adhan[0]["scheduled"])) < 1 and abs(off_t - iq) < 1, f"{display} adhan {adhan[0]['scheduled']} iqamah {iq}")
    start = secs(display[0]["t"]) - 1
    tv = [(n, round(t - start, 2), c) for n, t, c in seen if t >= start]
    def when(opcode, state, near):
        return next((t + start for n, t, c in tv if n == opcode and c == state and abs(t + start - near) < 3), None)
    check("[cec] the TV went to standby at the daemon's start (cec-follower's log)", when("STANDBY", "standby", start + 1) is not None, str(tv))
    check("[cec] the TV went on at Dhuhr (<Image View On> within 3 s)", when("IMAGE_VIEW_ON", "on", on_t) is not None, str(tv))
    check("[cec] the TV went to standby at the iqamah (<Standby> within 3 s)", when("STANDBY", "standby", off_t) is not None, str(tv))
end = read("cec-end.out").strip().splitlines()
check("[cec] asked at the end, the TV says standby", bool(end) and end[-1].endswith("the TV says standby"), f"{end} {read('cec-end.err')[-300:]}")

for tag in ["v1"] + (["v2"] if len(sys.argv) > 2 and sys.argv[2] == "v2" else []):
    cap = heard(f"capture-{tag}-button.txt")
    long_, cut_ = stamps(f"long-{tag}"), stamps(f"cut-{tag}")
    st = first(cap, "sound", long_[0]) if long_ else None
    check(f"[{tag}] the button held 3 s plays the adhan's sound as a test", st is not None and 2.95 <= st - long_[0] <= 3.3,
          f"sound {None if st is None or not long_ else round(st - long_[0], 3)} s after the press; {cap} {read(f'button-{tag}.err')[-400:]}")
    sil = first(cap, "silence", cut_[0] - 0.02) if cut_ else None
    check(f"[{tag}] a press cuts it within 100 ms", sil is not None and st is not None and sil > st and sil - cut_[0] <= 0.1,
          f"silence {None if sil is None or not cut_ else round(sil - cut_[0], 3)} s after the press; {cap}")
    check(f"[{tag}] the daemon exits 0 after SIGTERM", read(f"button-{tag}.rc").strip() == "0", read(f"button-{tag}.err")[-300:])
sys.exit(1 if failures else 0)
