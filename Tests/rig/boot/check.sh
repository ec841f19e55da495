#!/bin/bash
# The rig's checker inside the booted unit (rig-check.service, after mihrab.service). It only
# observes and acts as an administrator would (systemctl, kill, editing the config); the host
# judges what it wrote to the results folder (judge.py). Phase 1 (rig.phase=1 on the kernel's
# command line): the unit's start, its process, its devices, then Dhuhr's adhan, after which the
# host cuts the power. Phase 2: after the power cut; reload, watchdog, stop, the journal.
set -u
R=/mnt/results
mkdir -p $R
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 results $R || { echo "rig-check: no results folder"; exit 1; }
phase=$(sed -n 's/.*rig\.phase=\([0-9]*\).*/\1/p' /proc/cmdline)
P=$R/$phase
mkdir -p $P
now() { echo $EPOCHREALTIME; }
note() { echo "$(now) $*" >> $P/steps.log; }
active() { [ "$(systemctl is-active mihrab)" = active ]; }
mainpid() { systemctl show -p MainPID --value mihrab; }
# until_ok SECONDS COMMAND...: waits until COMMAND succeeds; fails once SECONDS have passed.
until_ok() { local end=$(( $(date +%s) + $1 )); shift; while ! "$@"; do [ $(date +%s) -lt $end ] || return 1; sleep 0.2; done; }
# finish: what the journal says, then power off (the host judges what is there).
finish() { journalctl -b -u mihrab -o json --no-pager > $P/journal.json; note done; touch $P/done; systemctl poweroff; exit 0; }
logged() { journalctl -b -u mihrab -o cat --no-pager 2>/dev/null | grep -q -- "$1"; }

# Every output line's pin, as the host would see it, each time it changes.
V=$(echo /sys/devices/platform/gpio-sim.*/gpiochip*)
( last=""
  while :; do
    s=""; for k in 0 1 2 3 4 5 6 7 8 9; do read -r v < $V/sim_gpio$k/value; s+=$v; done
    [ "$s" != "$last" ] && echo "$EPOCHREALTIME $s" >> $P/gpio.log; last=$s
    sleep 0.05
  done ) &

note start
until_ok 120 active; note "active $(systemctl is-active mihrab)"
if ! active; then
  systemctl status mihrab --no-pager -l > $P/failed.txt 2>&1
  ls -ln /dev/gpiochip* /dev/i2c-* > $P/dev.txt 2>&1
  finish
fi
pid=$(mainpid)
systemctl show mihrab --no-pager > $P/show.txt
systemctl cat mihrab --no-pager > $P/cat.txt 2>&1
cat /proc/$pid/status > $P/proc-status.txt 2>&1
ps -o user=,group=,supgrp= -p $pid > $P/ps.txt 2>&1
ls -ln /dev/gpiochip* /dev/i2c-* > $P/dev.txt 2>&1
id mihrab > $P/id.txt 2>&1

if [ "$phase" = 1 ]; then
  cp /lib/systemd/system/mihrab.service $P/installed.service
  ldd /usr/bin/mihrab > $P/ldd.txt 2>&1
  dpkg-query -W -f='${Package} ${Version} ${Status}\n' mihrab > $P/dpkg.txt 2>&1
  ls -la /var/lib/mihrab /etc/systemd/system/multi-user.target.wants > $P/files.txt 2>&1
  # The compass read over i2c-dev: the status file shows a heading.
  until_ok 30 grep -q '"heading" *: *[-0-9]' /run/mihrab/status.json 2>/dev/null; cp /run/mihrab/status.json $P/status.json
  # Dhuhr's adhan (the host set the clock before it): once it has sounded, say so and wait
  # for the host to cut the power.
  until_ok 300 logged "^adhan dhuhr" && now > $R/adhan-fired
  note "adhan $(cat $R/adhan-fired 2>/dev/null)"
  [ -s $R/adhan-fired ] || finish
  cp /var/lib/mihrab/state.json $P/state-before-cut.json 2>/dev/null
  sleep 600
  poweroff -f
fi

# Phase 2: booted again after the power cut.
cp /var/lib/mihrab/state.json $P/state.json 2>&1
ls -la /var/lib/mihrab > $P/files.txt 2>&1
# Long enough for a replay to show (the daemon's first pass is within a second of its start).
sleep 15
journalctl -b -u mihrab -o cat --no-pager > $P/journal-after-cut.txt
cp /run/mihrab/status.json $P/status-before-reload.json

# A changed configuration, reloaded: Asr 7 minutes later.
cfg=/etc/mihrab/mihrab.toml
cp $cfg /root/good.toml
sed -i 's/^asr = 0$/asr = 7/' $cfg
note "reload good pid $(mainpid)"
systemctl reload mihrab; echo $? > $P/reload-good.rc
until_ok 20 logged "configuration reloaded"
sleep 2.5    # the status file is written once a second
cp /run/mihrab/status.json $P/status-after-reload.json
note "reloaded pid $(mainpid)"

# A bad configuration: refused, the one before runs on.
cp $cfg /root/changed.toml
sed -i 's/^asr = 7$/asr = "seven"/' $cfg
systemctl reload mihrab; echo $? > $P/reload-bad.rc
sleep 4
note "bad reload pid $(mainpid) state $(systemctl is-active mihrab)"
cp /run/mihrab/status.json $P/status-after-bad.json
cp /root/changed.toml $cfg

# The watchdog: a stopped daemon is killed and started again.
pid=$(mainpid)
note "stop-signal $pid"
t0=$(now)
kill -STOP $pid
changed() { local p; p=$(mainpid); [ "$p" != "$pid" ] && [ "$p" != 0 ]; }
until_ok 120 changed; t1=$(now)
until_ok 60 active; t2=$(now)
echo "$t0 $t1 $t2 $pid $(mainpid)" > $P/watchdog.txt
note "restarted $(mainpid)"
systemctl show mihrab -p NRestarts,ActiveState,SubState,ExecMainStartTimestamp --timestamp=unix --no-pager >> $P/watchdog.txt
sleep 3

