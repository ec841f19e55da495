# Sourced by boot.sh: the unit's Debian root filesystem with systemd, made once and kept in the
# rig's cache (its key covers this file: board/cross/cache.sh). Needs $arch, $suite, $base,
# $mirror and $cache.
# Debian with systemd, once (minbase: what a Raspberry Pi OS Lite unit has, and less).
if [ ! -f "$base/.complete" ]; then
  echo "boot: building a Debian $suite $arch root filesystem (debootstrap, once; cached in $base)"
  rm -rf "$base"
  debootstrap --arch="$arch" --variant=minbase --include=systemd,systemd-sysv,udev,kmod,procps "$suite" "$base" "$mirror" \
    > "$cache/debootstrap-$suite-$arch.log" 2>&1 || { echo "boot: FAIL debootstrap (see $cache/debootstrap-$suite-$arch.log)"; exit 1; }
  cp /etc/resolv.conf "$base/etc/resolv.conf"
  chroot "$base" apt-get update -qq > /dev/null || { echo "boot: FAIL apt-get update in the root filesystem"; exit 1; }
  touch "$base/.complete"
fi
