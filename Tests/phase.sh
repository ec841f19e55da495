#!/usr/bin/env bash
# make test's clock: each phase's time, kept in .build/phases.tsv and printed as a table at the end.
#   Tests/phase.sh --start              forgets the last run's phases
#   Tests/phase.sh NAME COMMAND...      runs COMMAND, notes NAME's time (its exit status passed on)
#   (PHASE_TAG=beside marks a step run beside the foreground at SCHED_IDLE.)
#   Tests/phase.sh --report             the table: each phase, then the whole run
set -uo pipefail
cd "$(dirname "$0")/.."
file=.build/phases.tsv
mkdir -p .build
case ${1:-} in
    --start) printf 'start\t%s\n' "$(date +%s)" >"$file" ;;
    --report)
        [ -f "$file" ] || exit 0
        start=$(awk -F'\t' '$1 == "start" {print $2}' "$file")
        echo "make test: phases (minutes; 'beside' ran at SCHED_IDLE beside the foreground)"
        awk -F'\t' '$1 != "start" {printf "  %-58s %6.1f %s\n", $1, $2 / 60, $3}' "$file"
        [ -z "$start" ] || printf '  %-58s %6.1f\n' "the whole run" "$(awk -v s=$(($(date +%s) - start)) 'BEGIN { print s / 60 }')"
        ;;
    *)
        name=$1; shift
        t=$(date +%s)
        "$@"; rc=$?
        printf '%s\t%s\t%s\n' "$name" "$(($(date +%s) - t))" "${PHASE_TAG:-}$([ $rc = 0 ] || echo " failed ($rc)")" >>"$file"
        exit $rc ;;
esac
