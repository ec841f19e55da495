# Sourced by rig.sh and boot/boot.sh: $cache, the rig's folder outside the clone
# ($MIHRAB_CACHE/rig-KEY, board/cross/cache.sh): Debian's kernels and the modules built for them,
# the units' root filesystems, the downloaded packages. Its key covers the files that make those;
# what a run makes anew each time (initramfs, the unit's copy, its disk) is made there too.
source "$root/board/cross/cache.sh"
cache=$(cache_dir rig Tests/rig/kernel.sh Tests/rig/kernel-arm64.sh Tests/rig/modules.sh Tests/rig/packages.sh \
    Tests/rig/boot/base.sh Tests/rig/boot/arm64.sh)
