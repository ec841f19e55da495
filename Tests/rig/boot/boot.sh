#!/usr/bin/env bash
# The unit as a user installs it, booted: a Debian root filesystem with systemd (debootstrap,
# built once and cached outside the clone), the .deb installed into it with apt in a chroot
# (its Depends: come from Debian), booted under qemu with Debian's kernel, systemd as PID 1, and
# the rig's emulated compass (i2c-stub) and lines (gpio-sim). Boot 1: the unit starts, Dhuhr's
# adhan sounds, and the power is cut seconds later (qemu killed). Boot 2: no replay, then
# reload, a bad config, the watchdog, stop. The guest's checker (check.sh) only observes and
# acts as an administrator would; judge.py judges on the host. Prints PASS/FAIL lines.
# The package's architecture picks the unit: amd64, Debian 12 under qemu-system-x86_64 (the
# package of this machine's release); arm64, Debian 13 "trixie" (Raspberry Pi OS's base) under
# qemu-system-aarch64 -M virt, its root made and the package installed through qemu-user
# (binfmt_misc), its kernel trixie's arm64 one with the rig's modules built by kernel-arm64.sh.
# With --upgrade, the unit is installed as a mosque installs it: from a signed apt repository
# (board/debian/repo.sh, its own key in the cache), offline (file:, shared over 9p); before boot 2
# the host puts a newer build there (the same package, its version bumped), and boot 2 upgrades
# to it with apt 100 s before Dhuhr's iqamah: one restart, the state, the calibration and the
# edited configuration kept, no prompt, the iqamah sounding once and on time.
# With --prepare ARCH instead, only what comes before the package (the root filesystem, and for
# arm64 the toolchain's sysroot, the kernel and its modules) is made and cached (make arm64-prepare).
# The kernels, the root filesystems and the downloaded packages are kept outside the clone, in the
# rig's cache (Tests/rig/cache.sh).
# Usage: Tests/rig/boot/boot.sh MIHRAB_DEB [--upgrade] | --prepare ARCH
set -euo pipefail
cd "$(dirname "$0")/../../.."
root=$PWD
here=$root/Tests/rig/boot
prepare=""
if [ "${1:-}" = --prepare ]; then
  prepare=1; arch=${2:-}; upgrade=""
  [ -n "$arch" ] || { echo "boot: --prepare needs an architecture (amd64 or arm64)"; exit 1; }
else
  deb=$(realpath "${1:-}" 2>/dev/null) && [ -f "$deb" ] || { echo "boot: no package given (make deb)"; exit 1; }
  upgrade=${2:-}
  [ -z "$upgrade" ] || [ "$upgrade" = --upgrade ] || { echo "boot: the second argument is --upgrade or nothing"; exit 1; }
fi

# It mounts, chroots and writes root-owned files: as root.
if [ "$(id -u)" != 0 ]; then exec sudo --preserve-env=RIG_BOOT_LEAD,RIG_MIRROR,MIHRAB_CACHE "$root/Tests/rig/boot/boot.sh" "$@"; fi
source "$root/Tests/rig/cache.sh"
source "$root/Tests/rig/packages.sh"
install_missing busybox-static kmod cpio debootstrap debian-archive-keyring e2fsprogs xz-utils
[ -n "$prepare" ] || arch=$(dpkg-deb -f "$deb" Architecture)
mirror=${RIG_MIRROR:-http://deb.debian.org/debian}
case $arch in
  amd64)
    install_missing qemu-system-x86
    source "$root/Tests/rig/kernel.sh"
    suite=bookworm; base=$cache/bookworm-systemd; busybox=/bin/busybox; run=()
    qemu_system=(qemu-system-x86_64 -accel tcg); console=ttyS0
    unit_modules=(virtio_pci virtio_blk ext4 crc32c_generic 9pnet_virtio 9p i2c-dev i2c-stub configfs)
    init_modules=(virtio_pci virtio_blk ext4 crc32c_generic i2c-dev i2c-stub configfs) ;;
  arm64)
    install_missing qemu-system-arm qemu-user-static
    source "$root/board/cross/toolchain.sh"
    cross_toolchain >/dev/null
    source "$root/Tests/rig/kernel-arm64.sh"
    source "$root/Tests/rig/boot/arm64.sh"
    suite=trixie; base=$cache/trixie-arm64-systemd; busybox=$(arm64_busybox); run=(qemu-aarch64-static -L "$sysroot")
    # cortex-a72: a Raspberry Pi 4's core.
    qemu_system=(qemu-system-aarch64 -M virt -cpu cortex-a72 -accel tcg); console=ttyAMA0
    unit_modules=(virtio_blk ext4 9pnet_virtio 9p i2c-dev i2c-stub configfs)
    init_modules=(virtio_blk ext4 i2c-dev i2c-stub configfs) ;;
  *) echo "boot: FAIL no rig for architecture $arch"; exit 1 ;;
