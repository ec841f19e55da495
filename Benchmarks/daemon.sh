#!/usr/bin/env bash
# The daemon on the simulated board in real time: CPU share of one core, peak RSS and the
# time from start to the first update, at 25 Hz and 100 Hz. Usage: daemon.sh BINARY [SECONDS]
set -euo pipefail
bin=${1:?usage: daemon.sh BINARY [SECONDS]}
seconds=${2:-60}
hz=$(getconf CLK_TCK)
for rate in 25 100; do
  dir=$(mktemp -d)
  printf '[location]\nsource = "fixed"\n[compass]\nrate_hz = %s\n' "$rate" > "$dir/mihrab.toml"
  "$bin" run --board board/simulated.toml --config "$dir/mihrab.toml" --speed 1 --quiet --state-dir "$dir" \
    2> "$dir/log" &
  pid=$!
  sleep "$seconds"
  read -r -a stat < "/proc/$pid/stat"
  ticks=$(( stat[13] + stat[14] ))          # utime + stime
  hwm=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
  kill -TERM "$pid"; wait "$pid" || true
  first=$(grep -o 'first update [0-9]* ms' "$dir/log" | grep -o '[0-9]*' || echo '?')
  awk -v t="$ticks" -v hz="$hz" -v s="$seconds" -v r="$rate" -v m="$hwm" -v f="$first" 'BEGIN {
    printf "daemon at %3d Hz for %d s: CPU %.2f%% of one core, peak RSS %.1f MB, first update %s ms\n",
      r, s, 100 * t / hz / s, m / 1024, f }'
  rm -rf "$dir"
done
