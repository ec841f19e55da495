#!/usr/bin/env bash
# Checks the wall screen: board/kiosk/mihrab-kiosk.service with systemd's own verify and offline
# security score, the settings it depends on, and the command its wrapper (board/kiosk/mihrab-kiosk)
# builds from kiosk.env, and (check-display-power.sh) how it follows the daemon's wanted screen
# power inside cage. One PASS/FAIL line per check; exits 1 if any failed.
#
#   bash board/kiosk/check-kiosk.sh
#
# Nothing is installed and no display is needed. verify wants ExecStart='s program to exist: a
# copy of the unit is checked with the wrapper from this tree in place of
# /usr/local/lib/mihrab/mihrab-kiosk, next to a copy of the daemon's unit (Wants=mihrab.service).
# The wrapper finds cage and chromium on the PATH: the installed ones when there are, otherwise
# stand-ins (small scripts in a temporary directory) that answer `cage -h` as cage 0.1.4 does.
# MIHRAB_KIOSK_UNIT=path checks another unit file.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
unit=${MIHRAB_KIOSK_UNIT:-$here/mihrab-kiosk.service}
wrapper=$here/mihrab-kiosk
envfile=$here/kiosk.env
daemon_unit=$here/../systemd/mihrab.service
installed_wrapper=/usr/local/lib/mihrab/mihrab-kiosk
# The exposure systemd-analyze may report, in its 0-100 scale (it prints tenths). The unit scores
# 4.1 OK (a browser needs namespaces, W+X memory for its JIT, the devices and many system calls);
# above 4.5 something was lost.
threshold=45

if ! command -v systemd-analyze >/dev/null; then
    echo "FAIL systemd-analyze is not installed (make unit-check installs the systemd package)"
    exit 1
fi
for f in "$unit" "$wrapper" "$envfile" "$daemon_unit"; do
    [[ -f $f ]] || { echo "FAIL no file $f"; exit 1; }
done

failed=0
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; failed=1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. systemd-analyze verify of a copy with the wrapper from here (and the daemon unit it wants);
# 2. the offline security score (board/systemd/unit-checks.sh).
copy=$tmp/mihrab-kiosk.service
sed "s|^ExecStart=$installed_wrapper|ExecStart=$wrapper|" "$unit" >"$copy"
sed -E 's|^(ExecStart=[-@:+!]*)[^ ]+|\1/bin/true|' "$daemon_unit" >"$tmp/mihrab.service"
source "$here/../systemd/unit-checks.sh"
verify_unit "$copy" "ExecStart=$wrapper" "$tmp" 'mihrab-kiosk\.service' 'mihrab\.service'
security_at_most "$copy" "$threshold"

# 3. Settings the kiosk depends on (the last assignment of a key wins; lists add up).
setting() { sed -n "s/^[[:space:]]*$1=//p" "$unit"; }
last() { setting "$1" | tail -n 1; }
words() { echo " $(setting "$1" | tr '\n' ' ') "; }
expect() { # key value reason
    [[ $(last "$1") == "$2" ]] && pass "$1=$2" || fail "$1=$(last "$1") (want $2: $3)"
}
expect Restart always "a wall screen comes back after any end"
expect User mihrab-kiosk "unprivileged, board/kiosk/mihrab-kiosk.sysusers"
expect ExecStart "$installed_wrapper" "the wrapper make install-kiosk installs"
expect EnvironmentFile -/etc/mihrab/kiosk.env "the one place the URL is set"
expect TTYPath /dev/tty1 "the console the screen shows"
expect PAMName mihrab-kiosk "a logind session hands cage the display: board/kiosk/mihrab-kiosk.pam"
expect StateDirectory mihrab-kiosk "chromium's profile and the user's home"
[[ $(words After) == *" mihrab.service "* ]] && pass "After=mihrab.service" || fail "After= lacks mihrab.service"
[[ $(words Wants) == *" mihrab.service "* ]] && pass "Wants=mihrab.service" || fail "Wants= lacks mihrab.service"
[[ $(words Conflicts) == *" getty@tty1.service "* ]] && pass "Conflicts=getty@tty1.service" \
    || fail "Conflicts= lacks getty@tty1.service (the getty would hold tty1)"
