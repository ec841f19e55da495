# Sourced by boot.sh for the arm64 unit (after board/cross/toolchain.sh and kernel-arm64.sh).
# Its root filesystem is made and its package installed by arm64 programs (debootstrap's second
# stage, dpkg, apt's maintainer scripts) run through qemu-user: binfmt_misc, mounted when it is
# not, hands arm64 binaries to qemu-aarch64-static (flag F: opened now, so it works in a chroot
# too). The registration stays until the machine reboots; one already there is used as it is.
binfmt=/proc/sys/fs/binfmt_misc
mountpoint -q $binfmt || mount -t binfmt_misc binfmt_misc $binfmt ||
  { echo "boot: FAIL binfmt_misc cannot be mounted: arm64 programs cannot run here"; exit 1; }
if [ ! -e $binfmt/qemu-aarch64 ] && [ ! -e $binfmt/mihrab-aarch64 ]; then
  # The ELF header's magic and mask as Debian's qemu-user-static registers them.
  magic=$(cut -d: -f5,6 /usr/lib/binfmt.d/qemu-aarch64.conf)
  printf ':mihrab-aarch64:M::%s:%s:F\n' "$magic" "$(command -v qemu-aarch64-static)" > $binfmt/register ||
    { echo "boot: FAIL registering qemu-aarch64-static with binfmt_misc"; exit 1; }
fi

# arm64_busybox: the path of trixie's arm64 busybox (the initramfs's shell), fetched once.
arm64_busybox() {
  local bb=$karm/busybox
  if [ ! -x "$bb" ]; then
    in_sysroot apt-get download -q busybox-static:arm64 >/dev/null 2>&1 || { echo "boot: FAIL apt-get download busybox-static:arm64" >&2; return 1; }
    rm -rf "$karm/busybox.x" && dpkg -x "$karm"/busybox-static_*_arm64.deb "$karm/busybox.x" && rm -f "$karm"/busybox-static_*_arm64.deb
    cp "$karm/busybox.x/usr/bin/busybox" "$bb" && rm -rf "$karm/busybox.x"
  fi
  echo "$bb"
}
