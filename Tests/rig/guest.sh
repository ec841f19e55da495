#!/bin/busybox sh
# Runs as /init in the rig's guest. Results go to /mnt/results; then power off.
/bin/busybox --install -s /bin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
for m in virtio_pci 9pnet_virtio 9p i2c-dev; do modprobe $m; done
mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=262144,cache=loose host /mnt/host
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 results /mnt/results
R=/mnt/results

. /devices.sh
stub

gpio_sim
echo "$V" > $R/gpio-path

mount -t proc proc /mnt/host/proc; mount -t sysfs sys /mnt/host/sys; mount -t devtmpfs dev /mnt/host/dev
# Writable scratch on /run only: /tmp stays the host's (the checkout may live under it).
mount -t tmpfs run /mnt/host/run
chroot /mnt/host @MIHRAB@ sensors --bus 0 --once --format json > $R/sensors.json 2> $R/sensors.err
echo $? > $R/sensors.rc
cat /sys/class/i2c-adapter/i2c-0/name > $R/adapter 2>/dev/null
i2cdetect -F 0 > $R/funcs.txt 2>&1

# The small displays: `mihrab display --show` drives an SSD1306 at 0x3C (SMBus I2C-block writes)
# and an HD44780's PCF8574 backpack at 0x27 (byte writes) through i2c-dev into i2c-stub, and
# renders the same content through the same driver into the emulator (the PNG, the LCD's text).
# The kernel traces every SMBus write; the host replays them against each chip's datasheet.
cp /mnt/host@ROOT@/board/qemu-rig.toml /mnt/host/run/rig-displays.toml
printf '\n[[displays]]\nchip = "ssd1306"\naddress = 0x3C\n\n[[displays]]\nchip = "hd44780-pcf8574"\naddress = 0x27\ncolumns = 20\nrows = 4\n' \
  >> /mnt/host/run/rig-displays.toml
mount -t tracefs nodev /sys/kernel/tracing
T=/sys/kernel/tracing
echo 4096 > $T/buffer_size_kb
echo 1 > $T/events/smbus/smbus_write/enable
for i in 0 1; do
  echo > $T/trace
  chroot /mnt/host @MIHRAB@ display --board /run/rig-displays.toml --index $i --at 2026-03-29T12:00 --tz Europe/London \
    --lat 51.5074 --lon -0.1278 --show --png /run/display-$i.png > $R/display-$i.out 2> $R/display-$i.err
  echo $? > $R/display-$i.rc
  cat $T/trace > $R/display-$i.trace
  cp /mnt/host/run/display-$i.png $R/ 2>/dev/null
done
echo 0 > $T/events/smbus/smbus_write/enable
i2cdump -y 0 0x3c b > $R/dump-3c.txt 2>&1

# Again on an adapter without I2C block reads (quick, byte, byte data, word data, block
# data: 0x037f0000), as many SoC and USB adapters are: the byte-by-byte SMBus path.
stub 0x037f0000
chroot /mnt/host @MIHRAB@ sensors --bus 0 --once --format json > $R/sensors-byte.json 2> $R/sensors-byte.err
echo $? > $R/sensors-byte.rc
i2cdetect -F 0 > $R/funcs-byte.txt 2>&1

# For each build (libgpiod v1, and v2 when given): selftest on the rig board while a watcher
# records each line's value as it changes (a 1 s hold: the watcher forks ten cats per pass, and
# under software emulation on a loaded host a pass can outlast a shorter hold); a wrong line name.
sed 's/"BUZZER"/"NO_SUCH_LINE"/' /mnt/host@ROOT@/board/qemu-rig.toml > /mnt/host/run/bad.toml
modprobe snd-aloop pcm_substreams=1 index=0 id=Loopback
gpio_checks() {
  bin=$1; tag=$2
  chroot /mnt/host $bin version > $R/version-$tag.txt 2>&1
  rm -f /stop-watch
  ( last=""; while [ ! -f /stop-watch ]; do
      now=""; for k in 0 1 2 3 4 5 6 7 8 9; do now="$now$(cat $V/sim_gpio$k/value)"; done
      [ "$now" != "$last" ] && echo "$now" >> $R/gpio-$tag.log; last=$now
    done ) &
  W=$!
  chroot /mnt/host $bin selftest --board @ROOT@/board/qemu-rig.toml --hold 1.0 --gpsd 127.0.0.1:9 --sound-device plughw:Loopback,0,0 --format json \
    > $R/selftest-$tag.json 2> $R/selftest-$tag.err
  echo $? > $R/selftest-$tag.rc
  sleep 0.5; touch /stop-watch; wait $W
  chroot /mnt/host $bin run --board /run/bad.toml --state-dir /run/state-$tag --quiet > /dev/null 2> $R/badline-$tag.err
  echo $? > $R/badline-$tag.rc
}
gpio_checks @MIHRAB@ v1
[ -n "@MIHRAB2@" ] && gpio_checks @MIHRAB2@ v2

