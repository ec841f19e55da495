#!/usr/bin/env python3
"""Judges the booted unit (Tests/rig/boot): what check.sh wrote in the results folder.
Usage: judge.py RESULTS SHIPPED_UNIT_FILE. Exit 0 when every check passes."""
import json, os, re, sys

d, shipped_unit = sys.argv[1], sys.argv[2]
upgrade = len(sys.argv) > 3 and sys.argv[3] == "--upgrade"
failures = 0
def check(name, ok, detail=""):
    global failures
    print(f"boot: {'PASS' if ok else 'FAIL'} {name}" + (f" ({detail})" if detail and not ok else ""))
    failures += 0 if ok else 1

def read(*name):
    try:
        return open(os.path.join(d, *name)).read()
    except OSError:
        return ""

def load(*name):
    try:
        return json.loads(read(*name))
    except ValueError:
        return None

def props(text):
    """systemctl show: KEY=VALUE lines; a key given more than once keeps every value."""
    out = {}
    for line in text.splitlines():
        k, _, v = line.partition("=")
        out.setdefault(k, []).append(v)
    return out

def unit_settings(path):
    """The [Service] settings of a unit file: KEY -> [values] in order."""
    out, section = {}, None
    for line in open(path).read().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line
            continue
        k, _, v = line.partition("=")
        if section == "[Service]":
            out.setdefault(k, []).append(v)
    return out

def gpio(phase):
    """(guest time, pins "0101...") for each change of the output lines 0-9."""
    out = []
    for line in read(phase, "gpio.log").splitlines():
        t, _, s = line.partition(" ")
        if len(s) == 10:
            out.append((float(t), s))
    return out

def steps(phase):
    return read(phase, "steps.log")

console = lambda p: read(f"console-{p}.log")[-1500:]

# ---- Boot 1: the installed unit under systemd.
def daemon_errors(phase):
    out = []
    for line in read(phase, "journal.json").splitlines():
        try:
            j = json.loads(line)
        except ValueError:
            continue
        if j.get("SYSLOG_IDENTIFIER") == "mihrab" and j.get("PRIORITY") in ("0", "1", "2", "3") and j.get("MESSAGE") not in out:
            out.append(j.get("MESSAGE"))
    return out
check("boot 1: mihrab.service becomes active (Type=notify: READY=1)", "active active" in steps("1"),
      f"the daemon said {daemon_errors('1')}; " + read("1", "failed.txt")[-800:] + read("1", "dev.txt")
      + (console(1) if not steps("1") else ""))
if "active active" not in steps("1"):
    sys.exit(1)
show = props(read("1", "show.txt"))
first = lambda k: (show.get(k) or [""])[0]
check("it started once: no crash or restart on the way to active (NRestarts=0)", first("NRestarts") == "0",
      f"NRestarts={first('NRestarts')}")
check("it runs as user mihrab", first("User") == "mihrab" and read("1", "ps.txt").split()[:1] == ["mihrab"],
      f"User={first('User')} ps: {read('1', 'ps.txt')}")
check("the unit file installed is the shipped one, with no drop-ins",
      read("1", "installed.service") == open(shipped_unit).read() and first("DropInPaths") == "",
      f"DropInPaths={first('DropInPaths')}")

# Every hardening setting of the shipped unit, as systemd reports it in force.
shipped = unit_settings(shipped_unit)
simple = ["Type", "NotifyAccess", "Restart", "User", "Group", "NoNewPrivileges", "ProtectSystem", "ProtectHome",
          "PrivateTmp", "PrivateMounts", "ProtectKernelTunables", "ProtectKernelModules", "ProtectKernelLogs",
          "ProtectControlGroups", "ProtectHostname", "ProtectProc", "ProcSubset", "RestrictNamespaces",
          "LockPersonality", "MemoryDenyWriteExecute", "RestrictRealtime", "RestrictSUIDSGID", "RemoveIPC",
          "DevicePolicy", "UMask", "RuntimeDirectoryPreserve", "SystemCallArchitectures"]
wrong = []
for k in simple:
    if k not in shipped:
        continue
    want = shipped[k][-1]
    got = first(k)
    if k == "RestrictNamespaces" and want == "yes":
        ok = got == "yes"
    elif k == "UMask":
        ok = got.lstrip("0") == want.lstrip("0")
    else:
        ok = got == want
    if not ok:
        wrong.append(f"{k}: shipped {want}, in force {got}")
