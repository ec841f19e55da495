#!/usr/bin/env bash
# The real Linux backends against a real kernel: the Debian kernel under qemu (software
# emulation), i2c-stub standing in for the compass chips, the host-built mihrab run in the
# guest over the host's root shared read-only by 9p. Downloads and builds are cached outside the
# clone (Tests/rig/cache.sh). Prints PASS/FAIL lines; exits non-zero on any failure,
# and when qemu cannot run at all (it says so in one line).
# Usage: Tests/rig/rig.sh [MIHRAB_BINARY [MIHRAB_BINARY_BUILT_AGAINST_LIBGPIOD_V2]]
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
source "$root/Tests/rig/cache.sh"
bin=${1:-$(swift build -c release --product mihrab --show-bin-path)/mihrab}
[ -x "$bin" ] || { echo "rig: no mihrab binary at $bin (make release)"; exit 1; }
bin2=${2:-}
[ -z "$bin2" ] || [ -x "$bin2" ] || { echo "rig: no libgpiod v2 build at $bin2"; exit 1; }
# The guest runs them by these paths over the shared root: absolute ones.
bin=$(realpath "$bin")
[ -z "$bin2" ] || bin2=$(realpath "$bin2")

source "$root/Tests/rig/packages.sh"
install_missing qemu-system-x86 busybox-static kmod cpio v4l-utils
command -v qemu-system-x86_64 >/dev/null || { echo "rig: qemu-system-x86_64 cannot be installed here"; exit 1; }

source "$root/Tests/rig/kernel.sh"

# The rig's ear: records snd-aloop's capture side, printing when sound starts and stops.
capture=$cache/capture
if [ ! -x "$capture" ] || [ "$root/Tests/rig/capture.c" -nt "$capture" ]; then
  ${CC:-cc} -Wall -Wextra -Werror -O2 "$root/Tests/rig/capture.c" -lasound -o "$capture" || { echo "rig: FAIL building capture"; exit 1; }
fi

# The shim's own check of the kernel's CEC API (hal/cec), built here.
cec_check=$cache/cec-check
if [ ! -x "$cec_check" ] || [ "$root/Tests/rig/cec-check.c" -nt "$cec_check" ] || [ "$root/hal/cec/mihrab_cec.c" -nt "$cec_check" ]; then
  ${CC:-cc} -Wall -Wextra -Werror -O2 -I"$root/hal/cec/include" "$root/Tests/rig/cec-check.c" "$root/hal/cec/mihrab_cec.c" \
    -o "$cec_check" || { echo "rig: FAIL building cec-check"; exit 1; }
fi

# The initramfs: busybox, the modules and their dependencies, and the guest script.
initrd=$cache/initrd-$kv.img
work=$cache/initramfs
rm -rf "$work" && mkdir -p "$work"/{bin,proc,sys,dev,mnt/host,mnt/results,lib/modules}
cp /bin/busybox "$work/bin/busybox"
copy_modules "$work" virtio_pci 9pnet_virtio 9p i2c-dev i2c-stub configfs snd-aloop cec vivid
cp "$root/Tests/rig/devices.sh" "$work/devices.sh"
sed "s#@MIHRAB2@#$bin2#g; s#@MIHRAB@#$bin#g; s#@ROOT@#$root#g; s#@CAPTURE@#$capture#g; s#@CECCHECK@#$cec_check#g" "$root/Tests/rig/guest.sh" > "$work/init"
chmod +x "$work/init"
(cd "$work" && find . | cpio -o -H newc --quiet | gzip -1) > "$initrd"

# Boot; the guest writes its results to a shared folder and powers off.
results=$(mktemp -d)
if ! timeout 300 qemu-system-x86_64 -accel tcg -m 1024 -smp 1 -kernel "$kroot/boot/vmlinuz-$kv" -initrd "$initrd" \
    -append "console=ttyS0 quiet panic=-1 rdinit=/init" -nographic -no-reboot -nic none \
    -virtfs local,path=/,mount_tag=host,security_model=none,readonly=on,multidevs=remap \
    -virtfs local,path="$results",mount_tag=results,security_model=none > "$results/console.log" 2>&1; then
  echo "rig: FAIL qemu did not finish (see $results/console.log)"; exit 1
fi
[ -f "$results/done" ] || { echo "rig: FAIL the guest did not finish; console:"; tail -20 "$results/console.log"; exit 1; }
python3 "$root/Tests/rig/judge.py" "$results" ${bin2:+v2}