esac

# 1. Debian with systemd, once (base.sh).
source "$here/base.sh"
if [ -n "$prepare" ]; then echo "boot: the $suite $arch root filesystem and kernel are ready (cached in $cache)"; exit 0; fi

# 2. The unit: a copy of it, the package installed as a user would (apt resolves Depends:;
#    downloaded packages are cached across runs).
unit=$cache/boot-root
qemu=""
cleanup() {
  [ -z "$qemu" ] || kill -KILL $qemu 2>/dev/null || true
  ! mountpoint -q "$unit/var/cache/apt/archives" 2>/dev/null || umount "$unit/var/cache/apt/archives"
  ! mountpoint -q "$unit/mnt/repo" 2>/dev/null || umount "$unit/mnt/repo"
}
trap cleanup EXIT
cleanup
rm -rf --one-file-system "$unit" && cp -a "$base" "$unit"
cp /etc/resolv.conf "$unit/etc/resolv.conf"
archives=$cache/apt-archives-$suite-$arch
mkdir -p "$archives/partial"
mount --bind "$archives" "$unit/var/cache/apt/archives"
package=/tmp/$(basename "$deb")
repo=$cache/repo-$arch
if [ -n "$upgrade" ]; then
  # The repository as `make repo` makes it, with a key of the rig's own; the unit set up as the
  # README says (the key in /usr/share/keyrings, mihrab.sources), reading it over file:.
  install_missing apt-utils gnupg
  rm -rf "$repo"
  REPO_GNUPGHOME=$cache/repo-gnupg bash "$root/board/debian/repo.sh" "$repo" "$deb" >/dev/null ||
    { echo "boot: FAIL board/debian/repo.sh"; exit 1; }
  install -m 644 "$repo/mihrab-archive-keyring.gpg" "$unit/usr/share/keyrings/mihrab-archive-keyring.gpg"
  printf 'Types: deb\nURIs: file:/mnt/repo/\nSuites: ./\nSigned-By: /usr/share/keyrings/mihrab-archive-keyring.gpg\n' \
    > "$unit/etc/apt/sources.list.d/mihrab.sources"
  mkdir -p "$unit/mnt/repo" && mount --bind "$repo" "$unit/mnt/repo"
  package=mihrab
else
  cp "$deb" "$unit/tmp/"
fi
set +e
# Debian's lists as they are today (a point release drops the versions the cached lists name);
# offline, the cached lists and archives are used as they are.
chroot "$unit" apt-get update -qq > "$cache/boot-apt.log" 2>&1 || echo "boot: apt-get update failed in the chroot; using the cached lists"
# curl stands in for the phone that sets the unit up (check.sh): not the package's.
chroot "$unit" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$package" curl \
  >> "$cache/boot-apt.log" 2>&1
rc=$?
set -e
umount "$unit/var/cache/apt/archives"
! mountpoint -q "$unit/mnt/repo" || umount "$unit/mnt/repo"
if [ $rc != 0 ]; then echo "boot: FAIL apt install of the package in the chroot:"; tail -15 "$cache/boot-apt.log"; exit 1; fi
if [ -n "$upgrade" ]; then
  echo "boot: PASS apt installs mihrab $(chroot "$unit" dpkg-query -W -f='${Version}' mihrab) from the signed repository (file:), its dependencies from Debian, in a chroot"
  # From here the unit is offline: its only source is the repository (Debian's are dropped).
  rm -f "$unit/etc/apt/sources.list" "$unit/etc/apt/sources.list.d/debian.sources"
  chroot "$unit" apt-get update -qq >> "$cache/boot-apt.log" 2>&1 || true