devices = {" ".join(v.split()) for v in shipped.get("DeviceAllow", [])}
in_force = set()
for v in show.get("DeviceAllow", []):
    in_force |= {" ".join(x.split()) for x in re.findall(r"[\w/:-]+ [rwm]+", v)}
if devices - in_force:
    wrong.append(f"DeviceAllow: shipped {sorted(devices)}, in force {sorted(in_force)}")
if set(first("RestrictAddressFamilies").split()) != set(shipped.get("RestrictAddressFamilies", [""])[-1].split()):
    wrong.append(f"RestrictAddressFamilies={first('RestrictAddressFamilies')}")
nets = {"any": {"0.0.0.0/0", "::/0"}, "localhost": {"127.0.0.0/8", "::1/128"}, "link-local": {"169.254.0.0/16", "fe80::/64"}}
for k in ("IPAddressDeny", "IPAddressAllow"):
    want = set().union(*(nets.get(v, {v}) for v in " ".join(shipped.get(k, [])).split()))
    if set(first(k).split()) != want:
        wrong.append(f"{k}={first(k)} (shipped {sorted(want)})")
if shipped.get("SystemCallErrorNumber", [""])[-1] == "EPERM" and first("SystemCallErrorNumber") != "1":
    wrong.append(f"SystemCallErrorNumber={first('SystemCallErrorNumber')}")
allowed = set(first("SystemCallFilter").split())
if "adjtimex" not in allowed or "setpriority" in allowed or "reboot" in allowed or "mount" in allowed:
    wrong.append("SystemCallFilter: not @system-service less @privileged and @resources, plus adjtimex")
if first("CapabilityBoundingSet") != "":
    wrong.append(f"CapabilityBoundingSet={first('CapabilityBoundingSet')}")
if not first("SystemCallFilter"):
    wrong.append("no SystemCallFilter")
if set(first("SupplementaryGroups").split()) != set(shipped.get("SupplementaryGroups", [""])[-1].split()):
    wrong.append(f"SupplementaryGroups={first('SupplementaryGroups')}")
if first("WatchdogUSec") != shipped.get("WatchdogSec", ["?"])[-1] + "s":
    wrong.append(f"WatchdogUSec={first('WatchdogUSec')}")
check(f"every hardening setting of the shipped unit is in force, as systemctl show reports it ({len([k for k in simple if k in shipped]) + 10} settings)",
      not wrong, "; ".join(wrong))

status = dict(l.split(":", 1) for l in read("1", "proc-status.txt").splitlines() if ":" in l)
st = lambda k: status.get(k, "").strip()
ids = {m.group(2): int(m.group(1)) for m in re.finditer(r"(\d+)\((\w[\w-]*)\)", read("1", "id.txt"))}
groups = set(st("Groups").split())
need = [g for g in ("gpio", "i2c", "audio") if str(ids.get(g, "none")) not in groups]
check("the kernel's view of the daemon: no new privileges, a seccomp filter, no capabilities, the gpio, i2c and audio groups",
      st("NoNewPrivs") == "1" and st("Seccomp") == "2" and int(st("CapBnd") or "1", 16) == 0
      and int(st("CapEff") or "1", 16) == 0 and int(st("CapAmb") or "1", 16) == 0 and not need,
      f"NoNewPrivs {st('NoNewPrivs')} Seccomp {st('Seccomp')} CapBnd {st('CapBnd')} Groups {st('Groups')} lacking {need}")
ldd = read("1", "ldd.txt")
check("the installed binary links no Swift runtime from outside (ldd)", bool(ldd) and "/opt/swift" not in ldd
      and not re.search(r"lib(swift|Foundation|dispatch|BlocksRuntime|icu)", ldd), ldd[-400:])

st1 = load("1", "status.json") or {}
check("it reads the compass over i2c-dev (status.json: a heading)", isinstance(st1.get("heading"), (int, float))
      and st1.get("sensors", {}).get("errors", 1) == 0, json.dumps({k: st1.get(k) for k in ("heading", "compass", "sensors")}))
g1 = gpio("1")
check("it switches the gpio-sim lines (the status LED on)", any(s[0] == "1" for _, s in g1), str(g1[:6]))

