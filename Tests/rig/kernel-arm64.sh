# Sourced by boot/boot.sh for the arm64 unit: Debian 13's arm64 kernel and the modules the rig
# needs that it does not build (i2c-stub, gpio-sim and irq_sim: none is enabled in trixie's arm64
# configuration), built out of tree from Debian's source of the same series with trixie's
# aarch64 cross compiler in the trixie root of board/cross (so at native speed), cached in
# $cache/arm64. Sets kv, kroot and mods like kernel.sh; copy_modules comes from modules.sh.
# Needs $cache, $root, packages.sh, and board/cross/toolchain.sh sourced (its sysroot made).
karm=$cache/arm64
mkdir -p "$karm"
in_sysroot() { "$root/board/cross/enter.sh" "$sysroot" -b "$karm:/rig" -C /rig -- "$@"; }

kpkg=$(in_sysroot apt-cache depends linux-image-arm64:arm64 2>/dev/null | awk '/Depends: linux-image-/ {print $2; exit}')
kpkg=${kpkg%:arm64}
kv=${kpkg#linux-image-}
[ -n "$kv" ] || { echo "boot: FAIL no arm64 kernel found in trixie's lists"; exit 1; }
kroot=$karm/kernel-$kv
if [ ! -f "$kroot/boot/vmlinuz-$kv" ]; then
  in_sysroot apt-get download -q "$kpkg:arm64" >/dev/null 2>&1 || { echo "boot: FAIL apt-get download $kpkg"; exit 1; }
  rm -rf "$kroot" && dpkg -x "$karm/${kpkg}"_*_arm64.deb "$kroot" && rm -f "$karm/${kpkg}"_*_arm64.deb
  # Merged /usr: its modules are in usr/lib/modules, where modprobe -d looks under lib/modules.
  [ -e "$kroot/lib" ] || ln -s usr/lib "$kroot/lib"
fi

mods=$karm/modules-$kv
if [ ! -f "$mods/gpio-sim.ko" ] || [ ! -f "$mods/i2c-stub.ko" ]; then
  series=$(sed 's/^\([0-9]*\.[0-9]*\).*/\1/' <<<"$kv")
  # The cross compiler, the kernel's build tools (amd64's linux-kbuild) and its common headers,
  # installed in the trixie root; its arm64 headers unpacked beside (installing them would pull
  # in arm64's own gcc and binutils in place of the cross ones).
  base=${kv%-arm64}
  "$root/board/cross/enter.sh" "$sysroot" -- env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    make xz-utils gcc-aarch64-linux-gnu:amd64 binutils-aarch64-linux-gnu:amd64 "linux-kbuild-$base" "linux-headers-$base-common" \
    > "$karm/headers-apt.log" 2>&1 ||
    { echo "boot: FAIL installing the cross compiler and the kernel's build tools (see $karm/headers-apt.log)"; exit 1; }
  if [ ! -f "$karm/headers/usr/src/linux-headers-$kv/Makefile" ]; then
    in_sysroot apt-get download -q "linux-headers-$kv:arm64" >/dev/null 2>&1 || { echo "boot: FAIL apt-get download linux-headers-$kv"; exit 1; }
    rm -rf "$karm/headers" && dpkg -x "$karm/linux-headers-${kv}"_*_arm64.deb "$karm/headers" && rm -f "$karm/linux-headers-${kv}"_*_arm64.deb
  fi
  src=$karm/linux-source
  if [ ! -f "$src/gpio-sim.c" ]; then
    mkdir -p "$src" && in_sysroot sh -c "cd linux-source && apt-get download -q linux-source-$series" >/dev/null 2>&1 ||
      { echo "boot: FAIL apt-get download linux-source-$series"; exit 1; }
    dpkg-deb --fsys-tarfile "$src"/linux-source-${series}_*.deb | tar -xO ./usr/src/linux-source-$series.tar.xz \
      | tar -xJ -C "$src" --strip-components=3 linux-source-$series/drivers/gpio/gpio-sim.c \
          linux-source-$series/drivers/gpio/gpiolib.h linux-source-$series/drivers/i2c/i2c-stub.c
    dpkg-deb --fsys-tarfile "$src"/linux-source-${series}_*.deb | tar -xO ./usr/src/linux-source-$series.tar.xz \
      | tar -xJ -C "$src" --strip-components=3 linux-source-$series/kernel/irq/irq_sim.c
    rm -f "$src"/linux-source-${series}_*.deb
  fi
  rm -rf "$mods" && mkdir -p "$mods"
  cp "$src/gpio-sim.c" "$src/gpiolib.h" "$src/i2c-stub.c" "$mods/"
  # irq_sim as kernel.sh builds it (a licence, and irq_to_desc is not exported).
  sed 's/handle_simple_irq(irq_to_desc(\([a-z_]*\)))/generic_handle_irq(\1)/' "$src/irq_sim.c" > "$mods/irq_sim_impl.c"
  printf '#include "irq_sim_impl.c"\n#include <linux/module.h>\nMODULE_LICENSE("GPL");\n' > "$mods/irq_sim_mod.c"
  echo 'obj-m := irq_sim_mod.o gpio-sim.o i2c-stub.o' > "$mods/Kbuild"
  "$root/board/cross/enter.sh" "$sysroot" -b "$mods:/mods" -b "$karm/headers/usr/src/linux-headers-$kv:/usr/src/linux-headers-$kv" -- make -s -C "/usr/src/linux-headers-$kv" M=/mods \
    ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- modules > "$karm/modules-build.log" 2>&1 ||
    { echo "boot: FAIL building i2c-stub, gpio-sim and irq_sim for arm64 (see $karm/modules-build.log)"; tail -5 "$karm/modules-build.log"; exit 1; }
fi
# Into the kernel's own tree too, so that modprobe finds i2c-stub as it finds x86's.
if ! grep -qs '^extra/i2c-stub.ko' "$kroot/lib/modules/$kv/modules.dep"; then
  mkdir -p "$kroot/lib/modules/$kv/extra" && cp "$mods"/*.ko "$kroot/lib/modules/$kv/extra/"
  depmod -b "$kroot" "$kv"
fi

source "$(dirname "${BASH_SOURCE[0]}")/modules.sh"