grep -q '^session[[:space:]].*pam_systemd\.so' "$here/mihrab-kiosk.pam" && pass "mihrab-kiosk.pam opens a pam_systemd session" \
    || fail "mihrab-kiosk.pam has no pam_systemd session (no logind session: cage gets no display)"
bad=()
for key in RestrictNamespaces MemoryDenyWriteExecute PrivateDevices DeviceAllow ProtectClock ProcSubset; do
    value=$(last "$key")
    [[ -z $value || ${value,,} =~ ^(no|false|off|0)$ ]] || bad+=("$key=$value")
done
[[ ${#bad[@]} -eq 0 ]] && pass "nothing that breaks chromium or hides the devices (RestrictNamespaces, MemoryDenyWriteExecute, PrivateDevices, DeviceAllow, ProtectClock, ProcSubset)" \
    || fail "${bad[*]} (chromium's sandbox needs namespaces, V8 W+X memory; cage needs DRM and input devices)"
# The daemon's /run/mihrab/display-power (and status.json) readable by mihrab-kiosk: the runtime
# directory 0755 (RuntimeDirectoryMode= absent or granting others r-x) and files 0644 (UMask=0022).
dsetting() { sed -n "s/^[[:space:]]*$1=//p" "$daemon_unit" | tail -n 1; }
rmode=$(dsetting RuntimeDirectoryMode)
if [[ $(dsetting RuntimeDirectory) == mihrab && ( -z $rmode || $((8#$rmode & 8#5)) -eq 5 ) && $(dsetting UMask) == 0022 ]]; then
    pass "mihrab.service: /run/mihrab readable by mihrab-kiosk (RuntimeDirectoryMode=${rmode:-0755}, UMask=0022)"
else
    fail "mihrab.service: RuntimeDirectory=$(dsetting RuntimeDirectory) RuntimeDirectoryMode=$rmode UMask=$(dsetting UMask) (the kiosk reads /run/mihrab/display-power)"
fi
for group in video render input; do
    grep -qx "m mihrab-kiosk $group" "$here/mihrab-kiosk.sysusers" && pass "mihrab-kiosk is in $group" \
        || fail "mihrab-kiosk.sysusers does not put mihrab-kiosk in $group"
done

# 4. The command the wrapper builds from kiosk.env: cage, then chromium --kiosk on the URL.
stubs=$tmp/bin
mkdir -p "$stubs"
stub() { # name [-h text [-v text]]
    printf '#!/bin/sh\n[ "$1" = -h ] && printf "%%s\\n" "%s"\n[ "$1" = -v ] && printf "%%s\\n" "%s"\nexit 0\n' \
        "${2:-}" "${3:-}" >"$stubs/$1"
    chmod 755 "$stubs/$1"
}
stub cage " -r	 Rotate the output 90 degrees clockwise, specify up to three times"
stub chromium
path=$stubs:/usr/bin:/bin
real=()
for program in cage chromium; do
    found=$(PATH=/usr/bin:/bin command -v $program) || continue
    # An installed cage 0.1.4 without Xwayland would be refused (tested below with a stand-in).
    [[ $program == cage && $("$found" -v 2>&1 || true) =~ 0\.1\.[0-4]$ ]] && ! PATH=/usr/bin:/bin command -v Xwayland >/dev/null && continue
    real+=("$found")
    rm "$stubs/$program"
done
run() { # env file, arguments -> the wrapper's output; its status in $status
    local env=() line
    while IFS= read -r line; do # KEY=VALUE lines, as systemd reads them (no quotes used here)
        [[ $line =~ ^[[:space:]]*([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]] && env+=("${BASH_REMATCH[1]}=${BASH_REMATCH[2]}")
    done <"$1"
    shift
    status=0
    out=$(env -i PATH="$path" HOME=/var/lib/mihrab-kiosk "${env[@]}" "$BASH" "$wrapper" "$@" 2>&1) || status=$?
}
url=$(sed -n 's/^MIHRAB_SCREEN_URL=//p' "$envfile")
[[ $url == http://127.0.0.1:8080/ ]] && pass "kiosk.env: MIHRAB_SCREEN_URL=$url" \
    || fail "kiosk.env: MIHRAB_SCREEN_URL=$url (want http://127.0.0.1:8080/, the daemon's default [screen] listen)"
run "$envfile" --print
mapfile -t argv <<<"$out"
using="${real[*]:-stand-ins}"
if [[ $status -ne 0 ]]; then
    fail "mihrab-kiosk --print exited $status: $out"
else
    [[ ${argv[0]##*/} == cage && ${argv[1]} == -- ]] && pass "the command starts cage -- ($using)" \
        || fail "the command does not start with cage --: ${argv[*]}"
    [[ ${argv[2]} == "$(readlink -f "$wrapper")" && ${argv[3]} == --inside && ${argv[4]} == -- ]] \
        && pass "cage runs the wrapper --inside first (the screen's power)" || fail "cage runs ${argv[*]:2:3}, not the wrapper --inside --"
    [[ ${argv[5]##*/} =~ ^chromium(-browser)?$ ]] && pass "then ${argv[5]}" || fail "then ${argv[5]}, not chromium"
    missing=()
    for flag in --kiosk --ozone-platform=wayland --noerrdialogs --disable-infobars --no-first-run \
        --disable-session-crashed-bubble --disable-features=Translate --check-for-update-interval=31536000 \
        --incognito --autoplay-policy=no-user-gesture-required --user-data-dir=/var/lib/mihrab-kiosk/chromium; do
        printf '%s\n' "${argv[@]}" | grep -qx -- "$flag" || missing+=("$flag")
    done
    [[ ${#missing[@]} -eq 0 ]] && pass "chromium --kiosk and the kiosk flags" || fail "chromium lacks ${missing[*]}"
    printf '%s\n' "${argv[@]}" | grep -qx -- --no-sandbox && fail "chromium runs with --no-sandbox" \
        || pass "chromium keeps its sandbox (no --no-sandbox)"
    [[ ${argv[-1]} == "$url" ]] && pass "chromium opens $url, from kiosk.env" || fail "chromium opens ${argv[-1]}, not $url"
fi
other=$tmp/other.env
echo "MIHRAB_SCREEN_URL=http://[::1]:9090/screen?x=1" >"$other"
run "$other" --print
[[ $status -eq 0 && $(tail -n 1 <<<"$out") == "http://[::1]:9090/screen?x=1" ]] \
    && pass "another URL in the env file is the one opened" || fail "another URL: $status $out"
: >"$tmp/empty.env"
run "$tmp/empty.env" --print
[[ $status -eq 78 && $out == *MIHRAB_SCREEN_URL* ]] && pass "no URL: exit 78, said so" || fail "no URL: exit $status: $out"
printf 'MIHRAB_SCREEN_URL=%s\nMIHRAB_KIOSK_ROTATE=90\n' "$url" >"$other"
cage=$(PATH=$path command -v cage)
if grep -q '^ *-r' <<<"$("$cage" -h 2>&1 || true)"; then # cage 0.1.4 (Debian 12, Raspberry Pi OS bookworm)
    run "$other" --print
    [[ $status -eq 0 && $(sed -n 2p <<<"$out") == -r && $(sed -n 3p <<<"$out") == -- ]] \
        && pass "MIHRAB_KIOSK_ROTATE=90 with a cage that has -r ($cage): cage -r" || fail "rotation 90 with cage -r: $status $out"
else
    echo "SKIP MIHRAB_KIOSK_ROTATE=90 with cage -r: $cage has no -r"
fi
# A cage without -r (0.1.5 and later): wlr-randr inside cage, then the browser.
stub cage " -m extend Extend the display across all connected outputs (default)"
run "$other" --print
[[ $status -eq 0 && $(sed -n 3p <<<"$out") == "$(readlink -f "$wrapper")" && $(sed -n 4,7p <<<"$out" | tr '\n' ' ') == "--inside --transform 90 -- " ]] \
    && pass "MIHRAB_KIOSK_ROTATE=90 with a cage without -r: wlr-randr inside cage" || fail "rotation 90 without cage -r: $status $out"
printf 'MIHRAB_SCREEN_URL=%s\nMIHRAB_KIOSK_ROTATE=45\n' "$url" >"$other"
run "$other" --print
[[ $status -eq 78 ]] && pass "MIHRAB_KIOSK_ROTATE=45: exit 78" || fail "MIHRAB_KIOSK_ROTATE=45: exit $status: $out"
# Raspberry Pi OS's chromium-browser, when there is no chromium.
only=$tmp/only
mkdir -p "$only"
cp "$stubs/cage" "$only/"
printf '#!/bin/sh\nexit 0\n' >"$only/chromium-browser"
chmod 755 "$only/chromium-browser"
ln -s "$(command -v readlink)" "$only/readlink"
ln -s "$(command -v grep)" "$only/grep"
saved=$path
path=$only
run "$envfile" --print
[[ $status -eq 0 && $(sed -n 6p <<<"$out") == "$only/chromium-browser" ]] && pass "chromium-browser when there is no chromium" \
    || fail "chromium-browser not found: $status $out"
# cage 0.1.4 without Xwayland (none on this PATH).
printf '#!/bin/sh\n[ "$1" = -v ] && echo "Cage version 0.1.4"\nexit 0\n' >"$only/cage"
run "$envfile" --print
[[ $status -eq 78 && $out == *xwayland* ]] && pass "cage 0.1.4 without Xwayland: exit 78, said so" \
    || fail "cage 0.1.4 without Xwayland: exit $status: $out"
path=$saved

# 5. The browser waits for the page: the wrapper, with a cage stand-in that records its arguments,
# against a port where a server starts two seconds later.
if command -v python3 >/dev/null; then
    printf '#!/bin/sh\ncase "$1" in -h|-v) exit 0;; esac\nprintf "%%s\\n" "$@" >"%s"\n' "$tmp/started" >"$stubs/cage"
    [[ -x $stubs/chromium ]] || stub chromium
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    mkdir -p "$tmp/www"
    echo page >"$tmp/www/index.html"
    env -i PATH="$stubs:/usr/bin:/bin" HOME=/var/lib/mihrab-kiosk MIHRAB_SCREEN_URL="http://127.0.0.1:$port/" \
        "$BASH" "$wrapper" >"$tmp/waiting.log" 2>&1 &
    waiter=$!
    sleep 2
    started_early=no
    [[ -e $tmp/started ]] && started_early=yes
    python3 -m http.server --bind 127.0.0.1 --directory "$tmp/www" "$port" >/dev/null 2>&1 &
    server=$!
    for _ in $(seq 50); do [[ -e $tmp/started ]] && break; sleep 0.2; done
    kill "$server" "$waiter" 2>/dev/null || true
    wait "$server" "$waiter" 2>/dev/null || true
    if [[ $started_early == no && -e $tmp/started && $(tail -n 1 "$tmp/started") == "http://127.0.0.1:$port/" ]]; then
        pass "cage and chromium start only once the page answers (not before, within 10 s after)"
    else
        fail "waiting for the page: started before the server: $started_early; after: $([[ -e $tmp/started ]] && echo yes || echo no)"
    fi
else
    echo "SKIP waiting for the page (no python3 to serve one)"
fi

# 6. The screen's power inside cage (board/kiosk/display-power.bash), with stand-ins.
bash "$here/check-display-power.sh" || failed=1

exit $failed
