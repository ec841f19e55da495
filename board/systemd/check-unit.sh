#!/usr/bin/env bash
# Checks board/systemd/mihrab.service: systemd's own verify, its offline security score, and
# the settings the daemon depends on. One PASS/FAIL line per check; exits 1 if any failed.
#
#   bash board/systemd/check-unit.sh [BINARY]
#
# BINARY (default /bin/true) stands in for /usr/bin/mihrab in ExecStart=, which verify
# and security want to exist. MIHRAB_UNIT=path checks another unit file.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
unit=${MIHRAB_UNIT:-$here/mihrab.service}
binary=${1:-/bin/true}
# The exposure systemd-analyze may report, in its 0-100 scale (it prints tenths: 1.8 is 18).
# The unit scored 1.8; above 2.5 something was lost.
threshold=25

if ! command -v systemd-analyze >/dev/null; then
    echo "FAIL systemd-analyze is not installed (make unit-check installs the systemd package)"
    exit 1
fi
[[ -f $unit ]] || { echo "FAIL no unit file $unit"; exit 1; }
[[ -x $binary ]] || { echo "FAIL $binary is not an executable"; exit 1; }

failed=0
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; failed=1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
copy=$tmp/mihrab.service
# ExecStart='s program (after any of the prefixes -@:+!) replaced by the binary.
awk -v bin="$binary" '/^ExecStart=/ { match($0, /^ExecStart=[-@:+!]*/); rest = substr($0, RLENGTH + 1);
    sub(/^[^ ]+/, "", rest); $0 = substr($0, 1, RLENGTH) bin rest } { print }' "$unit" >"$copy"

# 1. systemd-analyze verify; 2. the offline security score (board/systemd/unit-checks.sh).
source "$here/unit-checks.sh"
verify_unit "$copy" "ExecStart=$binary" "$copy" 'mihrab\.service'
security_at_most "$copy" "$threshold"

# 3. Settings the daemon depends on (the last assignment of a key wins; none may be absent).
setting() { sed -n "s/^[[:space:]]*$1=//p" "$unit"; }
has_line() { grep -qx "[[:space:]]*$1[[:space:]]*" "$unit"; }

has_line 'DeviceAllow=char-gpiochip rw' && pass "DeviceAllow=char-gpiochip rw" \
    || fail "DeviceAllow=char-gpiochip rw missing (every GPIO chip, whatever its number)"
has_line 'DeviceAllow=char-i2c rw' && pass "DeviceAllow=char-i2c rw" || fail "DeviceAllow=char-i2c rw missing"
has_line 'DeviceAllow=char-alsa rw' && pass "DeviceAllow=char-alsa rw (the speaker)" || fail "DeviceAllow=char-alsa rw missing (the speaker)"
grep -Eq '^SupplementaryGroups=.*\baudio\b' "$unit" && pass "SupplementaryGroups has audio" || fail "SupplementaryGroups lacks audio (the speaker)"
grep -Eq '^SupplementaryGroups=.*\bvideo\b' "$unit" && pass "SupplementaryGroups has video" || fail "SupplementaryGroups lacks video (the HDMI-CEC adapters)"
grep -qx 'DeviceAllow=char-cec rw' "$unit" && pass "DeviceAllow=char-cec rw" || fail "DeviceAllow lacks char-cec (the HDMI-CEC adapters)"
if grep -q '^[[:space:]]*DeviceAllow=/dev/gpiochip' "$unit"; then
    fail "numbered DeviceAllow=/dev/gpiochipN lines (Pi 5 numbers its chips 0 and 10-15)"
else
    pass "no numbered DeviceAllow=/dev/gpiochipN"
fi
[[ $(setting Restart | tail -n 1) == always ]] && pass "Restart=always" \
    || fail "Restart=$(setting Restart | tail -n 1) (want always: death by SIGPIPE is clean to systemd)"
prevent=" $(setting RestartPreventExitStatus | tr '\n' ' ') "
[[ $prevent == *" 64 "* && $prevent == *" 78 "* ]] && pass "RestartPreventExitStatus has 64 and 78" \
    || fail "RestartPreventExitStatus=${prevent// /} lacks 64 or 78 (bad arguments, bad config)"
[[ $(setting RuntimeDirectoryPreserve | tail -n 1) == restart ]] && pass "RuntimeDirectoryPreserve=restart" \
    || fail "RuntimeDirectoryPreserve=restart missing (the fallback state record in /run/mihrab)"
clock=$(setting ProtectClock | tail -n 1)
if [[ ${clock,,} =~ ^(yes|true|on|1)$ ]]; then
    fail "ProtectClock=$clock (it denies adjtimex, even read-only)"
else
    pass "no ProtectClock=yes"
fi

# 4. adjtimex() gets through SystemCallFilter=. glibc implements it with clock_adjtime
# (clock_adjtime64 on 32-bit ARM), so those must pass too. systemd's rule: the first assignment
# decides allow-list or deny-list ("~"), later ones add to or remove from the set, an empty one
# resets it.
expand() { # names and @groups -> system call names, one a line
    local item
    for item in "$@"; do
        item=${item%%:*}
        if [[ $item == @* ]]; then
            systemd-analyze syscall-filter --no-pager "$item" | sed -e 's/#.*//' -e 's/^[[:space:]]*//' -e '/^$/d' |
                tail -n +2 | while read -r x; do expand "$x"; done
        else
            echo "$item"
        fi
    done
}
mode="" # allow, deny or "" (no filter)
set_file=$tmp/syscalls
: >"$set_file"
while IFS= read -r value; do
    if [[ -z $value ]]; then mode=""; : >"$set_file"; continue; fi
    invert=no
    [[ $value == "~"* ]] && { invert=yes; value=${value#\~}; }
    read -ra names <<<"$value"
    expand "${names[@]}" | sort -u >"$tmp/these"
    if [[ -z $mode ]]; then
        [[ $invert == yes ]] && mode=deny || mode=allow
        cp "$tmp/these" "$set_file"
    elif [[ ($mode == allow && $invert == no) || ($mode == deny && $invert == yes) ]]; then
        sort -u "$set_file" "$tmp/these" -o "$set_file"
    else
        comm -23 "$set_file" "$tmp/these" >"$tmp/rest" && mv "$tmp/rest" "$set_file"
    fi
done < <(setting SystemCallFilter)
blocked=()
for call in adjtimex clock_adjtime clock_adjtime64; do
    in_set=no
    grep -qx "$call" "$set_file" && in_set=yes
    if [[ ($mode == allow && $in_set == no) || ($mode == deny && $in_set == yes) ]]; then blocked+=("$call"); fi
done
if [[ ${#blocked[@]} -eq 0 ]]; then
    pass "SystemCallFilter lets the read-only adjtimex through (adjtimex, clock_adjtime, clock_adjtime64; ${mode:-no} list)"
else
    fail "SystemCallFilter blocks ${blocked[*]} (the clock-synchronised check)"
fi

exit $failed
