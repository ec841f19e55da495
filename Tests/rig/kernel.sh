# Sourced by rig.sh and boot/boot.sh: Debian's kernel and the out-of-tree gpio-sim, cached in
# $cache. Sets kv (the kernel's version), kroot (the unpacked kernel package) and mods (the
# built gpio-sim and irq_sim modules); copy_modules comes from modules.sh. Needs $cache and packages.sh.

# The kernel: Debian's, as the distribution ships it (i2c-stub, i2c-dev, 9p are modules).
kpkg=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-/ {print $2; exit}')
kv=${kpkg#linux-image-}
if [ ! -f "$cache/kernel-$kv/boot/vmlinuz-$kv" ]; then
  (cd "$cache" && apt-get download -q "$kpkg" 2>/dev/null)
  rm -rf "$cache/kernel-$kv" && dpkg -x "$cache"/${kpkg}_*.deb "$cache/kernel-$kv"
  depmod -b "$cache/kernel-$kv" "$kv"
fi
kroot=$cache/kernel-$kv

# gpio-sim (and irq_sim, which it needs) are not built in Debian's kernel: build them out of
# tree from Debian's source of the same version (irq_sim needs a licence and one change:
# irq_to_desc is not exported).
mods=$cache/modules-$kv
if [ ! -f "$mods/gpio-sim.ko" ]; then
  install_missing "linux-headers-$kv" libelf-dev make gcc-12 xz-utils
  src=$cache/linux-source
  if [ ! -f "$src/gpio-sim.c" ]; then
    mkdir -p "$src" && (cd "$src" && apt-get download -q linux-source-6.1 2>/dev/null)
    dpkg-deb --fsys-tarfile "$src"/linux-source-6.1_*.deb | tar -xO ./usr/src/linux-source-6.1.tar.xz \
      | tar -xJ -C "$src" --strip-components=3 linux-source-6.1/drivers/gpio/gpio-sim.c \
          linux-source-6.1/drivers/gpio/gpiolib.h
    dpkg-deb --fsys-tarfile "$src"/linux-source-6.1_*.deb | tar -xO ./usr/src/linux-source-6.1.tar.xz \
      | tar -xJ -C "$src" --strip-components=3 linux-source-6.1/kernel/irq/irq_sim.c
    rm -f "$src"/linux-source-6.1_*.deb
  fi
  rm -rf "$mods" && mkdir -p "$mods"
  cp "$src/gpio-sim.c" "$src/gpiolib.h" "$mods/"
  sed 's/handle_simple_irq(irq_to_desc(\([a-z_]*\)))/generic_handle_irq(\1)/' "$src/irq_sim.c" > "$mods/irq_sim_impl.c"
  printf '#include "irq_sim_impl.c"\n#include <linux/module.h>\nMODULE_LICENSE("GPL");\n' > "$mods/irq_sim_mod.c"
  echo 'obj-m := irq_sim_mod.o gpio-sim.o' > "$mods/Kbuild"
  make -s -C "/usr/src/linux-headers-$kv" M="$mods" modules >/dev/null 2>&1 || { echo "rig: FAIL building gpio-sim"; exit 1; }
fi

source "$(dirname "${BASH_SOURCE[0]}")/modules.sh"
