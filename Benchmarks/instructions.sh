#!/usr/bin/env bash
# Instructions counted by callgrind (deterministic, unlike times): a day-schedule with local
# times, and a year of `mihrab times` as JSON. Usage: instructions.sh BIN_DIR (the release
# build's, with mihrab, ScheduleInstructions and AdhanInstructions built).
#
# - day-schedule: ScheduleInstructions run with N and with 2N schedules; the difference over N
#   is one schedule without the process's start-up (five places with their zones, 2026).
#   Then the six times alone (ScheduleInstructions --six) beside adhan-swift's same work
#   (AdhanInstructions: the vendored adhan-swift, Foundation's calendar and zones), and the ratio.
# - mihrab times: London (Europe/London), 2026, the whole process (start-up and argument
#   parsing included), and from main on.
set -euo pipefail
bin=${1:?usage: instructions.sh BIN_DIR}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# valgrind 3.19 (Debian 12) cannot read the DWARF 5 that Swift emits: count stripped copies.
for b in mihrab ScheduleInstructions AdhanInstructions; do objcopy --strip-debug "$bin/$b" "$work/$b"; done

# Instructions executed by a command (its output discarded); callgrind's options first.
ir() {
  local options=()
  while [[ $1 == --* ]]; do options+=("$1"); shift; done
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "${options[@]}" "$@" 2>"$work/log" >/dev/null ||
    { cat "$work/log" >&2; exit 1; }
  sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$work/log"
}
# Heap allocations made by a command (memcheck's count of malloc, calloc, realloc, new).
allocs() {
  valgrind --tool=memcheck --leak-check=no "$@" 2>"$work/log" >/dev/null || { cat "$work/log" >&2; exit 1; }
  sed -n 's/^==[0-9]*==   total heap usage: \([0-9,]*\) allocs.*/\1/p' "$work/log" | tr -d ,
}
commas() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; }

n=1825  # five places x 365 days: 2N goes round them twice
a=$(ir "$work/ScheduleInstructions" $n)
b=$(ir "$work/ScheduleInstructions" $((2 * n)))
echo "day-schedule with local times: $(commas $(( (b - a) / n ))) instructions (callgrind)"
a=$(allocs "$work/ScheduleInstructions" $n)
b=$(allocs "$work/ScheduleInstructions" $((2 * n)))
awk -v a="$a" -v b="$b" -v n=$n 'BEGIN { printf "day-schedule with local times: %.2f heap allocations (memcheck)\n", (b - a) / n }'
a=$(ir "$work/ScheduleInstructions" --six $n)
b=$(ir "$work/ScheduleInstructions" --six $((2 * n)))
ours=$(( (b - a) / n ))
a=$(ir "$work/AdhanInstructions" $n)
b=$(ir "$work/AdhanInstructions" $((2 * n)))
adhan=$(( (b - a) / n ))
awk -v o=$ours -v a=$adhan -v os="$(commas $ours)" -v as="$(commas $adhan)" 'BEGIN {
  printf "day-schedule, six local times: Mihrab %s instructions, adhan-swift %s (%.1fx) (callgrind)\n", os, as, a / o }'

# The whole process, and from main on: the dynamic loader's relocations (some 45M with the
# toolchain's shared Swift libraries) do not depend on what mihrab does.
times=(times --lat 51.5074 --lon -0.1278 --tz Europe/London --date 2026-01-01 --format json)
for days in 365 1; do
  all=$(ir "$work/mihrab" "${times[@]}" --days $days)
  main=$(ir --toggle-collect=mihrab_main "$work/mihrab" "${times[@]}" --days $days)
  awk -v a="$all" -v m="$main" -v d=$days 'BEGIN {
    printf "mihrab times --days %d --format json: %.1fM instructions (callgrind), %.1fM from main%s\n", d, a / 1e6, m / 1e6,
      d == 1 ? " (start-up, parsing, one day)" : "" }'
done