# Waits (up to 30 s) for a daemon's first pass: its line requested, its loop running.
running() { i=0; while ! grep -q "running; first update" $1 2>/dev/null && [ $i -lt 150 ]; do sleep 0.2; i=$((i+1)); done; }
# HDMI-CEC through the real kernel API: vivid's HDMI output is the unit's adapter, cec-follower
# on its HDMI input the TV (it logs each message and power change, on the wall clock). The shim
# first on its own (cec-check: claim, the TV's power, a message nobody acknowledges), then the
# TV by hand (mihrab display-power: standby, then on, each reported by the TV once settled).
vivid_cec "chroot /mnt/host"
echo "$CEC_TV $CEC_OUT" > $R/cec-devices
chroot /mnt/host cec-ctl -d $CEC_TV --tv > $R/cec-tv.txt 2>&1
chroot /mnt/host cec-follower -d $CEC_TV -s -w > $R/cec-follower.log 2>&1 &
F=$!
chroot /mnt/host @CECCHECK@ $CEC_OUT > $R/cec-check.txt 2>&1
echo $? > $R/cec-check.rc
cp /mnt/host@ROOT@/board/qemu-rig.toml /mnt/host/run/rig-tv.toml
printf '\n[tv]\ncec = "%s"\n' $CEC_OUT >> /mnt/host/run/rig-tv.toml
for a in off on; do
  chroot /mnt/host @MIHRAB@ display-power --board /run/rig-tv.toml $a --settle 20 > $R/cec-$a.out 2> $R/cec-$a.err
  echo $? > $R/cec-$a.rc
done
# A board naming a missing adapter: one line, and the daemon runs on (its first pass made, alive
# 2 s later, exit 0 on SIGTERM).
sed "s#$CEC_OUT#/dev/cec9#" /mnt/host/run/rig-tv.toml > /mnt/host/run/rig-cec9.toml
printf '[location]\nsource = "fixed"\nlatitude = 0\nlongitude = 0\n[time]\nzone = "UTC"\nassume_synchronized = true\n[sounds]\ndirectories = []\nadhan = "none"\niqamah = "none"\nreminder = "none"\nsunrise = "none"\n[display]\npower = "cec"\n' \
  > /mnt/host/run/rig-cec9-config.toml
chroot /mnt/host @MIHRAB@ run --board /run/rig-cec9.toml --config /run/rig-cec9-config.toml --state-dir /run/cec9 --quiet \
  > /dev/null 2> $R/cec9.err &
D=$!
running $R/cec9.err
sleep 2
kill -0 $D 2>/dev/null && echo alive > $R/cec9.alive
kill -TERM $D; wait $D; echo $? > $R/cec9.rc

# The daemon on the rig board, with Dhuhr about 40 s away: at the equator, the longitude
# where the Sun transits then (refined once with mihrab times). The buzzer must sound at
# Dhuhr; SIGTERM must leave every output off.
M="chroot /mnt/host @MIHRAB@"
target=$(( $(date +%s) + 40 ))
lon=$(awk -v t=$target 'BEGIN { h = (t % 86400) / 3600; l = (12 - h) * 15; while (l > 180) l -= 360; while (l < -180) l += 360; printf "%.4f", l }')
for pass in 1 2; do
  d=$($M times --lat 0 --lon $lon --tz UTC --date $(date -u -d @$target +%Y-%m-%d) --rounding none --format csv | tail -1 | cut -d, -f5)
  ds=$(date -u -d "$(echo $d | cut -c1-19 | tr T ' ')" +%s)
  lon=$(awk -v l=$lon -v e=$(( ds - target )) 'BEGIN { l += e / 240; while (l > 180) l -= 360; while (l < -180) l += 360; printf "%.4f", l }')
