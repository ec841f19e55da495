#!/usr/bin/env bash
# make test after its parallel pass (Makefile): the tests that need real time in the foreground, one
# after another (the RealTime pass, the amd64 rig and boot, the arm64 boot); the CPU-heavy steps
# that need no clock beside them: the amd64 package's release build, Debian's toolchain and the
# arm64 unit's kernel and root filesystem, then Debian's toolchain's checks. Those run at
# SCHED_IDLE: a process of that class gets only the CPU time no other process wants, so it cannot
# starve a test; it fills what the tests leave idle (a RealTime test mostly waits; a qemu guest
# under TCG keeps one core of two). Their output is printed when they are waited for.
# Usage: Tests/beside.sh (MAKE and SWIFT from the environment; run by make test)
set -euo pipefail
cd "$(dirname "$0")/.."
make=${MAKE:-make}
swift=${SWIFT:-swift}
logs=.build/beside
mkdir -p "$logs"

# Job control: each step beside is a process group of its own (the terminal kept, for sudo).
set -m
# The steps beside use sudo when not run as root: asked for here, once, not by a step in the background.
[ "$(id -u)" = 0 ] || sudo -v
declare -A pids=()
# beside NAME COMMAND...: COMMAND at SCHED_IDLE (and idle I/O), its output in $logs/NAME.log.
beside() {
    local name=$1; shift
    ionice -c 3 chrt --idle 0 "$@" >"$logs/$name.log" 2>&1 </dev/null &
    pids[$name]=$!
    echo "beside: $name started at SCHED_IDLE (pid $!, $logs/$name.log)"
}
# await NAME: its output once it has ended, then its exit status.
await() {
    local name=$1 rc=0 t=$SECONDS
    wait "${pids[$name]}" || rc=$?
    unset "pids[$name]"
    echo "beside: $name ended (waited $((SECONDS - t)) s for it)"
    sed 's/^/  | /' "$logs/$name.log"
    [ $rc = 0 ] || { echo "beside: FAIL $name exited $rc"; exit $rc; }
}
# On a failure the builds still running beside are stopped (their process groups); the arm64
# unit's preparation is let finish: stopped inside debootstrap or dpkg, it would leave a half-made
# root in the cache.
stop() {
    local name
    for name in "${!pids[@]}"; do
        if [ "$name" = arm64 ]; then
            echo "beside: waiting for arm64 to finish (the cache it fills must not be left half made)"
            wait "${pids[$name]}" || true
        else
            kill -TERM -- "-${pids[$name]}" 2>/dev/null || true
        fi
    done
}
trap stop EXIT

beside release "$make" --no-print-directory deb-build
beside arm64 "$make" --no-print-directory arm64-prepare
"$swift" test --skip-build --filter RealTime --no-parallel
await release
"$make" --no-print-directory rig
await arm64
"$make" --no-print-directory deb ARCH=arm64
# The arm64 package booted in the foreground (a qemu guest on the real clock), Debian's
# toolchain's checks beside it (its test targets' build, then unit tests under qemu-user: virtual time).
beside cross "$make" --no-print-directory cross-check-run
"$make" --no-print-directory boot-arm64
await cross
