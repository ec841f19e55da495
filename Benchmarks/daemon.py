#!/usr/bin/env python3
"""The daemon on the simulated board in real time, with its wall screen's server on and one
page's event stream open (read as it comes, as a screen does):
CPU share of one core, how late the loop's passes start against their deadlines (median,
p99, max; alone and beside a CPU hog on every core), system calls per pass, and memory (RSS,
PSS, private dirty), at 25 Hz and 100 Hz. Then memory over a simulated year at full speed.

Usage: daemon.py BINARY [SECONDS]   (run from the repository's root; `make bench` does)

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


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 60
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
