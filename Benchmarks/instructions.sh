#!/usr/bin/env bash
# Instructions counted by callgrind (deterministic, unlike times): a day-schedule with local
# times, and a year of `mihrab times` as JSON. Usage: instructions.sh BIN_DIR (the release
# build's, with mihrab, ScheduleInstructions, AdhanInstructions and FeedInstructions built).
#
# - day-schedule: ScheduleInstructions run with N and with 2N schedules; the difference over N
#   is one schedule without the process's start-up (five places with their zones, 2026).
#   Then the six times alone (ScheduleInstructions --six) beside adhan-swift's same work
#   (AdhanInstructions: the vendored adhan-swift, Foundation's calendar and zones), and the ratio.
# - mihrab times: London (Europe/London), 2026, the whole process by part (loader, start-up,
#   parsing, work); the year's calendar feed, one request.
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

# CPU per schedule, the same two programs natively: user + system time of a run of many (about
# a second each: the kernel's CPU clock may tick at 10 ms) less a run of one, interleaved
# three times; the lowest of each.
cpu() { local TIMEFORMAT='%U %S'; { time "$@" >/dev/null; } 2>&1 | awk '{ print $1 + $2 }'; }
best() { printf '%s\n' "$@" | sort -g | head -1; }
many=$((1000 * n)) few=$((100 * n))
o=() a=()
for _ in 1 2 3; do
  o+=("$(awk -v m="$(cpu "$bin/ScheduleInstructions" --six $many)" -v z="$(cpu "$bin/ScheduleInstructions" --six 1)" -v k=$many 'BEGIN { print (m - z) / k * 1e9 }')")
  a+=("$(awk -v m="$(cpu "$bin/AdhanInstructions" $few)" -v z="$(cpu "$bin/AdhanInstructions" 1)" -v k=$few 'BEGIN { print (m - z) / k * 1e9 }')")
done
awk -v o="$(best "${o[@]}")" -v a="$(best "${a[@]}")" 'BEGIN {
  printf "day-schedule, six local times: Mihrab %.0f ns of CPU, adhan-swift %.0f ns (%.1fx) (the lowest of three runs each)\n", o, a, a / o }'

# `mihrab times`, London (Europe/London), 2026, by part: the parts are disjoint and add up to
# the whole process.
# - loader: the dynamic loader (ld.so) before the program's entry: mapping the libraries,
#   relocating them, binding their symbols; and its lazy binding later (`_dl_runtime_resolve`,
#   nearly all of it from main on: it is taken out of the work);
# - start-up: the rest outside main: libc's and the Swift runtime's set-up, constructors, exit;
# - parsing: the command line read (`QuickTimes.parse` for a plain line; ArgumentParser's
#   `parseAsRoot` for the rest), whichever of the two ran;
# - work: the rest of main (the days' times and their JSON).
# callgrind_annotate names each function with its object: a function's inclusive count is the
# largest figure on its lines (a recursive or specialised function has several).
inclusive() { awk -v pat="$2" 'index($0, pat) { gsub(/,/, "", $1); if ($1 + 0 > m) m = $1 + 0 } END { print m + 0 }' "$1"; }
times=(times --lat 51.5074 --lon -0.1278 --tz Europe/London --date 2026-01-01 --format json)
for days in 365 1; do
  all=$(ir "$work/mihrab" "${times[@]}" --days $days)
  callgrind_annotate --inclusive=yes --threshold=100 "$work/callgrind.out" >"$work/inclusive" 2>/dev/null
  start=$(inclusive "$work/inclusive" ":_dl_start [")
  lazy=$(inclusive "$work/inclusive" ":_dl_runtime_resolve")
  main=$(inclusive "$work/inclusive" ":mihrab_main [")
  quick=$(inclusive "$work/inclusive" "10QuickTimesO5parse")
  root=$(inclusive "$work/inclusive" "11parseAsRoot")
  awk -v a="$all" -v s="$start" -v z="$lazy" -v m="$main" -v q="$quick" -v r="$root" -v d=$days 'BEGIN {
    p = q + r
    printf "mihrab times --days %d --format json: %.1fM instructions (callgrind): loader %.1fM, start-up %.1fM, parsing %.2fM, work %.1fM%s\n",
      d, a / 1e6, (s + z) / 1e6, (a - s - m) / 1e6, p / 1e6, (m - p - z) / 1e6, d == 1 ? " (one day)" : "" }'
done

# The year's calendar feed, one request (`GET /calendar.ics?days=366` of a London mosque with
# iqamahs and two Jumu'ah sessions): FeedInstructions with N and 2N requests, the difference
# over N, as for the day-schedule.
objcopy --strip-debug "$bin/FeedInstructions" "$work/FeedInstructions"
a=$(ir "$work/FeedInstructions" 1)
b=$(ir "$work/FeedInstructions" 2)
echo "calendar feed, 366 days: $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", (b - a) / 1e6 }')M instructions a request (callgrind)"