done
echo "$lon $target" > $R/daemon-target
# Sound: snd-aloop's playback side is the unit's speaker; `capture` listens on the other side.
# The iqamah plays our adhan chime at a whole minute (an exact instant) at least 20 s after
# Dhuhr (whose adhan stays on the buzzer); the stop button (gpio-sim line 10, a button to
# ground: active-low, pulled up) is pressed 4 s into it.
iq=$(( (target + 20 + 59) / 60 * 60 ))
echo $iq > $R/iqamah-instant
printf '[location]\nsource = "fixed"\nlatitude = 0\nlongitude = %s\n[time]\nzone = "UTC"\nassume_synchronized = true\n[calculation]\nrounding = "none"\n[compass]\nrate_hz = 5\n[iqamah]\ndhuhr = "%s"\n[sounds]\ndirectories = []\nadhan = "adhan"\niqamah = "@ROOT@/board/sounds/adhan.flac"\nreminder = "none"\nsunrise = "none"\ndevice = "plughw:Loopback,0,0"\nfade_in_s = 0\n[display]\npower = "cec"\nall_day = false\nbefore_adhan = 0\nafter_iqamah = 0\n' \
  $lon "$(date -u -d @$iq +%H:%M)" > /mnt/host/run/rig.toml
P=$V/sim_gpio10/pull
press() { chroot /mnt/host @CAPTURE@ pull $P pull-down >> $1; sleep $2; echo pull-up > $P; }
chroot /mnt/host @CAPTURE@ hw:Loopback,1,0 22050 $(( iq + 12 - $(date +%s) )) > $R/capture-v1.txt 2> $R/capture-v1.err &
C=$!
$M run --board /run/rig-tv.toml --config /run/rig.toml --state-dir /run/daemon --record /run/daemon.jsonl --quiet \
  > /dev/null 2> $R/daemon.err &
D=$!
while [ $(date +%s) -lt $(( target + 8 )) ]; do sleep 1; done
while [ $(date +%s) -lt $(( iq + 4 )) ]; do sleep 0.2; done
press $R/press-v1 0.3
while [ $(date +%s) -lt $(( iq + 8 )) ]; do sleep 1; done
kill -TERM $D; wait $D; echo $? > $R/daemon.rc
wait $C
cp /mnt/host/run/daemon.jsonl $R/daemon.jsonl 2>/dev/null
# The TV's power asked at the end: standby since the iqamah. The TV's side stops here.
chroot /mnt/host @MIHRAB@ display-power --board /run/rig-tv.toml status > $R/cec-end.out 2> $R/cec-end.err
kill $F; wait $F 2>/dev/null

# The button through each libgpiod API: held 3 s it plays a test of the adhan's sound, and a
# press then cuts it. No event may sound meanwhile: no grace for the past ones.
printf '[location]\nsource = "fixed"\nlatitude = 0\nlongitude = %s\n[time]\nzone = "UTC"\nassume_synchronized = true\n[service]\ngrace_minutes = 0\n[sounds]\ndirectories = []\nadhan = "@ROOT@/board/sounds/adhan.flac"\niqamah = "none"\nreminder = "none"\nsunrise = "none"\ndevice = "plughw:Loopback,0,0"\nfade_in_s = 0\n' \
  $lon > /mnt/host/run/rig-button.toml
button_checks() {
  bin=$1; tag=$2
  chroot /mnt/host @CAPTURE@ hw:Loopback,1,0 22050 14 > $R/capture-$tag-button.txt 2> $R/capture-$tag-button.err &
  C=$!
  chroot /mnt/host $bin run --board @ROOT@/board/qemu-rig.toml --config /run/rig-button.toml --state-dir /run/button-$tag \
    --record /run/button-$tag.jsonl --quiet > /dev/null 2> $R/button-$tag.err &
  D=$!
  running $R/button-$tag.err
  sleep 1
  press $R/long-$tag 3.6
  sleep 2.4
  press $R/cut-$tag 0.3
  sleep 3
  kill -TERM $D; wait $D; echo $? > $R/button-$tag.rc
  wait $C
  cp /mnt/host/run/button-$tag.jsonl $R/ 2>/dev/null
}
button_checks @MIHRAB@ v1
[ -n "@MIHRAB2@" ] && button_checks @MIHRAB2@ v2
touch $R/done
sync
poweroff -f
