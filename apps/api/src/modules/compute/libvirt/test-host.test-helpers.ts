import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real guests for the libvirt driver's tests: the local libvirtd (qemu:///system) with software
 * emulation, a storage pool of the tests' own, and the test guest built from Debian's packages
 * (test-guest/build.sh). Without libvirt the tests are skipped, and say why.
 */

export const TEST_URI = process.env.LIBVIRT_TEST_URI ?? 'qemu:///system';
export const TEST_POOL = 'nimbus-test';
const POOL_DIR = '/var/lib/libvirt/images/nimbus-test';
const GUEST_DIR = '/var/lib/libvirt/images/nimbus-test-guest';
export const BASE_VOLUME = 'test-guest-base.qcow2';
const here = dirname(fileURLToPath(import.meta.url));

export const virshSync = (...args: string[]) =>
  execFileSync('virsh', ['--quiet', '-c', TEST_URI, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** Why the real-guest tests cannot run here, or null when they can. */
export function libvirtUnavailable(): string | null {
  if (process.env.LIBVIRT_TESTS === 'off') return 'LIBVIRT_TESTS=off';
  for (const tool of ['virsh', 'xorriso', 'busybox']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      return `${tool} is not installed`;
    }
  }
  try {
    virshSync('version');
  } catch {
    return `libvirtd does not answer at ${TEST_URI}`;
  }
  return null;
}

const BRIDGE = 'nimbustestbr0';

/**
 * The tests' bridge, so the host counts each guest's traffic on its tap (QEMU's user-mode network has no
 * tap to count); null where no bridge can be made (not root), and guests use user mode.
 */
export function testBridge(): string | null {
  try {
    execFileSync('ip', ['link', 'show', BRIDGE], { stdio: 'ignore' });
  } catch {
    try {
      execFileSync('ip', ['link', 'add', BRIDGE, 'type', 'bridge'], { stdio: 'ignore' });
    } catch {
      return null;
    }
  }
  try {
    execFileSync('ip', ['link', 'set', BRIDGE, 'up'], { stdio: 'ignore' });
    return `bridge:${BRIDGE}`;
  } catch {
    return null;
  }
}

/** The test guest's kernel and initramfs, built once per machine. */
export function testGuest() {
  const kernel = join(GUEST_DIR, 'vmlinuz');
  const initrd = join(GUEST_DIR, 'initrd.img');
  const script = join(here, 'test-guest', 'build.sh');
  const stamp = join(GUEST_DIR, 'built-from');
  const source = ['build.sh', 'rcS', 'inittab']
    .map((f) => readFileSync(join(here, 'test-guest', f), 'utf8'))
    .join('\0');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== source) {
    execFileSync('sh', [script, GUEST_DIR], { stdio: 'ignore' });
    execFileSync('sh', ['-c', 'cat > "$1"', 'sh', stamp], { input: source });
  }
  return { kernel, initrd };
}

/** The tests' storage pool with an (empty) base image the guests' disks are overlays of. */
export function testPool() {
  mkdirSync(POOL_DIR, { recursive: true });
  try {
    virshSync('pool-info', TEST_POOL);
  } catch {
    virshSync('pool-define-as', TEST_POOL, 'dir', '--target', POOL_DIR);
  }
  if (!virshSync('pool-info', TEST_POOL).includes('running')) virshSync('pool-start', TEST_POOL);
  virshSync('pool-refresh', TEST_POOL);
  try {
    virshSync('vol-info', '--pool', TEST_POOL, BASE_VOLUME);
  } catch {
    virshSync('vol-create-as', TEST_POOL, BASE_VOLUME, '64M', '--format', 'qcow2');
  }
}

/**
 * Test files run in parallel processes: the first to get here builds the guest and the pool while the
 * others wait (mkdir is atomic; a lock older than two minutes was left by a killed run).
 */
export function withHostLock<T>(fn: () => T): T {
  const lock = join(tmpdir(), 'nimbus-libvirt-test.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Released meanwhile.
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
