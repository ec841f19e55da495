#!/usr/bin/env bash
# make test after its parallel pass (Makefile): the tests that need real time in the foreground, one
# after another (the RealTime pass, the amd64 rig and boot, the arm64 boot); the CPU-heavy steps
# that need no clock beside them. Those run at SCHED_IDLE: a process of that class gets only the
# CPU time no other process wants, so it cannot starve a test; it fills what the tests leave idle
# (a RealTime test mostly waits; a qemu guest under TCG keeps one core of two).
#   beside the RealTime pass: the amd64 package's release build, then the arm64 package (Debian's
#     toolchain and the arm64 unit's kernel and root first, from the cache when it has them);
#   beside the amd64 rig and boot: the rest of the arm64 package's build;
#   beside the arm64 boot: Debian's toolchain's checks (Tests/cross/check.sh).
# Their output is printed when they are waited for; each step's time goes to Tests/phase.sh.
# Usage: Tests/beside.sh (MAKE and SWIFT from the environment; run by make test)
set -euo pipefail
cd "$(dirname "$0")/.."
make=${MAKE:-make}
swift=${SWIFT:-swift}
logs=.build/beside
mkdir -p "$logs"
rm -f "$logs/release.rc"
phase() { bash Tests/phase.sh "$@"; }

# Job control: each step beside is a process group of its own (the terminal kept, for sudo).
set -m
# The steps beside use sudo when not run as root: asked for here, once, not by a step in the background.
[ "$(id -u)" = 0 ] || sudo -v
declare -A pids=()
# beside NAME COMMAND...: COMMAND at SCHED_IDLE (and idle I/O), its output in $logs/NAME.log.
beside() {
    local name=$1; shift
    PHASE_TAG=beside ionice -c 3 chrt --idle 0 "$@" >"$logs/$name.log" 2>&1 </dev/null &
    pids[$name]=$!
    echo "beside: $name started at SCHED_IDLE (pid $!, $logs/$name.log)"
}
# await NAME: its output once it has ended, then its exit status.
await() {
    local name=$1 rc=0 t=$SECONDS
    wait "${pids[$name]}" || rc=$?
    unset "pids[$name]"
    echo "beside: $name ended (waited $((SECONDS - t)) s for it)"
    printf '%s\t%s\t\n' "waiting for $name" "$((SECONDS - t))" >>.build/phases.tsv
    sed 's/^/  | /' "$logs/$name.log"
    [ $rc = 0 ] || { echo "beside: FAIL $name exited $rc"; exit $rc; }
}
# On a failure the builds still running beside are stopped (their process groups); the arm64
# unit's preparation is let finish: stopped inside debootstrap or dpkg, it would leave a half-made
# root in the cache.
stop() {
    local name
    for name in "${!pids[@]}"; do
        if [ "$name" = arm64 ] && [ ! -f "$logs/arm64.prepared" ]; then
            echo "beside: waiting for arm64's preparation to finish (the cache it fills must not be left half made)"
            while kill -0 "${pids[$name]}" 2>/dev/null && [ ! -f "$logs/arm64.prepared" ]; do sleep 2; done
        fi
        kill -TERM -- "-${pids[$name]}" 2>/dev/null || true
    done
}
trap stop EXIT
rm -f "$logs/arm64.prepared"

# The amd64 release build first; the arm64 package's build waits for it (both at SCHED_IDLE would
# share the idle CPU and hold up the rig, which needs the amd64 build).
beside release bash -c 'bash Tests/phase.sh "amd64 release build (the package)" "$1" --no-print-directory deb-build
    rc=$?; echo $rc >"$2/release.rc"; exit $rc' _ "$make" "$logs"
beside arm64 bash -c '
    bash Tests/phase.sh "arm64: Debian toolchain, kernel and root (cache)" "$1" --no-print-directory arm64-prepare || exit
    touch "$2/arm64.prepared"
    until [ -f "$2/release.rc" ]; do sleep 2; done
    [ "$(cat "$2/release.rc")" = 0 ] || exit 1
    bash Tests/phase.sh "arm64 package (Debian swiftlang, release)" "$1" --no-print-directory deb ARCH=arm64' _ "$make" "$logs"
phase "RealTime pass (one test at a time)" "$swift" test --skip-build --filter RealTime --no-parallel
await release
phase "amd64 rig (libgpiod v1 and v2) and Debian 12 boot" "$make" --no-print-directory rig
await arm64
# The arm64 package booted in the foreground (a qemu guest on the real clock), Debian's
# toolchain's checks beside it (the processor's test targets' build, then those tests under
# qemu-user: virtual time).
beside cross bash Tests/phase.sh "arm64 checks (Debian swiftlang, qemu-user)" "$make" --no-print-directory cross-check-run
phase "arm64 boot and upgrade" "$make" --no-print-directory boot-arm64
await cross
