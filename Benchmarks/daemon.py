#!/usr/bin/env python3
"""The daemon on the simulated board in real time. First the idle case of issue 45: the
screen's server on and no client, the compass at its default 25 Hz, exactly

    mihrab run --board board/simulated.toml --speed 1 --tz Europe/London --lat 51.5 --lon -0.13
               --state-dir DIR --quiet --screen 127.0.0.1:0

over SECONDS after 5 s of warm-up: CPU share of one core (each thread's run time from
/proc/PID/task/*/schedstat, in nanoseconds, and by thread), wakeups a second (each thread's
voluntary and nonvoluntary context switches, /proc/PID/task/*/status), RSS, Pss and
Private_Dirty (smaps_rollup), and where the RSS lies (smaps: the binary's own mappings,
shared libraries, anonymous memory: heap, stacks, the rest). Then the same run under
callgrind (30 s after 15 s): instructions a second of the loop, its compass reads and its
once-a-second snapshot, and of the other threads' work (status.json, the displays, the
screen's event hub).

Then (unless --idle-only) with one page's event stream open (read as it comes, as a screen does):
CPU share of one core, how late the loop's passes start against their deadlines (median,
p99, max; alone and beside a CPU hog on every core), system calls per pass, and memory (RSS,
PSS, private dirty), at 25 Hz and 100 Hz. Then memory over a simulated year at full speed.

Usage: daemon.py BINARY [SECONDS] [--idle-only]   (run from the repository's root; `make bench` does)

The CPU share and the lateness come from the daemon's own status.json (`loop`: getrusage's
CPU time of the whole process, the loop thread's lateness histogram), read at the start and
the end of the window, so start-up is left out. System calls are counted by strace in a
separate run (strace slows every call it sees), over a window of passes in the middle.
"""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

BOARD = "board/simulated.toml"


def config(directory, rate):
    path = os.path.join(directory, "mihrab.toml")
    with open(path, "w") as f:
        f.write('[location]\nsource = "fixed"\n[compass]\nrate_hz = %d\n' % rate)
    return path


def start(binary, rate, wrapper=(), extra=()):
    d = tempfile.mkdtemp(prefix="mihrab-bench-")
    cmd = list(wrapper) + [binary, "run", "--board", BOARD, "--config", config(d, rate), "--quiet",
                           "--state-dir", d, "--screen", "127.0.0.1:0"] + list(extra)
    if "--speed" not in extra:
        cmd += ["--speed", "1"]
    log = open(os.path.join(d, "log"), "w")
    out = open(os.path.join(d, "stdout"), "w")
    return subprocess.Popen(cmd, stdout=out, stderr=log), d


