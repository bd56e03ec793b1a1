import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { operatorCli } from './billing';

/**
 * The journey's KVM host: the local libvirtd with a storage pool of its own, the driver's test guest
 * (built from Debian's packages) as the image of Ubuntu 24.04 and of the rescue system, and region 1's
 * address pools, registered through the operator commands as a provider would.
 */
export const POOL = 'nimbus-e2e';
const POOL_DIR = '/var/lib/libvirt/images/nimbus-e2e';
const GUEST_DIR = '/var/lib/libvirt/images/nimbus-e2e-guest';
const BASE_VOLUME = 'e2e-guest-base.qcow2';
const repoRoot = resolve(import.meta.dirname, '../..');

export const virsh = (...args: string[]) =>
  execFileSync('virsh', ['--quiet', '-c', 'qemu:///system', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** Why the journey cannot run here, or null. */
export function libvirtUnavailable(): string | null {
  if (process.env.LIBVIRT_TESTS === 'off') return 'LIBVIRT_TESTS=off';
  for (const tool of ['virsh', 'xorriso', 'busybox', 'tesseract']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      return `${tool} is not installed`;
    }
  }
  try {
    virsh('version');
  } catch {
    return 'libvirtd does not answer at qemu:///system';
  }
  return null;
}

export async function registerHost() {
  execFileSync(
    'sh',
    [resolve(repoRoot, 'apps/api/src/modules/compute/libvirt/test-guest/build.sh'), GUEST_DIR],
    {
      stdio: 'ignore',
    },
  );
  mkdirSync(POOL_DIR, { recursive: true });
  try {
    virsh('pool-info', POOL);
  } catch {
    virsh('pool-define-as', POOL, 'dir', '--target', POOL_DIR);
  }
  if (!virsh('pool-info', POOL).includes('running')) virsh('pool-start', POOL);
  virsh('pool-refresh', POOL);
  if (!existsSync(`${POOL_DIR}/${BASE_VOLUME}`))
    virsh('vol-create-as', POOL, BASE_VOLUME, '64M', '--format', 'qcow2');
  await operatorCli(
    ...'hosts add e2e-kvm --region 1 --uri qemu:///system --network user --vcpu 16 --ram-gb 32 --disk-gb 2000 --emulated'.split(
      ' ',
    ),
    '--pool',
    POOL,
  );
  for (const image of ['os:101', 'rescue']) {
    await operatorCli(
      'images',
      'add',
      'e2e-kvm',
      image,
      '--volume',
      BASE_VOLUME,
      '--kernel',
      `${GUEST_DIR}/vmlinuz`,
      '--initrd',
      `${GUEST_DIR}/initrd.img`,
      '--cmdline',
      'console=tty0 console=ttyS0 quiet',
    );
  }
  await operatorCli(...'pools add --region 1 --network 203.0.113.0/24 --gateway 203.0.113.1'.split(' '));
}

/** The volumes of the journey's pool. */
export const poolVolumes = () =>
  virsh('vol-list', POOL)
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);

/** Text recognised in a screenshot (Tesseract), as a customer would read it. */
export function readText(png: Buffer): string {
  return execFileSync('tesseract', ['stdin', 'stdout', '--psm', '6'], {
    input: png,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'ignore'],
  });
}