# The upgrade (boot.sh --upgrade): the host put a newer build in the repository; apt upgrades to
# it 100 s before Dhuhr's iqamah (the next event: apt takes about a minute on the emulated arm64
# unit, so the daemon restarts shortly before it), as a mosque's administrator or
# unattended-upgrades would, with no terminal to answer a question.
if [ -s $R/upgrade ]; then
  mkdir -p /mnt/repo
  mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144,ro repo /mnt/repo
  cp /run/mihrab/status.json $P/status-before-upgrade.json
  at=$(grep -A5 '"next"' /run/mihrab/status.json | sed -n 's/.*"at" *: *"\([^"]*\)".*/\1/p' | head -1)
  iq=$(date -d "$at" +%s)
  until [ "$(date +%s)" -ge $((iq - 100)) ]; do sleep 0.2; done
  cp /var/lib/mihrab/state.json $P/state-before-upgrade.json
  cp /var/lib/mihrab/calibration.json $P/calibration-before-upgrade.json
  md5sum /etc/mihrab/mihrab.toml > $P/conf-before-upgrade.md5
  pid=$(mainpid); t0=$(now)
  note "upgrade start pid $pid"
  apt-get update > $P/upgrade.log 2>&1
  DEBIAN_FRONTEND=noninteractive apt-get upgrade -y < /dev/null >> $P/upgrade.log 2>&1; echo $? > $P/upgrade.rc
  t1=$(now)
  until_ok 60 active
  note "upgrade done pid $(mainpid)"
  echo "$t0 $t1 $pid $(mainpid) $iq" > $P/upgrade.txt
  dpkg-query -W -f='${Version}' mihrab > $P/upgraded-version.txt
  until_ok 120 logged "^iqamah dhuhr"; sleep 5
  cp /var/lib/mihrab/state.json $P/state-after-upgrade.json
  cp /var/lib/mihrab/calibration.json $P/calibration-after-upgrade.json
  md5sum /etc/mihrab/mihrab.toml > $P/conf-after-upgrade.md5
  ls -a /etc/mihrab > $P/etc-after-upgrade.txt
fi

# Set up from a phone, as installed (no file edited for it: the package's config has its admin
# page on the LAN, and no password): the code read off the wall screen's JSON, the form posted
# over HTTPS as the setup page sends it (curl is the phone), the answers applied by a reload.
curl -s --max-time 10 http://127.0.0.1:8080/api/v1/screen > $P/screen-setup.json
code=$(grep -o '"code":"[A-Z0-9]*"' $P/screen-setup.json | head -1 | cut -d'"' -f4)
note "setup code $code"
curl -sk --max-time 20 -o $P/setup-page.html -w '%{http_code}' "https://127.0.0.1:8443/setup?code=$code" > $P/setup-get.code
# The place by name, from the package's own table (/usr/share/mihrab/places.tsv).
curl -sk --max-time 20 -o $P/setup-search.html "https://127.0.0.1:8443/setup?code=$code&q=mecca"
curl -sk --max-time 30 -o $P/setup-done.html -w '%{http_code}' https://127.0.0.1:8443/setup \
  --data-urlencode "code=$code" --data-urlencode user=imam --data-urlencode "password=rig setup password" \
  --data-urlencode "password2=rig setup password" --data-urlencode place=Mecca --data-urlencode country=SA \
  --data-urlencode lat=21.4225 --data-urlencode lon=39.8262 --data-urlencode tz=Asia/Riyadh --data-urlencode method=umm-al-qura \
  --data-urlencode iqamah_fajr=20 --data-urlencode iqamah_dhuhr=15 --data-urlencode iqamah_asr=15 --data-urlencode iqamah_maghrib=7 \
  --data-urlencode iqamah_isha=15 --data-urlencode language=ar --data-urlencode "title=Rig Mosque" > $P/setup-post.code
until_ok 20 logged "setup mode ended"
sleep 2.5    # the status file is written once a second
cp /run/mihrab/status.json $P/status-after-setup.json
curl -s --max-time 10 http://127.0.0.1:8080/api/v1/screen > $P/screen-after-setup.json
stat -c '%U %a' /var/lib/mihrab/admin.passwd > $P/passwd-after-setup.txt 2>&1
note "setup done"

# systemctl stop: every output off. A released gpio-sim line falls back to its pull whatever
# was driven last (a Pi's line keeps its last value), so the pins after the stop prove nothing:
# the kernel's gpio_value tracepoint records what the daemon itself wrote while stopping.
T=/sys/kernel/tracing
[ -d $T/events/gpio ] || mount -t tracefs nodev $T
for c in /sys/class/gpio/gpiochip*; do [ "$(cat $c/label)" = mihrab-rig ] && cat $c/base > $P/gpio-base.txt; done
# Tracing first, then the pins: a line the daemon switches between the two (a blinking LED) is
# in the trace, so its last write is what counts.
echo > $T/trace; echo 1 > $T/events/gpio/gpio_value/enable
s=""; for k in 0 1 2 3 4 5 6 7 8 9; do read -r v < $V/sim_gpio$k/value; s+=$v; done; echo "$s" > $P/before-stop.txt
note "systemctl stop"
systemctl stop mihrab; echo $? > $P/stop.rc
echo 0 > $T/events/gpio/gpio_value/enable
cat $T/trace > $P/stop-trace.txt
systemctl show mihrab -p Result,ExecMainStatus,ActiveState --no-pager > $P/stopped.txt
finish