dhuhr, start1 = (int(x) for x in (read("dhuhr").split() or ["0", "0"]))
fired = float(read("adhan-fired").strip() or 0)
buzz = next((t for t, s in g1 if s[9] == "0"), None)
# `mihrab times` prints the schedule to the second, rounded down: on time is within that second,
# plus 1 s for the daemon's pass and the checker's sampling on the one emulated CPU.
check("Dhuhr's adhan sounds on time: the buzzer (active-low) on within 2 s of its schedule (printed to the second)",
      buzz is not None and -0.2 <= buzz - dhuhr <= 2.0,
      f"buzzer on at {None if buzz is None else round(buzz - dhuhr, 2)} s from Dhuhr; journal saw it {round(fired - dhuhr, 2) if fired else None}; the unit was active {steps('1').splitlines()[1:2]} (boot took longer than the lead?)")

# ---- Boot 2: after the power cut.
check("boot 2 (after the power cut): active again", "active active" in steps("2"), steps("2")[-300:] + console(2))
state = load("2", "state.json")
events = (state or {}).get("events", {})
dhuhr_ids = [k for k, v in events.items() if "dhuhr" in k and "adhan" in k and v.get("state") == "fired"]
before = (load("1", "state-before-cut.json") or {}).get("events", {})
same = bool(dhuhr_ids) and all(before.get(k) == events[k] for k in dhuhr_ids)
check("the state file is intact after the power cut (ext4 commit=600: only what was fsynced) and holds Dhuhr's adhan as saved before it",
      state is not None and same and not re.search(r"corrupt|unreadable", read("2", "files.txt")),
      f"{read('2', 'state.json')[:300]} {read('2', 'files.txt')}")
after = read("2", "journal-after-cut.txt")
replayed = [l for l in after.splitlines() if re.match(r"^(missed )?adhan dhuhr", l)]
# The buzzer until the reload (the 15 s a replay would show in; later, Dhuhr's iqamah may sound).
cutoff = next((float(l.split()[0]) for l in steps("2").splitlines() if " reload good " in l), float("inf"))
g2 = [(t, s) for t, s in gpio("2") if t < cutoff]
check("the adhan is not replayed (not in the journal, the buzzer never on)",
      "running; first update" in after and not replayed and not any(s[9] == "0" for _, s in g2),
      f"{replayed} buzzer states {[s for _, s in g2 if s[9] == '0'][:3]}")

# Reload.
def times(name):
    return (load("2", name) or {}).get("times") or {}
def minutes(hhmm):
    m = re.search(r"T?(\d\d):(\d\d)(?::(\d\d))?", hhmm or "")
    return int(m.group(1)) * 60 + int(m.group(2)) + int(m.group(3) or 0) / 60 if m else None
a0, a1, a2 = (minutes(times(n).get("asr")) for n in ("status-before-reload.json", "status-after-reload.json", "status-after-bad.json"))
pids = re.findall(r"pid (\d+)", steps("2"))
check("systemctl reload applies a changed config (Asr 7 minutes later, same process)",
      read("2", "reload-good.rc").strip() == "0" and a0 is not None and a1 is not None and abs(a1 - a0 - 7) < 0.02
      and len(pids) >= 2 and pids[0] == pids[1], f"asr {a0} -> {a1}; pids {pids}")
journal = []
for line in read("2", "journal.json").splitlines():
    try:
        journal.append(json.loads(line))
    except ValueError:
        pass
ours = [j for j in journal if j.get("SYSLOG_IDENTIFIER") == "mihrab"]
bad = [j for j in ours if "refused" in str(j.get("MESSAGE")) and "mihrab.toml:" in str(j.get("MESSAGE"))
       and "asr" in str(j.get("MESSAGE"))]
check("a bad config is refused with an error naming it, and the old one runs on (same process, same times)",
      bool(bad) and bad[0].get("PRIORITY") in ("3", "4") and len(pids) >= 3 and pids[2] == pids[1]
      and "state active" in (steps("2").split("bad reload")[1:] or [""])[0].splitlines()[0] and a2 == a1,
      f"{[(j.get('PRIORITY'), j.get('MESSAGE')) for j in bad]} pids {pids} asr {a1} -> {a2}")

