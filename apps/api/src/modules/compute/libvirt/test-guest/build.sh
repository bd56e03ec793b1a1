#!/bin/sh
# Builds the libvirt driver's test guest from Debian packages only (linux-image-amd64, busybox-static):
# the host's newest kernel and a busybox initramfs whose init reads the NoCloud seed (the "cidata"
# volume Nimbus writes), applies its hostname, root password and static address, and prints them on
# the serial console, so the driver's tests see the seed path work in a real guest.
# Usage: build.sh OUT_DIR  ->  OUT_DIR/vmlinuz, OUT_DIR/initrd.img
set -eu
out=${1:?usage: build.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
kernel=$(ls /boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1)
[ -n "$kernel" ] || { echo "no kernel in /boot: install linux-image-amd64" >&2; exit 1; }
version=${kernel#/boot/vmlinuz-}
modules=/lib/modules/$version
busybox=$(command -v busybox) || { echo "busybox-static is not installed" >&2; exit 1; }

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/bin" "$root/sbin" "$root/etc/init.d" "$root/etc/acpi/PWRF" "$root/lib/modules" \
  "$root/proc" "$root/sys" "$root/dev" "$root/run" "$root/tmp" "$root/seed" "$root/root" "$root/var/log"
cp "$busybox" "$root/bin/busybox"
# The drivers the seed and the disks need, in load order (virtio's PCI transport, the block device,
# ISO 9660 for the seed) and the ACPI power button, so a clean shutdown request is obeyed.
for module in virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci virtio_blk \
  cdrom isofs button evdev virtio_console failover net_failover virtio_net; do
  file=$(find "$modules/kernel" -name "$module.ko*" | head -n 1)
  [ -n "$file" ] || { echo "module $module is missing from $modules" >&2; exit 1; }
  case $file in
    *.xz) xz -dc "$file" > "$root/lib/modules/$module.ko" ;;
    *.zst) zstd -dcq "$file" > "$root/lib/modules/$module.ko" ;;
    *) cp "$file" "$root/lib/modules/$module.ko" ;;
  esac
done
cp "$here/rcS" "$root/etc/init.d/rcS"
cp "$here/inittab" "$root/etc/inittab"
printf '#!/bin/sh\n/bin/poweroff\n' > "$root/etc/acpi/PWRF/00000080"
chmod 755 "$root/etc/init.d/rcS" "$root/etc/acpi/PWRF/00000080"
printf 'root:x:0:0:root:/root:/bin/sh\n' > "$root/etc/passwd"
printf 'root:*:19000:0:99999:7:::\n' > "$root/etc/shadow"
printf 'root:x:0:\n' > "$root/etc/group"
printf '/bin/sh\n' > "$root/etc/shells"
ln -s busybox "$root/bin/sh"
ln -s /bin/busybox "$root/init"
ln -s /bin/busybox "$root/sbin/init"

mkdir -p "$out"
(cd "$root" && find . | "$busybox" cpio -o -H newc 2>/dev/null | gzip -9) > "$out/initrd.img"
cp "$kernel" "$out/vmlinuz"
echo "test guest: $out/vmlinuz ($version) and $out/initrd.img"
