#!/bin/busybox sh
# /init of the booted unit's initramfs: the emulated hardware (as the rig's), then the unit's
# own root filesystem (/dev/vda, ext4) and its systemd as PID 1.
/bin/busybox --install -s /bin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
for m in virtio_pci virtio_blk crc32c_generic ext4 i2c-dev; do modprobe $m; done
. /devices.sh
stub
gpio_sim
# The buzzer is active-low: wired with a pull-up, it is silent while no one drives it.
echo pull-up > $V/sim_gpio9/pull
mkdir -p /newroot
i=0; while [ ! -b /dev/vda ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
# commit=600: nothing reaches the disk by ext4's own 5 s commit before the power cut; what
# the daemon saved survives only if it made it durable itself (fsync).
mount -t ext4 -o rw,commit=600 /dev/vda /newroot || { echo "rig-init: cannot mount /dev/vda"; poweroff -f; }
umount /sys/kernel/config
mount --move /dev /newroot/dev; mount --move /sys /newroot/sys; mount --move /proc /newroot/proc
exec switch_root /newroot /sbin/init
