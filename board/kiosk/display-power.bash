# The screen's power inside the kiosk's cage session: sourced by mihrab-kiosk --inside, which runs
# follow_display_power in the background beside the browser.
#
# With [display] power = "compositor" or "both" the daemon writes the TV's wanted power, "on" or
# "off" and a newline, into MIHRAB_DISPLAY_POWER_FILE (default /run/mihrab/display-power, in its
# RuntimeDirectory), replaced whole at its start and at each change. The watcher applies the
# file's state when it starts (a restarted kiosk re-asserts it), then each change, reading the
# file every 2 s (a builtin read: no process per poll while nothing changes). A missing file
# means on: nothing is done at the start, and an output turned off is turned on again. Many TVs
# go to standby when their input has no signal.
#
# How: `wlopm --off '*'` (Debian trixie's wlopm: DPMS through wlr-output-power-management, the
# outputs stay in the layout). cage implements no wlr-output-power-management (cage issue #245,
# up to 0.3 at least): when wlopm fails or is not installed, `wlr-randr --output NAME --off`
# (wlr-output-management, cage 0.1.5 and later) turns the outputs off instead. Debian 12 has no
# wlopm and its cage (0.1.4) no output management: one line says so, and the page goes dark
# instead (the daemon does that on its own). Every failure is a line in the journal; none ends
# the browser or the kiosk. The watcher ends with the browser.

# The watcher's lines go to the kiosk's journal (cage's stderr).
display_power_say() { echo "mihrab-kiosk: $*" >&2; }

# Turns every output on or off: $1 on|off. Sets display_power_way (wlopm, wlr-randr, or none
# once neither can); returns 1 when neither could.
display_power_apply() {
    local state=$1 out output failed again
    if [[ -z $display_power_way ]]; then
        if command -v wlopm >/dev/null; then
            display_power_way=wlopm
        elif command -v wlr-randr >/dev/null; then
            display_power_way=wlr-randr
            display_power_say "wlopm is not installed: wlr-randr turns the outputs $state instead (trixie: apt install wlopm)"
        fi
    fi
    if [[ $display_power_way == wlopm ]]; then
        if out=$(wlopm --"$state" '*' 2>&1); then
            display_power_say "the screen $state (wlopm)"
            return 0
        fi
        if command -v wlr-randr >/dev/null; then
            display_power_say "wlopm --$state could not (${out%%$'\n'*}): wlr-randr turns the outputs $state instead (cage has no wlr-output-power-management)"
            display_power_way=wlr-randr
        else
            display_power_say "wlopm --$state could not (${out%%$'\n'*}) and wlr-randr is not installed (apt install wlr-randr): the page goes dark instead"
            display_power_way=none
            return 1
        fi
    fi
    if [[ $display_power_way == wlr-randr ]]; then
        failed=0
        # Disabled outputs are listed too ("Enabled: no"), so that they can be turned on again:
        # in their preferred mode, as cage chose at its start (a disabled output may keep none).
        again=()
        [[ $state == on ]] && again=(--preferred)
        for output in $(wlr-randr 2>/dev/null | awk '/^[^ ]/ { print $1 }'); do
            out=$(wlr-randr --output "$output" --"$state" "${again[@]}" 2>&1) || {
                display_power_say "wlr-randr could not turn $output $state: ${out%%$'\n'*}"
                failed=1
            }
        done
        ((failed)) || display_power_say "the screen $state (wlr-randr)"
        return 0
    fi
    display_power_say "the daemon asks the screen $state, but neither wlopm (trixie: apt install wlopm) nor wlr-randr is installed: the page goes dark instead"
    display_power_way=none
    return 1
}

# Follows the file until process $1 (the browser) ends.
follow_display_power() {
    set +e +o pipefail
    local browser=$1 file=${MIHRAB_DISPLAY_POWER_FILE:-/run/mihrab/display-power}
    local applied=on wanted ignored="" snore first=yes
    display_power_way=""
    if [[ $file != /* ]]; then
        display_power_say "MIHRAB_DISPLAY_POWER_FILE=$file is not an absolute path: the screen's power is not followed"
        return 0
    fi
    # A pipe this shell holds both ends of: read -t on it waits, with no process per poll.
    exec {snore}<> <(:) || return 0
    while kill -0 "$browser" 2>/dev/null; do
        [[ $first == yes ]] || read -r -t 2 -u "$snore" _
        first=no
        kill -0 "$browser" 2>/dev/null || break
        wanted=on
        { IFS= read -r wanted <"$file"; } 2>/dev/null
        case $wanted in
        on | off)
            ignored=""
            [[ $wanted == "$applied" ]] && continue
            applied=$wanted
            display_power_apply "$wanted" || return 0
            ;;
        *)
            [[ $wanted == "$ignored" ]] && continue
            ignored=$wanted
            display_power_say "$file says '$wanted', not on or off: ignored"
            ;;
        esac
    done
    return 0
}
