# The checks both unit scripts run (sourced by board/systemd/check-unit.sh and
# board/kiosk/check-kiosk.sh): systemd's own verify and its offline security score. They use
# the caller's pass and fail.

# systemd-analyze verify FILE; LABEL names what stands in for ExecStart=; PATTERNS select the
# lines about our units. verify exits 0 on unknown keys and unparsable values ("ignoring"),
# which would silently drop a setting: any such line counts as a failure.
verify_unit() {
    local file=$1 label=$2 out about
    shift 2
    local args=()
    for p in "$@"; do args+=(-e "$p"); done
    if out=$(systemd-analyze verify --man=no "$file" 2>&1); then
        about=$(grep "${args[@]}" <<<"$out" || true)
        if [[ -z $about ]]; then
            pass "systemd-analyze verify ($label)"
        else
            fail "systemd-analyze verify: warnings about the unit:"
            sed 's/^/    /' <<<"$about"
        fi
    else
        fail "systemd-analyze verify ($label):"
        sed 's/^/    /' <<<"$out"
    fi
}

# The offline security score of FILE at most THRESHOLD (systemd's 0-100 scale: 1.8 is 18).
security_at_most() {
    local file=$1 threshold=$2 out
    score() { grep -o 'exposure level.*' <<<"$1" | sed 's/ *[^ -~]*$//' || echo "$1"; }
    if out=$(systemd-analyze security --offline=true --threshold="$threshold" --no-pager "$file" 2>&1); then
        pass "systemd-analyze security: $(score "$out") (threshold $threshold/100)"
    else
        fail "systemd-analyze security above $threshold/100: $(score "$out")"
    fi
}
