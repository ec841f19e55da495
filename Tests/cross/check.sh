#!/usr/bin/env bash
# The second toolchain (make cross-check, a part of make test). With Debian's own swiftlang (the
# compiler of the trixie packages; board/cross/toolchain.sh), for aarch64 against Debian 13's
# libraries: the product builds; the binary needs no glibc newer than trixie's; and the arm64
# build runs under qemu-aarch64-static (user-mode emulation, trixie's arm64 root as its library
# root): `mihrab version`, a year of `mihrab times` for five places and a simulated day's
# `--record` are byte for byte what this machine's build (X86_MIHRAB, Swift 6.3.1) prints, and
# the test targets that depend on the processor (PrayerTimes, Geo, Compass, HAL, Drivers) build
# and pass there too. Prints PASS/FAIL lines with
# each step's time; exits non-zero on any failure.
# Usage: Tests/cross/check.sh X86_MIHRAB
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
x86=$(realpath "${1:-}" 2>/dev/null) && [ -x "$x86" ] || { echo "cross: no x86 mihrab given (make release)"; exit 1; }
# The chroots are made, and entered, as root.
if [ "$(id -u)" != 0 ]; then exec sudo --preserve-env=CROSS_MIRROR,MIHRAB_CACHE "$0" "$x86"; fi
source "$root/board/cross/toolchain.sh"

failures=0
t=$SECONDS
pass() { echo "cross: PASS $* ($((SECONDS - t)) s)"; t=$SECONDS; }
fail() { echo "cross: FAIL $*"; failures=$((failures + 1)); t=$SECONDS; }
# The trixie glibc: what a binary for a trixie unit may need at most.
trixie_glibc=2.41

cross_toolchain
swift_version=$(cross_run "$compiler" swift --version 2>&1 | head -1)
pass "the toolchain: $swift_version, the trixie sysroot (cached in $cross_cache)"

# 1. The product, built by Debian's compiler for aarch64 (make cross-check has just packaged this build).
bin=.build-cross/arm64-release/aarch64-unknown-linux-gnu/release/mihrab
read -ra release_flags <<<"$(tr '\n' ' ' <board/release-flags)"
if cross_swift arm64 build -c release --static-swift-stdlib --product mihrab --scratch-path .build-cross/arm64-release "${release_flags[@]}" \
    >.build-cross/check-build.log 2>&1; then
    pass "mihrab builds for aarch64 with Debian's swiftlang (release, static Swift runtime)"
else
    fail "mihrab does not build for aarch64 with Debian's swiftlang:"; tail -20 .build-cross/check-build.log; exit 1
fi
# The checks below run a copy of it.
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cp "$bin" "$out/mihrab" && bin=$out/mihrab

# 2. What the binary needs of glibc: nothing newer than trixie's.
need=$(readelf -V "$bin" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -1)
if [ "$(printf '%s\n%s\n' "$need" "$trixie_glibc" | sort -V | tail -1)" = "$trixie_glibc" ]; then
    pass "the arm64 binary needs glibc $need at most (trixie has $trixie_glibc)"
else
    fail "the arm64 binary needs glibc $need, newer than trixie's $trixie_glibc"
fi