# Set up from a phone, as installed: the code from the wall screen, the form over HTTPS, the
# answers in force after a reload (Mecca, Umm al-Qura, the title), setup mode over, and the
# password the unit's own (mode 600).
before, after = load("2", "screen-setup.json") or {}, load("2", "screen-after-setup.json") or {}
check("set up from a phone with no file edited: the screen's code, the form over HTTPS, the answers applied by a reload",
      bool((before.get("setup") or {}).get("code")) and read("2", "setup-get.code").strip() == "200"
      and "country=SA&amp;lat=21.4" in read("2", "setup-search.html") and "method=umm-al-qura" in read("2", "setup-search.html")
      and read("2", "setup-post.code").strip() == "200" and "setup" not in after and after.get("title") == "Rig Mosque"
      and after.get("language") == "ar" and read("2", "passwd-after-setup.txt").split() == ["mihrab", "600"],
      f"code {(before.get('setup') or {}).get('code')} get {read('2', 'setup-get.code')} post {read('2', 'setup-post.code')} "
      f"after {str(after)[:200]} passwd {read('2', 'passwd-after-setup.txt')} {read('2', 'setup-done.html')[-300:]}")

# The watchdog.
w = read("2", "watchdog.txt").split()
dog = props(read("2", "watchdog.txt"))
limit = int(shipped.get("WatchdogSec", ["0"])[-1]) + int(shipped.get("RestartSec", ["0"])[-1])
def logged_at(text):
    return next((int(j["__REALTIME_TIMESTAMP"]) / 1e6 for j in journal if text in str(j.get("MESSAGE"))), None)
started = re.search(r"ExecMainStartTimestamp=@([\d.]+)", read("2", "watchdog.txt"))
if len(w) >= 5 and started:
    t0, restart = float(w[0]), float(started.group(1))
    timeout = logged_at("Watchdog timeout")
    dogsec = int(shipped.get("WatchdogSec", ["0"])[-1])
    exited = logged_at("Main process exited")
    # The watchdog counts from the daemon's last ping before the SIGSTOP: its timeout comes at
    # most WatchdogSec after it. Then the kill and RestartSec; 3 s allowed for systemd's own
    # steps (the kill, the reaping, the fork) under software emulation on a busy host.
    check(f"kill -STOP: the watchdog kills it (within WatchdogSec) and systemd starts it again RestartSec later ({limit} s in all, + 3 s)",
          timeout is not None and timeout - t0 <= dogsec + 0.5 and restart - timeout <= limit - dogsec + 3 and w[3] != w[4],
          f"timeout {None if timeout is None else round(timeout - t0, 2)} s after SIGSTOP, new process {round(restart - t0, 2)} s")
    print(f"boot: (watchdog: timeout {timeout - t0 if timeout else float('nan'):.2f} s after SIGSTOP, the old process gone at "
          f"{exited - t0 if exited else float('nan'):.2f} s, a new one at {restart - t0:.2f} s, "
          f"ready at {float(w[2]) - t0:.1f} s; NRestarts {dog.get('NRestarts')})")
else:
    check(f"kill -STOP: the watchdog kills it and systemd starts it again within {limit} s", False, read("2", "watchdog.txt"))

# systemctl stop: the kernel's gpio_value tracepoint, what the daemon wrote while stopping (a
# released gpio-sim line falls back to its pull, so the pins afterwards would prove nothing).
stopped = props(read("2", "stopped.txt"))
base = int(read("2", "gpio-base.txt").strip() or -1)
last_written = {}
for m in re.finditer(r"gpio_value: (\d+) set (\d)", read("2", "stop-trace.txt")):
    last_written[int(m.group(1)) - base] = m.group(2)
before_stop = read("2", "before-stop.txt").strip()
off = {k: ("1" if k == 9 else "0") for k in range(10)}     # the buzzer (9) is active-low
was_on = [k for k in range(10) if len(before_stop) == 10 and before_stop[k] != off[k]]
left_on = [k for k in range(10) if last_written.get(k, off[k] if k not in was_on else None) != off[k]]
check("systemctl stop: a clean stop, and the daemon itself writes every output off (LEDs low, the active-low buzzer high)",
      read("2", "stop.rc").strip() == "0" and stopped.get("Result") == ["success"] and base >= 0 and bool(was_on)
      and not left_on and any("stopped: outputs off" in str(j.get("MESSAGE")) for j in ours),
      f"{stopped} on before {was_on}, written {last_written}, left on {left_on}")