else
  echo "boot: PASS apt installs $(basename "$deb") and its dependencies from Debian in a chroot"
  rm -f "$unit/tmp/$(basename "$deb")"
fi

# The rig's side of the unit (not the package's): the site's configuration as its owner would
# write it (the rig's board, a fixed place on the equator at longitude 0 so that the host can
# set the clock before Dhuhr, the clock trusted, no speaker: the buzzer sounds), the modules
# systemd may load, the checker, and no timers that would compete for the one CPU.
cp "$root/board/qemu-rig.toml" "$unit/etc/mihrab/boards/qemu-rig.toml"
cat > "$unit/etc/mihrab/mihrab.toml" <<'TOML'
[location]
source = "fixed"
latitude = 0
longitude = 0

[time]
zone = "UTC"
assume_synchronized = true

[calculation]
rounding = "none"

[calculation.adjustments]
asr = 0

[compass]
rate_hz = 5

[sounds]
device = "none"

[iqamah]
dhuhr = 6

[service]
board = "/etc/mihrab/boards/qemu-rig.toml"
grace_minutes = 10
TOML
# The admin page as the package ships it (the package's own lines: on the LAN, no password
# yet, so setup mode): check.sh sets the unit up from a "phone".
sed -n '/^\[admin\]/,/^listen/p' "$root/board/mihrab.toml" >> "$unit/etc/mihrab/mihrab.toml"
grep -q '^listen = "0.0.0.0:8443"' "$unit/etc/mihrab/mihrab.toml" || { echo "boot: FAIL the package's config has no [admin] listen on 8443"; exit 1; }
# A calibration, as `mihrab calibrate` would have saved it (an upgrade must keep it).
mkdir -p "$unit/var/lib/mihrab"
printf '{"hardIron":{"x":0.5,"y":-0.25,"z":0.125},"softIron":{"r0":{"x":1,"y":0,"z":0},"r1":{"x":0,"y":1,"z":0},"r2":{"x":0,"y":0,"z":1}},"fieldStrength":0.5,"residual":0.01}\n' \
  > "$unit/var/lib/mihrab/calibration.json"
copy_modules "$unit" "${unit_modules[@]}"
install -m 755 "$here/check.sh" "$unit/usr/local/sbin/rig-check"
install -m 644 "$here/rig-check.service" "$unit/etc/systemd/system/rig-check.service"
ln -sf /etc/systemd/system/rig-check.service "$unit/etc/systemd/system/multi-user.target.wants/rig-check.service"
for t in apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer; do
  ln -sf /dev/null "$unit/etc/systemd/system/$t"
done
echo mihrab-unit > "$unit/etc/hostname"

# The disk (ext4, made from the folder: no loop device needed) and the initramfs.
disk=$cache/boot-disk.img
rm -f "$disk" && truncate -s 1G "$disk"
mkfs.ext4 -q -F -L unit -d "$unit" "$disk"
rm -rf --one-file-system "$unit"
initrd=$cache/boot-initrd-$kv.img
work=$cache/boot-initramfs
rm -rf "$work" && mkdir -p "$work"/{bin,proc,sys,dev,newroot,lib/modules}
cp "$busybox" "$work/bin/busybox"
copy_modules "$work" "${init_modules[@]}"
cp "$root/Tests/rig/devices.sh" "$work/devices.sh"
install -m 755 "$here/init.sh" "$work/init"
(cd "$work" && find . | cpio -o -H newc --quiet | gzip -1) > "$initrd"

