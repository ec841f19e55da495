# Sourced by kernel.sh and kernel-arm64.sh: copy_modules, for the kernel they describe ($kv, its
# unpacked package $kroot, the modules built out of tree in $mods).
# copy_modules ROOT MODULE...: the modules, with what they depend on, and the built gpio-sim
# and irq_sim (in extra/) into ROOT/lib/modules/$kv, indexed there by depmod.
copy_modules() {
  local dest=$1; shift
  local m ko rel
  for m in "$@"; do
    modprobe -d "$kroot" -S "$kv" --show-depends "$m" | awk '/^insmod/ {print $2}' | while read -r ko; do
      rel=${ko#$kroot/}
      mkdir -p "$dest/$(dirname "$rel")"
      # Compressed modules (trixie's) unpacked: busybox's modprobe in the initramfs takes plain ones.
      case $ko in
        *.ko.xz) xz -dc "$ko" > "$dest/${rel%.xz}" ;;
        *) cp "$ko" "$dest/$rel" ;;
      esac
    done
  done
  mkdir -p "$dest/lib/modules/$kv"
  cp "$kroot/lib/modules/$kv"/modules.{order,builtin,builtin.modinfo} "$dest/lib/modules/$kv/" 2>/dev/null || true
  mkdir -p "$dest/lib/modules/$kv/extra" && cp "$mods"/*.ko "$dest/lib/modules/$kv/extra/"
  depmod -b "$dest" "$kv"
}