# 3. The arm64 build run under emulation, against the x86 build.
q=(qemu-aarch64-static -L "$sysroot")
v=$("${q[@]}" "$bin" version 2>&1) || true
if [[ $v == "mihrab $(sed -n 's/^[[:space:]]*static let version = "\([^"]*\)".*/\1/p' Sources/mihrab/BuildInfo.swift)"* ]] &&
    grep -q 'libgpiod 2' <<<"$v"; then
    pass "mihrab version runs on arm64 (built against trixie's libgpiod 2: $(grep -o 'libgpiod [0-9.]*' <<<"$v"))"
else
    fail "mihrab version on arm64 said: $v"
fi

# A simulated day in London across the spring DST change, every event and output change recorded:
# the arm64 run (about 4 minutes under emulation, one thread) starts now, beside the years of
# times and the unit tests below, and is compared at the end.
day=(run --board board/simulated.toml --speed 1e6 --start 2026-03-28T22:00 --until 2026-03-29T23:59 --tz Europe/London
     --lat 51.5074 --lon -0.1278 --quiet --screen "")
"${q[@]}" "$bin" "${day[@]}" --record "$out/arm64.jsonl" --state-dir "$out/arm64-state" >"$out/arm64.log" 2>&1 &
day_pid=$!

# Five places, a year each (2026), in zones whose rules did not change between the host's tzdata
# and trixie's (each build reads its own root's /usr/share/zoneinfo).
places=(
    "--lat 21.4225 --lon 39.8262 --tz Asia/Riyadh --method umm-al-qura"
    "--lat 51.5074 --lon -0.1278 --tz Europe/London --method moonsighting"
    "--lat 40.7128 --lon -74.006 --tz America/New_York --method isna --madhab hanafi"
    "--lat 3.139 --lon 101.6869 --tz Asia/Kuala_Lumpur --method jakim"
    "--lat 64.1466 --lon -21.9426 --tz Atlantic/Reykjavik --method mwl --high-latitude-rule seventh-of-night"
)
differ=()
for p in "${places[@]}"; do
    # shellcheck disable=SC2086
    "$x86" times $p --date 2026-01-01 --days 365 --format csv >"$out/x86.csv" 2>&1 || true
    # shellcheck disable=SC2086
    "${q[@]}" "$bin" times $p --date 2026-01-01 --days 365 --format csv >"$out/arm64.csv" 2>&1 || true
    lines=$(wc -l <"$out/x86.csv")
    if [ "$lines" -lt 366 ] || ! cmp -s "$out/x86.csv" "$out/arm64.csv"; then
        differ+=("$p ($lines lines): $(diff "$out/x86.csv" "$out/arm64.csv" | head -3 | tr '\n' ' ')")
    fi
done
if [ ${#differ[@]} = 0 ]; then
    pass "a year of times for five places: arm64 equal to x86 byte for byte (5 x 365 days)"
else
    fail "times differ between arm64 and x86: ${differ[*]}"
fi

# 4. The test targets that depend on the processor, built by Debian's compiler for aarch64,
# optimised, with -enable-testing (for @testable), from the package reduced to them and what they
# need (MIHRAB_ARCH_TESTS=1: Package.swift; no other package, no NIO) in a scratch folder of their
# own. -disable-cross-import-overlays: Debian's swiftlang 6.2.3 ships the _Testing_Foundation
# overlay's module but not its library (lib_Testing_Foundation.so), which importing Testing and
# Foundation together would link; no test uses what the overlay adds.
tests=.build-cross/arm64-tests/aarch64-unknown-linux-gnu/release/MihrabPackageTests.xctest
if MIHRAB_ARCH_TESTS=1 cross_swift arm64 build -c release --build-tests -Xswiftc -enable-testing --scratch-path .build-cross/arm64-tests \
    -Xswiftc -Xfrontend -Xswiftc -disable-cross-import-overlays >.build-cross/check-build-tests.log 2>&1; then
    pass "the processor's test targets build for aarch64 with Debian's swiftlang (optimised, -enable-testing)"
else
    fail "the tests do not build for aarch64 with Debian's swiftlang:"; grep -E "error:" .build-cross/check-build-tests.log | sort -u | head -20
    tail -5 .build-cross/check-build-tests.log; exit 1
fi

# 5. Those tests run on arm64, one module a process (Swift Testing's, then the module's XCTest
# cases). The build is optimised (with -enable-testing for @testable): under emulation a debug
# build runs many times slower.
runtime=$compiler/opt/swift-aarch64/swift/linux
for s in PrayerTimesTests GeoTests CompassTests HALTests DriversTests; do
    skip='RealTime'
    "${q[@]}" -E LD_LIBRARY_PATH="$runtime" "$tests" --testing-library swift-testing --filter "^$s\\." --skip "$skip" \
        >"$out/$s.log" 2>&1 && rc=0 || rc=$?
    summary=$(grep -aE "Test run with [0-9]+ tests? in [0-9]+ suites? (passed|failed)" "$out/$s.log" | tail -1)
    count=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} in \([0-9]*\) suites\{0,1\}.*/\1 tests in \2 suites/p' <<<"$summary")
    if [ $rc = 0 ] && grep -q passed <<<"$summary" && [ -n "$count" ] && [[ $count != "0 "* ]]; then
        pass "$s on arm64 under qemu (Swift Testing): $count passed"
    else
        fail "$s on arm64 under qemu (rc $rc): ${summary:-no summary}"; grep -aE "✘" "$out/$s.log" | head -10
    fi
    # XCTest's filter names classes (Module.Class, comma-separated): the module's XCTestCase classes.
    classes=$( (grep -rhoE "class [A-Za-z0-9_]+: XCTestCase" "Tests/$s" || true) | awk -v m="$s" '{sub(":", "", $2); printf "%s%s.%s", (n++ ? "," : ""), m, $2}')
    if [ -n "$classes" ]; then
        "${q[@]}" -E LD_LIBRARY_PATH="$runtime" "$tests" "$classes" >"$out/$s-xctest.log" 2>&1 && rc=0 || rc=$?
        xc=$(grep -aE "Executed [0-9]+ tests?, with [0-9]+ failures?" "$out/$s-xctest.log" | tail -1)
        if [ $rc = 0 ] && grep -q "with 0 failures" <<<"$xc" && ! grep -q "Executed 0 tests" <<<"$xc"; then
            pass "$s's XCTest cases on arm64: $(sed 's/^ *//' <<<"$xc")"
        else
            fail "$s's XCTest cases on arm64 (rc $rc): ${xc:-no summary}"; tail -10 "$out/$s-xctest.log"
        fi
    fi
done

# The simulated day, started above: its record against this machine's.
"$x86" "${day[@]}" --record "$out/x86.jsonl" --state-dir "$out/x86-state" >"$out/x86.log" 2>&1 || true
wait "$day_pid" || true
n=$(wc -l <"$out/x86.jsonl" 2>/dev/null || echo 0)
adhans=$(grep -c '"adhan"' "$out/x86.jsonl" 2>/dev/null || echo 0)
# An event's "real" (real seconds since the loop started) is each machine's own: left out. The
# relay writes its lines from its own queue, so among the loop's lines of the same instant it may
# come a line earlier or later: its lines are compared apart, in their own order.
for a in x86 arm64; do
    sed -E 's/"real":[^,}]*,?//' "$out/$a.jsonl" 2>/dev/null | grep -v '"output":"relay"' >"$out/$a.virtual.jsonl" || true
    grep '"output":"relay"' "$out/$a.jsonl" >"$out/$a.relay.jsonl" 2>/dev/null || true
done
if [ "$n" -gt 100 ] && [ "$adhans" -ge 5 ] && cmp -s "$out/x86.virtual.jsonl" "$out/arm64.virtual.jsonl" &&
   [ -s "$out/x86.relay.jsonl" ] && cmp -s "$out/x86.relay.jsonl" "$out/arm64.relay.jsonl"; then
    pass "a simulated day (London, 2026-03-29, the clocks go forward) recorded on arm64 equal to x86 byte for byte ($n lines)"
else
    fail "the simulated day's record differs ($n lines, $adhans adhan lines): $(diff "$out/x86.virtual.jsonl" "$out/arm64.virtual.jsonl" 2>&1 | head -4 | tr '\n' ' ') relay: $(diff "$out/x86.relay.jsonl" "$out/arm64.relay.jsonl" 2>&1 | head -2 | tr '\n' ' ') $(tail -2 "$out/arm64.log")"
fi

exit $((failures > 0))