# The clock: boot 1 starts LEAD seconds before Dhuhr (the packaged binary computes it): today's
# Dhuhr while it is still ahead, else tomorrow's. The guest's clock is never behind the host's:
# the repository the upgrade reads is signed (and its Release dated) at the host's time, and
# apt refuses a signature or a Release from its future.
x=$(mktemp -d)
dpkg-deb -x "$deb" "$x"
lead=${RIG_BOOT_LEAD:-150}
now=$(date -u +%s)
for ahead in 0 1; do
    day=$(date -u -d "@$(( now + ahead * 86400 ))" +%Y-%m-%d)
    dhuhr=$("${run[@]}" "$x/usr/bin/mihrab" times --lat 0 --lon 0 --tz UTC --date "$day" --rounding none --format csv | tail -1 | cut -d, -f5)
    dhuhr_s=$(date -u -d "$(echo "$dhuhr" | cut -c1-19 | tr T ' ')" +%s)
    [ $(( dhuhr_s - lead )) -gt $(( now + 60 )) ] && break
done
rm -rf "$x"
start1=$(( dhuhr_s - lead ))
results=$(mktemp -d)
echo "$dhuhr_s $start1" > "$results/dhuhr"

boot() {  # boot PHASE RTC_EPOCH: qemu in the background, its pid in $qemu
  "${qemu_system[@]}" -m 512 -smp 1 -kernel "$kroot/boot/vmlinuz-$kv" -initrd "$initrd" \
    -append "console=$console rdinit=/init panic=-1 rig.phase=$1 systemd.show_status=1" \
    -nographic -no-reboot -nic none -rtc base="$(date -u -d @"$2" +%Y-%m-%dT%H:%M:%S)" \
    -drive file="$disk",format=raw,if=virtio \
    -virtfs local,path="$results",mount_tag=results,security_model=none \
    ${upgrade:+-virtfs local,path="$repo",mount_tag=repo,security_model=none,readonly=on} > "$results/console-$1.log" 2>&1 &
  qemu=$!
}

# Boot 1, and the power cut 1 s after the adhan was logged.
t1=$(date +%s)
boot 1 "$start1"
n=0
while [ ! -s "$results/adhan-fired" ] && kill -0 $qemu 2>/dev/null && [ $n -lt 2400 ]; do sleep 0.2; n=$((n+1)); done
[ -s "$results/adhan-fired" ] && sleep 1
kill -KILL $qemu 2>/dev/null || true
wait $qemu 2>/dev/null || true
elapsed=$(( $(date +%s) - t1 ))
echo "boot: boot 1 took $elapsed s (power cut $( [ -s "$results/adhan-fired" ] && echo "1 s after the adhan was logged" || echo "without an adhan"))"

# Boot 2 on the same disk, its clock on from where boot 1's stopped (when boot 1 got that far).
if [ -s "$results/adhan-fired" ]; then
  limit=420
  if [ -n "$upgrade" ]; then
    # The newer build: the same package with its version bumped, put into the repository.
    v2=$(dpkg-deb -f "$deb" Version)+rig1
    x=$(mktemp -d)
    dpkg-deb -R "$deb" "$x/p" && sed -i "s/^Version: .*/Version: $v2/" "$x/p/DEBIAN/control"
    dpkg-deb --root-owner-group -b "$x/p" "$x/mihrab_${v2}_$arch.deb" >/dev/null
    REPO_GNUPGHOME=$cache/repo-gnupg bash "$root/board/debian/repo.sh" "$repo" "$x/mihrab_${v2}_$arch.deb" >/dev/null ||
      { echo "boot: FAIL adding the newer build to the repository"; exit 1; }
    rm -rf "$x"
    echo "$v2" > "$results/upgrade"
    limit=900   # the upgrade waits for Dhuhr's iqamah, 6 minutes after its adhan
  fi
  boot 2 $(( start1 + elapsed ))
  if ! timeout $limit tail --pid=$qemu -f /dev/null; then kill -KILL $qemu 2>/dev/null || true; fi
  wait $qemu 2>/dev/null || true
  [ -f "$results/2/done" ] || { echo "boot: FAIL the unit's second boot did not finish; console:"; tail -25 "$results/console-2.log"; }
fi
qemu=""
if python3 "$here/judge.py" "$results" "$root/board/systemd/mihrab.service" $upgrade; then
  rm -rf "$results"
else
  echo "boot: the guest's results, consoles and journals are in $results"; exit 1
fi