class EventStream:
    """A page's event stream from the screen's server, read on a thread of its own until
    stopped: the events it got."""

    def __init__(self, d, timeout=20.0):
        end = time.monotonic() + timeout
        port = None
        while port is None and time.monotonic() < end:
            with open(os.path.join(d, "stdout")) as f:
                m = re.search(r"http://127\.0\.0\.1:([0-9]+)/", f.read())
            port = int(m.group(1)) if m else None
            if port is None:
                time.sleep(0.1)
        if port is None:
            sys.exit("bench: the daemon printed no screen address (%s)" % d)
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(b"GET /events HTTP/1.1\r\nHost: bench\r\n\r\n")
        self.events = 0
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        while True:
            try:
                data = self.sock.recv(65536)
            except OSError:
                return
            if not data:
                return
            self.events += data.count(b"event: ")

    def stop(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        self.thread.join(timeout=5)
        return self.events


def status(d, timeout=20.0):
    """status.json once it exists and parses (it is replaced atomically once a second)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with open(os.path.join(d, "status.json")) as f:
                return json.load(f)
        except (OSError, ValueError):
            time.sleep(0.1)
    sys.exit("bench: no status.json in %s after %d s (log: %s)" % (d, timeout, os.path.join(d, "log")))


def fresh_status(d, after):
    """The first status.json written after the given one (a new second)."""
    while True:
        s = status(d)
        if s.get("time") != after.get("time"):
            return s
        time.sleep(0.05)


def memory(pid):
    kb = {}
    with open("/proc/%d/smaps_rollup" % pid) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[1].isdigit():
                kb[parts[0].rstrip(":")] = int(parts[1])
    # Private_Dirty: what the process wrote itself (heap, stacks); the rest of RSS is mostly
    # the binary's pages, shared with any other process that maps it (PSS divides them).
    return kb.get("Rss", 0), kb.get("Pss", 0), kb.get("Private_Dirty", 0)


def traced_child(p):
    """The daemon strace started (strace blocks SIGTERM while it runs a command of its own:
    the daemon is stopped directly, and strace ends with it)."""
    try:
        with open("/proc/%d/task/%d/children" % (p.pid, p.pid)) as f:
            return [int(c) for c in f.read().split()]
    except OSError:
        return []


def stop(p, d, traced=False):
    targets = traced_child(p) if traced else [p.pid]
    for pid in targets:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    try:
        p.wait(timeout=20)
    except subprocess.TimeoutExpired:
        for pid in targets + [p.pid]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        p.wait()
    subprocess.run(["rm", "-rf", d])


def us(v):
    return "?" if v is None else ("%.0f us" % v)


def window(binary, rate, seconds, hog=False):
    """CPU share over `seconds` after a 5 s warm-up; the lateness figures are the daemon's
    histogram since it started (the warm-up included), with the passes that found their
    deadline already past (overruns) counted apart."""
    hogs = []
    if hog:
        for _ in range(os.cpu_count() or 1):
            hogs.append(subprocess.Popen(["sh", "-c", "while :; do :; done"]))
    p, d = start(binary, rate)
    stream = None
    try:
        stream = EventStream(d)
        time.sleep(5)
        s0 = status(d)
        time.sleep(seconds)
        s1 = fresh_status(d, s0)
        mem = memory(p.pid)
    finally:
        events = stream.stop() if stream else 0
        stop(p, d)
        for h in hogs:
            h.kill()
            h.wait()
    l0, l1 = s0.get("loop"), s1.get("loop")
    if not l1:
        sys.exit("bench: this binary's status.json has no `loop` figures")
    cpu = (l1["cpuSeconds"] - l0["cpuSeconds"]) / (l1["uptimeSeconds"] - l0["uptimeSeconds"])
    return cpu, l1, mem, events


def syscalls_per_pass(binary, rate, seconds=10):
    """strace -f over a run; the calls made between two status.json writes `seconds` apart,
    divided by the passes the loop made between them."""
    d0 = tempfile.mkdtemp(prefix="mihrab-strace-")
    trace = os.path.join(d0, "trace")
    p, d = start(binary, rate, wrapper=["strace", "-f", "-ttt", "-qq", "-o", trace])
    try:
        time.sleep(5)
        s0 = status(d)
        t0 = time.time()
        time.sleep(seconds)
        t1 = time.time()
        s1 = fresh_status(d, s0)
    finally:
        stop(p, d, traced=True)
    calls = {}
    with open(trace) as f:
        for line in f:
            parts = line.split(None, 2)
            if len(parts) < 3:
                continue
            try:
                t = float(parts[1])
            except ValueError:
                continue
            if t0 <= t < t1 and "(" in parts[2] and not parts[2].startswith(("<...", "+++", "---")):
                name = parts[2].split("(", 1)[0]
                calls[name] = calls.get(name, 0) + 1
    subprocess.run(["rm", "-rf", d0])
    passes = (s1["loop"]["passes"] - s0["loop"]["passes"]) * (t1 - t0) / (s1["loop"]["uptimeSeconds"] - s0["loop"]["uptimeSeconds"])
    total = sum(calls.values())
    top = ", ".join("%s %d" % kv for kv in sorted(calls.items(), key=lambda kv: -kv[1])[:5])
    return total / max(passes, 1), total, passes, top


def year(binary):
    """A simulated year at full speed (compass at 1 Hz): RSS sampled every 2 s of real time."""
    p, d = start(binary, 1, extra=["--speed", "1e6", "--start", "2026-01-01T00:00", "--until", "2027-01-01T00:00"])
    samples = []
    began = time.monotonic()
    try:
        while p.poll() is None and time.monotonic() - began < 1800:
            time.sleep(2)
            try:
                rss, pss, private = memory(p.pid)
                date = status(d, timeout=2).get("date", "?")
            except (OSError, SystemExit):
                continue
            samples.append((date, rss, pss, private))
    finally:
        if p.poll() is None:
            stop(p, d)
        else:
            subprocess.run(["rm", "-rf", d])
    took = time.monotonic() - began
    return samples, took, p.returncode


def threads(pid):
    """Per thread (by id): its name, run time in ns (schedstat) and context switches."""
    out = {}
    for tid in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, tid)) as f:
                ns = int(f.read().split()[0])
            switches, name = 0, "?"
            with open("/proc/%d/task/%s/status" % (pid, tid)) as f:
                for line in f:
                    if line.startswith("Name:"):
                        name = line.split(None, 1)[1].strip()
                    elif line.startswith(("voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:")):
                        switches += int(line.split()[1])
        except (OSError, ValueError, IndexError):
            continue  # a thread that ended meanwhile
        out[tid] = (name, ns, switches)
    return out


def smaps_parts(pid, binary):
    """RSS, PSS and private dirty kB by where they lie: the binary's mappings (by permission),
    shared libraries, anonymous memory (heap, stacks, anonymous mappings) and the rest."""
    real = os.path.realpath(binary)
    parts = {}
    current = None
    with open("/proc/%d/smaps" % pid) as f:
        for line in f:
            fields = line.split()
            if not fields:
                continue
            if re.match(r"^[0-9a-f]+-[0-9a-f]+$", fields[0]):
                path = fields[5] if len(fields) > 5 else ""
                perms = fields[1]
                if path and os.path.realpath(path) == real:
                    current = "binary " + perms
                elif ".so" in os.path.basename(path):
                    current = "libraries"
                elif path in ("", "[heap]") or path.startswith(("[stack", "[anon")):
                    current = "anonymous"
                else:
                    current = "other " + path
                parts.setdefault(current, [0, 0, 0])
            elif current and fields[0] in ("Rss:", "Pss:", "Private_Dirty:"):
                i = ("Rss:", "Pss:", "Private_Dirty:").index(fields[0])
                parts[current][i] += int(fields[1])
    return parts


def idle(binary, seconds):
    """Issue 45's case: the screen on, no client, the default compass rate (25 Hz)."""
    d = tempfile.mkdtemp(prefix="mihrab-idle-")
    cmd = [binary, "run", "--board", BOARD, "--speed", "1", "--tz", "Europe/London", "--lat", "51.5", "--lon", "-0.13",
           "--state-dir", d, "--quiet", "--screen", "127.0.0.1:0"]
    p = subprocess.Popen(cmd, stdout=open(os.path.join(d, "stdout"), "w"), stderr=open(os.path.join(d, "log"), "w"))
    try:
        time.sleep(5)
        t0, a = time.monotonic(), threads(p.pid)
        time.sleep(seconds)
        t1, b = time.monotonic(), threads(p.pid)
        rss, pss, private = memory(p.pid)
        parts = smaps_parts(p.pid, binary)
        if p.poll() is not None:
            sys.exit("bench: the daemon stopped (log: %s)" % os.path.join(d, "log"))
    finally:
        stop(p, d)
    span = t1 - t0
    by_name = {}
    for tid, (name, ns, sw) in b.items():
        ns0, sw0 = (a[tid][1], a[tid][2]) if tid in a else (0, 0)
        n = by_name.setdefault(name, [0, 0, 0])
        n[0] += ns - ns0
        n[1] += sw - sw0
        n[2] += 1
    cpu = sum(v[0] for v in by_name.values()) / 1e9 / span
    wakeups = sum(v[1] for v in by_name.values()) / span
    print("daemon idle at 25 Hz, screen on, no client, %d s: CPU %.3f%% of one core, %.1f wakeups a second; "
          "RSS %.1f MB, PSS %.1f MB, private dirty %.1f MB" % (seconds, 100 * cpu, wakeups, rss / 1024, pss / 1024, private / 1024), flush=True)
    for name, (ns, sw, count) in sorted(by_name.items(), key=lambda kv: -kv[1][0]):
        if ns > 0 or sw > 0:
            print("  thread %-16s x%d: CPU %.4f%%, %.2f wakeups a second" % (name, count, 100 * ns / 1e9 / span, sw / span))
    order = sorted(parts.items(), key=lambda kv: -kv[1][0])
    print("  RSS by place (RSS / PSS / private dirty, MB): " + "; ".join(
        "%s %.1f / %.1f / %.1f" % (k, v[0] / 1024, v[1] / 1024, v[2] / 1024) for k, v in order if v[0] >= 64), flush=True)


PROFILED = [  # (label, a pattern of the mangled name), inclusive instructions
    ("the loop (Daemon.loop)", r"\$s7Service6DaemonC4loops5Int32VyF$"),
    ("  compass reads (UnitCore.updateCompass)", r"UnitCoreC13updateCompass4mono"),
    ("    the chips (SensorChannel.poll)", r"SensorChannelC4poll3now3HAL6TripleVSgSd_tF$"),
    ("  the second's snapshot (Daemon.snapshot)", r"DaemonC8snapshot4wall8periodic"),
    ("  the outputs (UnitCore.drive)", r"UnitCoreC5drive4mono4wall"),
    ("status.json (StatusWriter.drain)", r"StatusWriterC5drain"),
    ("the displays (PanelOutput.run)", r"PanelOutputC3run"),
    ("  drawing (OLEDLayout.frame)", r"OLEDLayoutO5frame"),
    ("  the OLED's bytes (SSD1306.show)", r"SSD1306C4showyyAA9MonoFrameVAA12DisplayErrorOYKF$"),
    ("the screen's event hub (EventHub.run)", r"EventHubC3runyyYaFTQ1_$"),
]


def profile(binary, seconds=30):
    """Callgrind over the idle daemon: counters zeroed after 15 s, then `seconds` collected;
    inclusive instructions a second of the loop and of each other thread's work."""
    work = tempfile.mkdtemp(prefix="mihrab-cg-")
    stripped = os.path.join(work, "mihrab")  # valgrind cannot read Swift's DWARF 5
    subprocess.run(["objcopy", "--strip-debug", binary, stripped], check=True)
    out = os.path.join(work, "callgrind.out")
    d = tempfile.mkdtemp(prefix="mihrab-idle-")
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, stripped, "run", "--board", BOARD, "--speed", "1",
           "--tz", "Europe/London", "--lat", "51.5", "--lon", "-0.13", "--state-dir", d, "--quiet", "--screen", "127.0.0.1:0"]
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(15)
    subprocess.run(["callgrind_control", "-z", str(p.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    time.sleep(seconds)
    p.send_signal(signal.SIGINT)
    p.wait(timeout=60)
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out], capture_output=True,
                          text=True).stdout
    subprocess.run(["rm", "-rf", work, d])
    found = {}
    for line in text.splitlines():
        t = re.match(r"\s*([0-9,]+) \([ 0-9.]+%\)\s+PROGRAM TOTALS", line)
        if t:
            found["total"] = int(t.group(1).replace(",", ""))
        m = re.match(r"\s*([0-9,]+) \([ 0-9.]+%\)\s+\S*:(\S+)", line)
        if not m:
            continue
        n, name = int(m.group(1).replace(",", "")), m.group(2)
        for label, pattern in PROFILED:
            if label not in found and re.search(pattern, name):
                found[label] = n
    print("idle daemon under callgrind, %d s after 15 s: %s instructions a second in all" %
          (seconds, format(found.get("total", 0) // seconds, ",")), flush=True)
    for label, _ in PROFILED:
        print("  %-44s %9s a second" % (label, format(found.get(label, 0) // seconds, ",")), flush=True)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if not args:
        sys.exit(__doc__)
    binary = os.path.abspath(args[0])
    seconds = int(args[1]) if len(args) > 1 else 60
    idle(binary, seconds)
    profile(binary)
    if "--idle-only" in sys.argv:
        return
    for rate in (25, 100):
        cpu, loop, (rss, pss, private), events = window(binary, rate, seconds)
        print("daemon at %3d Hz for %d s, one event stream open (%d events read): CPU %.3f%% of one core; passes start "
              "late by median %s, p99 %s, max %s (%d overran); RSS %.1f MB, PSS %.1f MB, private dirty %.1f MB"
              % (rate, seconds, events, 100 * cpu, us(loop.get("lateMedianMicroseconds")), us(loop.get("lateP99Microseconds")),
                 us(loop.get("lateMaxMicroseconds")), loop["overruns"], rss / 1024, pss / 1024, private / 1024), flush=True)
        cpu, loop, _, _ = window(binary, rate, max(10, seconds // 3), hog=True)
        print("daemon at %3d Hz beside %d CPU hogs: CPU %.3f%% of one core; late by median %s, p99 %s, max %s (%d overran of %d)"
              % (rate, os.cpu_count() or 1, 100 * cpu, us(loop.get("lateMedianMicroseconds")),
                 us(loop.get("lateP99Microseconds")), us(loop.get("lateMaxMicroseconds")), loop["overruns"],
                 loop["passes"]), flush=True)
        per, total, passes, top = syscalls_per_pass(binary, rate)
        print("daemon at %3d Hz under strace: %.2f system calls per pass (%d calls in %.0f passes: %s)"
              % (rate, per, total, passes, top), flush=True)
    samples, took, rc = year(binary)
    if rc != 0 or not samples:
        sys.exit("bench: the simulated year did not finish (exit %s)" % rc)
    first, last = samples[min(2, len(samples) - 1)], samples[-1]
    peak = max(s[1] for s in samples)
    print("simulated year (%s to %s, %.0f s): RSS %.1f MB at %s, %.1f MB at %s (peak %.1f MB); PSS %.1f -> %.1f MB; "
          "private dirty %.1f -> %.1f MB"
          % (samples[0][0], last[0], took, first[1] / 1024, first[0], last[1] / 1024, last[0], peak / 1024,
             first[2] / 1024, last[2] / 1024, first[3] / 1024, last[3] / 1024), flush=True)


if __name__ == "__main__":
    main()
