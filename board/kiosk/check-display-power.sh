#!/usr/bin/env bash
# Checks the kiosk's screen power (board/kiosk/display-power.bash) as `mihrab-kiosk --inside`
# runs it in cage: the wrapper with `sleep` standing in for the browser, stand-ins for wlopm and
# wlr-randr that record their arguments (a wlopm that fails as it does under cage, which has no
# wlr-output-power-management), and a file of its own in place of /run/mihrab/display-power,
# replaced whole as the daemon does. One PASS/FAIL line per check; exits 1 if any failed. The
# cases run side by side; each waits for what it expects, at most 8 s (the watcher reads the
# file every 2 s). check-kiosk.sh runs it.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
wrapper=$here/mihrab-kiosk
tmp=$(mktemp -d)
browsers=()
trap 'kill "${browsers[@]}" 2>/dev/null || true; rm -rf "$tmp"' EXIT

failed=0
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; failed=1; }

# Only what the wrapper needs on the PATH, so that an installed wlopm or wlr-randr is not used.
mkdir -p "$tmp/base"
for tool in readlink awk; do ln -s "$(command -v $tool)" "$tmp/base/$tool"; done
stub() { # case tool body
    mkdir -p "$tmp/$1.bin"
    printf '#!/bin/sh\n%s\n' "$3" >"$tmp/$1.bin/$2"
    chmod 755 "$tmp/$1.bin/$2"
}
wlopm_works='echo "wlopm $*" >>"$CALLS"'
wlopm_as_under_cage='echo "wlopm $*" >>"$CALLS"
echo "ERROR: Wayland server does not support wlr-output-power-management-v1" >&2
exit 1'
wlr_randr='if [ $# = 0 ]; then printf "%s\n" "HDMI-A-1 \"Stand-in TV\"" "  Enabled: yes"; exit 0; fi
echo "wlr-randr $*" >>"$CALLS"'
power() { # case on|off|missing: the file, replaced whole
    if [[ $2 == missing ]]; then rm -f "$tmp/$1.power"; return; fi
    echo "$2" >"$tmp/$1.power.new" && mv "$tmp/$1.power.new" "$tmp/$1.power"
}
start() { # case: the wrapper inside its "session" in the background
    mkdir -p "$tmp/$1.bin"
    : >"$tmp/$1.calls"
    env -i PATH="$tmp/$1.bin:$tmp/base" CALLS="$tmp/$1.calls" MIHRAB_DISPLAY_POWER_FILE="$tmp/$1.power" \
        "$BASH" "$wrapper" --inside -- /bin/sleep 120 2>"$tmp/$1.journal" &
    browsers+=($!)
    eval "browser_$1=$!"
}
seen() { # file pattern [seconds]: whether the pattern appears in the file within the time
    local i
    for ((i = 0; i < ${3:-8} * 5; i++)); do
        grep -q -- "$2" "$1" 2>/dev/null && return 0
        sleep 0.2
    done
    return 1
}
count() { grep -c -- "$2" "$1" 2>/dev/null || true; }

# a: wlopm, the file "off" at the start; then "on"; then the browser ends.
stub a wlopm "$wlopm_works"
power a off
start a
# b: no file (the daemon's power is "cec" or "none"): nothing; then "off" appears.
stub b wlopm "$wlopm_works"
start b
# c: neither wlopm nor wlr-randr (Debian 12), the file "off".
power c off
start c
# d: wlopm fails as under cage, and wlr-randr turns the output off instead.
stub d wlopm "$wlopm_as_under_cage"
stub d wlr-randr "$wlr_randr"
power d off
start d

if seen "$tmp/a.calls" "^wlopm --off \*$"; then
    pass "the file says off at the watcher's start: wlopm --off '*'"
else
    fail "the file says off at the start: no wlopm --off '*' (calls: $(cat "$tmp/a.calls"); journal: $(cat "$tmp/a.journal"))"
fi
power a on
seen "$tmp/a.calls" "^wlopm --on \*$" && pass "the file turned on: wlopm --on '*'" \
    || fail "the file turned on: no wlopm --on '*' ($(cat "$tmp/a.calls"))"
seen "$tmp/a.journal" "the screen on (wlopm)" 1 && pass "each change is a line in the journal" \
    || fail "no journal line for the change: $(cat "$tmp/a.journal")"

[[ ! -s $tmp/b.calls && ! -s $tmp/b.journal ]] && pass "no file: nothing done, nothing said" \
    || fail "no file: calls '$(cat "$tmp/b.calls")', journal '$(cat "$tmp/b.journal")'"
power b off
seen "$tmp/b.calls" "^wlopm --off \*$" && pass "then the file appears with off: wlopm --off '*'" \
    || fail "the file appeared with off: no wlopm --off ($(cat "$tmp/b.calls"))"
power b missing
seen "$tmp/b.calls" "^wlopm --on \*$" && pass "the file gone again (the daemon stopped): wlopm --on '*'" \
    || fail "the file gone: no wlopm --on ($(cat "$tmp/b.calls"))"

if seen "$tmp/c.journal" "neither wlopm"; then
    sleep 3
    lines=$(wc -l <"$tmp/c.journal")
    [[ $lines -eq 1 ]] && pass "neither wlopm nor wlr-randr: one line ($(cat "$tmp/c.journal"))" \
        || fail "neither wlopm nor wlr-randr: $lines lines: $(cat "$tmp/c.journal")"
else
    fail "neither wlopm nor wlr-randr: nothing said ($(cat "$tmp/c.journal"))"
fi
# shellcheck disable=SC2154 # set by start's eval
kill -0 "$browser_c" 2>/dev/null && pass "the browser runs on all the same" || fail "the browser ended with the watcher"

if seen "$tmp/d.calls" "^wlr-randr --output HDMI-A-1 --off$"; then
    [[ $(count "$tmp/d.calls" "^wlopm --off") -eq 1 ]] && seen "$tmp/d.journal" "wlr-randr turns the outputs off instead" 1 \
        && pass "wlopm failing as under cage: wlr-randr --output HDMI-A-1 --off instead, said once" \
        || fail "wlopm failing: calls $(cat "$tmp/d.calls"); journal $(cat "$tmp/d.journal")"
else
    fail "wlopm failing as under cage: no wlr-randr --off ($(cat "$tmp/d.calls"); $(cat "$tmp/d.journal"))"
fi
power d on
seen "$tmp/d.calls" "^wlr-randr --output HDMI-A-1 --on --preferred$" && [[ $(count "$tmp/d.calls" "^wlopm") -eq 1 ]] \
    && pass "then on: wlr-randr --on --preferred, wlopm not tried again" || fail "then on: $(cat "$tmp/d.calls")"

# The watcher ends with the browser: after it, a change is not applied.
# shellcheck disable=SC2154
kill "$browser_a"
wait "$browser_a" 2>/dev/null || true
power a off
sleep 4
[[ $(count "$tmp/a.calls" "^wlopm --off") -eq 1 ]] && pass "the watcher ends with the browser" \
    || fail "the browser ended but the watcher went on: $(cat "$tmp/a.calls")"

exit $failed
