# Sourced by the rig's busybox /init scripts (guest.sh, boot/init.sh): the emulated hardware.

# i2c-stub: SMBus only, register files at the QMC5883L, HMC5883L and ADXL345 addresses (and at
# 0x3C and 0x27, an OLED's and an LCD backpack's, which only take writes), preloaded with each chip's identity and status registers, a known field (20, -10, 45 uT) and
# gravity along +Z (1 g: 256 LSB at full resolution).
# $1: i2c-stub's functionality mask (empty: all it has, I2C block reads included).
stub() {
  rmmod i2c-stub 2>/dev/null
  modprobe i2c-stub chip_addr=0x0d,0x1e,0x53,0x3c,0x27 ${1:+functionality=$1}
  q() { i2cset -y 0 0x0d "$1" "$2"; }
  q 0x0d 0xff; q 0x06 0x01                                 # QMC5883L: ID, DRDY
  q 0x00 0x58; q 0x01 0x02; q 0x02 0xd4; q 0x03 0xfe; q 0x04 0x46; q 0x05 0x05   # 600, -300, 1350 (3000 LSB/G)
  h() { i2cset -y 0 0x1e "$1" "$2"; }
  h 0x0a 0x48; h 0x0b 0x34; h 0x0c 0x33; h 0x09 0x01        # HMC5883L: "H43", RDY
  h 0x03 0x00; h 0x04 0xa4; h 0x05 0x01; h 0x06 0x71; h 0x07 0xff; h 0x08 0xae   # X 164, Z 369, Y -82 (820 LSB/G)
  a() { i2cset -y 0 0x53 "$1" "$2"; }
  a 0x00 0xe5; a 0x30 0x80                                  # ADXL345: DEVID, DATA_READY
  a 0x32 0x00; a 0x33 0x00; a 0x34 0x00; a 0x35 0x00; a 0x36 0x00; a 0x37 0x01   # X 0, Y 0, Z 256
}

# gpio-sim: one bank of named lines, labelled as the rig board (board/qemu-rig.toml) expects.
# Sets V to the chip's sysfs folder (sim_gpioN/value, sim_gpioN/pull).
gpio_sim() {
  insmod /lib/modules/$(uname -r)/extra/irq_sim_mod.ko; modprobe configfs
  insmod /lib/modules/$(uname -r)/extra/gpio-sim.ko
  mount -t configfs none /sys/kernel/config
  G=/sys/kernel/config/gpio-sim/rig
  mkdir $G $G/bank0
  echo 12 > $G/bank0/num_lines
  echo mihrab-rig > $G/bank0/label
  i=0
  for n in STATUS_LED FAJR_LED DHUHR_LED ASR_LED MAGHRIB_LED ISHA_LED QIBLA_LEFT QIBLA_ALIGNED QIBLA_RIGHT BUZZER STOP_BUTTON RELAY; do
    mkdir $G/bank0/line$i; echo $n > $G/bank0/line$i/name; i=$((i+1))
  done
  echo 1 > $G/live
  V=/sys/devices/platform/$(cat $G/dev_name)/$(cat $G/bank0/chip_name)
}

# vivid with CEC: one HDMI input (a TV's side: physical address 0.0.0.0) and one HDMI output
# (the unit's side), their CEC adapters connected inside the driver. cec-follower answers on the
# input's adapter as a TV does (v4l-utils, from the host's root: $1 runs a command there).
# Sets CEC_TV and CEC_OUT to the two device nodes.
vivid_cec() {
  modprobe vivid n_devs=1 num_inputs=1 input_types=3 num_outputs=1 output_types=1
  CEC_TV=""; CEC_OUT=""
  for d in /dev/cec*; do
    info=$($1 cec-ctl -d $d 2>&1)
    case "$info" in
      *vid-cap*) CEC_TV=$d ;;
      *vid-out*) CEC_OUT=$d ;;
    esac
  done
}