# The upgrade (--upgrade): apt, 100 s before Dhuhr's iqamah, to the newer build in the repository.
if upgrade:
    want = read("upgrade").strip()
    u = read("2", "upgrade.txt").split()
    log = read("2", "upgrade.log")
    check(f"apt upgrade from the signed repository installs {want}, with no question asked (noninteractive, no terminal)",
          read("2", "upgrade.rc").strip() == "0" and read("2", "upgraded-version.txt").strip() == want
          and "Configuration file" not in log and "NO_PUBKEY" not in log and "not signed" not in log,
          f"rc {read('2', 'upgrade.rc').strip()} version {read('2', 'upgraded-version.txt')} log {log[-600:]}")
    if len(u) >= 5:
        t0, t1, pid0, pid1, iq = float(u[0]), float(u[1]), u[2], u[3], float(u[4])
        during = [j for j in journal if t0 <= int(j.get("__REALTIME_TIMESTAMP", 0)) / 1e6 <= t1]
        starts = [j for j in during if str(j.get("MESSAGE", "")).startswith("Started mihrab.service")]
        stops = [j for j in during if str(j.get("MESSAGE", "")).startswith("Stopping mihrab.service")]
        check("the upgrade restarts the daemon once (one stop, one start, a new process)",
              len(starts) == 1 and len(stops) == 1 and pid0 != pid1 and pid1 != "0",
              f"starts {len(starts)} stops {len(stops)} pid {pid0} -> {pid1}")
        restarted = int(starts[0]["__REALTIME_TIMESTAMP"]) / 1e6 if starts else None
        iqamahs = [j for j in ours if re.match(r"^iqamah dhuhr", str(j.get("MESSAGE")))]
        buzz_iq = next((t for t, s_ in gpio("2") if s_[9] == "0" and t >= iq - 5), None)
        check("Dhuhr's iqamah, due 100 s after the upgrade began, sounds once and on time (the buzzer within 2 s)",
              len(iqamahs) == 1 and buzz_iq is not None and -0.2 <= buzz_iq - iq <= 2.0,
              f"{len(iqamahs)} iqamah lines; buzzer at {None if buzz_iq is None else round(buzz_iq - iq, 2)} s")
        print(f"boot: (upgrade: apt took {t1 - t0:.1f} s; the new process started "
              f"{'%.1f s before' % (iq - restarted) if restarted and restarted < iq else ('%.1f s after' % (restarted - iq) if restarted else 'never')} the iqamah)")
    else:
        check("the upgrade ran", False, read("2", "upgrade.txt") + log[-400:])
    before = (load("2", "state-before-upgrade.json") or {}).get("events", {})
    after_up = (load("2", "state-after-upgrade.json") or {}).get("events", {})
    kept = bool(before) and all(after_up.get(k) == v for k, v in before.items())
    replays = [j.get("MESSAGE") for j in ours if re.match(r"^(missed )?adhan dhuhr", str(j.get("MESSAGE")))]
    check("the upgrade keeps the state (every event recorded before it, as it was) and replays nothing",
          kept and not replays, f"before {len(before)} events, kept {kept}; replayed {replays}")
    cal0, cal1 = read("2", "calibration-before-upgrade.json"), read("2", "calibration-after-upgrade.json")
    check("the upgrade keeps the compass calibration", bool(cal0) and cal0 == cal1 and '"hardIron"' in cal1, cal1[:200])
    md0, md1 = read("2", "conf-before-upgrade.md5").split()[:1], read("2", "conf-after-upgrade.md5").split()[:1]
    check("the upgrade keeps the edited /etc/mihrab/mihrab.toml as it was (no .dpkg-dist, no .dpkg-old)",
          bool(md0) and md0 == md1 and "dpkg-" not in read("2", "etc-after-upgrade.txt"),
          f"{md0} -> {md1}; {read('2', 'etc-after-upgrade.txt')}")

warnings = [j.get("MESSAGE") for j in journal if re.search(r"mihrab\.service:\d+:|Unknown (key|section)|Failed to parse", str(j.get("MESSAGE")))]
check("systemd parsed the unit without a warning", not warnings, str(warnings[:3]))

# The journal: the daemon's lines with their priorities (the <N> prefix taken by journald).
prios = {j.get("PRIORITY") for j in ours}
prefixed = [j.get("MESSAGE") for j in ours if re.match(r"^<\d>", str(j.get("MESSAGE")))]
check("journalctl -u mihrab: the daemon's lines with their priorities (info, notice, error)",
      {"6", "5"} <= prios and ({"3"} & prios or {"4"} & prios) and not prefixed,
      f"priorities {sorted(prios)}; prefixed {prefixed[:2]}")
sys.exit(1 if failures else 0)
