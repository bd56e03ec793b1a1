import { createHash } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';
import { parseXml } from './virsh';

/** What a domain is made of: the server's size, its host's network, its image's way of booting. */
export interface DomainPlan {
  name: string;
  vcpu: number;
  ramMb: number;
  pool: string;
  diskVolume: string;
  seedVolume: string;
  network: string;
  vncListen: string;
  macAddress: string;
  boot: { kernel: string; initrd: string | null; cmdline: string | null } | null;
  /** The CD-ROM drive's image (a custom ISO), or null for an empty drive. */
  cdrom: { pool: string; volume: string } | null;
  /** Boots from the CD-ROM first (a server installed from an ISO). */
  bootFromCdrom: boolean;
  /** Where QEMU copies the serial console (the host's libvirt log folder), for operators and tests. */
  serialLog: string;
}

/** Libvirt's name for a server's domain and the volumes that belong to it. */
export const domainName = (ref: string) => `nimbus-${ref}`;
export const diskVolumeName = (ref: string, generation = 1) => `${domainName(ref)}-d${generation}.qcow2`;
export const seedVolumeName = (ref: string) => `${domainName(ref)}-seed.iso`;
export const rescueSeedVolumeName = (ref: string) => `${domainName(ref)}-rescue-seed.iso`;
export const imageVolumeName = (imageRef: string) => `nimbus-image-${imageRef}.qcow2`;
export const isoVolumeName = (isoRef: string) => `nimbus-${isoRef}.iso`;
export const serialLogPath = (ref: string) => `/var/log/libvirt/qemu/${domainName(ref)}-serial.log`;

/** A stable UUID per server, so a redefinition updates the domain instead of clashing with it. */
export function uuidFor(ref: string): string {
  const hex = createHash('sha256').update(`nimbus-domain:${ref}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A stable, locally administered MAC per server (52:54:00 is QEMU's prefix). */
export function macAddressFor(ref: string): string {
  const hash = createHash('sha256').update(ref).digest();
  return ['52', '54', '00', ...[0, 1, 2].map((i) => hash[i]!.toString(16).padStart(2, '0'))].join(':');
}

function interfaceXml(network: string, mac: string) {
  const common = { mac: { '@address': mac }, model: { '@type': 'virtio' } };
  if (network === 'user') return { '@type': 'user', ...common };
  const [kind, name] = network.split(':');
  if (kind === 'bridge') return { '@type': 'bridge', source: { '@bridge': name }, ...common };
  return { '@type': 'network', source: { '@network': name }, ...common };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  suppressEmptyNode: true,
});

/**
 * The domain definition. TCG ('qemu') where KVM is not offered is decided by the host's capabilities
 * (`type`); the guest agent channel is always there, so a guest with qemu-guest-agent is reachable.
 */
export function domainXml(plan: DomainPlan, type: 'kvm' | 'qemu'): string {
  const os: Record<string, unknown> = { type: { '@arch': 'x86_64', '@machine': 'pc', '#text': 'hvm' } };
  if (plan.boot) {
    os.kernel = plan.boot.kernel;
    if (plan.boot.initrd) os.initrd = plan.boot.initrd;
    if (plan.boot.cmdline) os.cmdline = plan.boot.cmdline;
  } else {
    os.boot = plan.bootFromCdrom ? [{ '@dev': 'cdrom' }, { '@dev': 'hd' }] : { '@dev': 'hd' };
  }
  const cdrom = {
    '@type': plan.cdrom ? 'volume' : 'file',
    '@device': 'cdrom',
    driver: { '@name': 'qemu', '@type': 'raw' },
    ...(plan.cdrom ? { source: { '@pool': plan.cdrom.pool, '@volume': plan.cdrom.volume } } : {}),
    target: { '@dev': 'sda', '@bus': 'sata' },
    readonly: '',
  };
  const volumeDisk = (volume: string, dev: string, format: string, readonly: boolean) => ({
    '@type': 'volume',
    '@device': 'disk',
    driver: { '@name': 'qemu', '@type': format },
    source: { '@pool': plan.pool, '@volume': volume },
    target: { '@dev': dev, '@bus': 'virtio' },
    ...(readonly ? { readonly: '' } : {}),
  });
  const domain = {
    domain: {
      '@type': type,
      name: plan.name,
      uuid: uuidFor(plan.name),
      memory: { '@unit': 'MiB', '#text': plan.ramMb },
      vcpu: plan.vcpu,
      os,
      features: { acpi: '', apic: '' },
      on_poweroff: 'destroy',
      on_reboot: 'restart',
      on_crash: 'restart',
      devices: {
        disk: [
          volumeDisk(plan.diskVolume, 'vda', 'qcow2', false),
          volumeDisk(plan.seedVolume, 'vdb', 'raw', true),
          cdrom,
        ],
        interface: interfaceXml(plan.network, plan.macAddress),
        serial: {
          '@type': 'pty',
          log: { '@file': plan.serialLog, '@append': 'off' },
          target: { '@port': 0 },
        },
        console: { '@type': 'pty', target: { '@type': 'serial', '@port': 0 } },
        channel: { '@type': 'unix', target: { '@type': 'virtio', '@name': 'org.qemu.guest_agent.0' } },
        graphics: { '@type': 'vnc', '@port': -1, '@autoport': 'yes', '@listen': plan.vncListen },
        video: { model: { '@type': 'vga' } },
      },
    },
  };
  // Empty elements (<acpi/>, <readonly/>) are written as such, not dropped.
  return builder.build(domain).replace(/<(acpi|apic|readonly)><\/\1>/g, '<$1/>');
}

/** The VNC endpoint of a running domain, from `virsh dumpxml`. */
export function vncEndpoint(xml: string): { host: string; port: number } | null {
  const domain = parseXml(xml).domain as { devices?: { graphics?: unknown } } | undefined;
  const graphics = [domain?.devices?.graphics].flat().filter(Boolean) as Record<string, string>[];
  const vnc = graphics.find((g) => g['@type'] === 'vnc');
  const port = Number(vnc?.['@port']);
  if (!vnc || !Number.isInteger(port) || port <= 0) return null;
  return { host: vnc['@listen'] ?? '127.0.0.1', port };
}
