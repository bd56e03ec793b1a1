import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../test/db';
import { loadConfig } from '../../../config';
import type { Database } from '../../../db/client';
import { loadCatalogue } from '../../catalogue/catalogue.loader';
import { ipPools } from '../address-pools/address-pools.tables';
import { serverSpec } from '../compute.test-helpers';
import type { ServerSpec } from '../hypervisor';
import { convergeAll, convergeUntilIdle } from './converge';
import { serialLogPath } from './domain-xml';
import { createLibvirtDriver } from './libvirt';
import {
  libvirtBaseImages,
  libvirtHosts,
  libvirtImages,
  libvirtIsos,
  libvirtServers,
} from './libvirt.tables';
import {
  BASE_VOLUME,
  TEST_POOL,
  TEST_URI,
  testBridge,
  testGuest,
  testPool,
  virshSync,
  withHostLock,
} from './test-host.test-helpers';

export { libvirtUnavailable, TEST_POOL, TEST_URI, testBridge } from './test-host.test-helpers';

/** The driver's tests on real guests: each file's database and host, and what the guests show. */

export const guestRam = 192;

/** A libvirt test file's set-up: a database, one test-guest host in region 1 and its address pools. */
export function useLibvirt() {
  const ctx = {
    db: undefined as unknown as Database,
    driver: undefined as unknown as ReturnType<typeof createLibvirtDriver>,
    hostId: 0,
    /** One convergence pass for each server until it has nothing more to do. */
    async settle(ref: string) {
      await convergeUntilIdle(ctx.db, ref);
    },
    /** Convergence for every server with work, then a moment for the guests (longer while one shuts down). */
    async settleAll() {
      const { waiting } = await convergeAll(ctx.db);
      await new Promise((r) => setTimeout(r, waiting ? 1000 : 100));
    },
    spec(overrides: Partial<ServerSpec> = {}) {
      return serverSpec({
        ramMb: guestRam,
        diskGb: 1,
        hostname: `guest-${process.pid}-${Date.now() % 100_000}`,
        ...overrides,
      });
    },
  };
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    ctx.db = database.db;
    await loadCatalogue(ctx.db, loadConfig({ NODE_ENV: 'test' }).CATALOGUE_FILE);
    const guest = withHostLock(() => {
      const built = testGuest();
      testPool();
      return built;
    });
    const [host] = await ctx.db
      .insert(libvirtHosts)
      .values({
        regionId: 1,
        name: `test-${process.pid}`,
        uri: TEST_URI,
        storagePool: TEST_POOL,
        network: testBridge() ?? 'user',
        domainType: 'qemu',
        vcpuCapacity: 32,
        ramMbCapacity: 16_384,
        diskGbCapacity: 1000,
      })
      .returning();
    ctx.hostId = host!.id;
    // Every image is the test guest; the rescue system says so on its console.
    await ctx.db.insert(libvirtBaseImages).values(
      ['os:1', 'os:2', 'rescue'].map((image) => ({
        hostId: host!.id,
        image,
        volume: BASE_VOLUME,
        kernel: guest.kernel,
        initrd: guest.initrd,
        cmdline: `console=tty0 console=ttyS0 quiet${image === 'rescue' ? ' nimbus.rescue' : ''}`,
      })),
    );
    await ctx.db.insert(ipPools).values([
      {
        regionId: 1,
        family: 'ipv4',
        network: '192.0.2.0/24',
        gateway: '192.0.2.1',
        netmask: '255.255.255.0',
      },
      {
        regionId: 1,
        family: 'ipv6',
        network: '2001:db8:77::/48',
        gateway: 'fe80::1',
        netmask: 'ffff:ffff:ffff:ffff::',
      },
      {
        regionId: 1,
        family: 'ipv4',
        network: '198.51.100.0/24',
        gateway: '198.51.100.1',
        netmask: '255.255.255.0',
        ddosProtected: true,
      },
    ]);
    ctx.driver = createLibvirtDriver({ db: ctx.db });
  }, 120_000);
  afterAll(async () => {
    // Every guest, snapshot, backup and ISO this file made leaves the host with it.
    if (ctx.db) {
      for (const { ref } of await ctx.db.select({ ref: libvirtServers.ref }).from(libvirtServers)) {
        await ctx.driver.delete(ref);
      }
      await convergeAll(ctx.db);
      for (const { ref } of await ctx.db.select({ ref: libvirtImages.ref }).from(libvirtImages)) {
        await ctx.driver.deleteSnapshot(ref);
      }
      for (const { ref } of await ctx.db.selectDistinct({ ref: libvirtIsos.ref }).from(libvirtIsos)) {
        await ctx.db.update(libvirtServers).set({ isoRef: null });
        await ctx.driver.deleteIso(ref);
      }
    }
    await database?.drop();
  }, 120_000);
  return ctx;
}

/** What the guest printed on its serial console (the log QEMU keeps on the host). */
export function serialConsole(ref: string): string {
  try {
    return readFileSync(serialLogPath(ref), 'utf8');
  } catch {
    return '';
  }
}

/** Waits until the guest's console shows `pattern` (its last boot counts), or fails with what it showed. */
export async function waitForConsole(
  ref: string,
  pattern: RegExp,
  timeoutMs = 60_000,
): Promise<RegExpMatchArray> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const match = serialConsole(ref).match(pattern);
    if (match) return match;
    if (Date.now() > until)
      throw new Error(`The console of ${ref} never showed ${pattern}:\n${serialConsole(ref).slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** `virsh` on the test host, for assertions on what the host really has. */
export function hostHas(kind: 'domain' | 'volume', name: string): boolean {
  try {
    if (kind === 'domain') virshSync('dominfo', name);
    else virshSync('vol-info', '--pool', TEST_POOL, name);
    return true;
  } catch {
    return false;
  }
}

/** Whether the guest agent of the domain answers a ping (what the driver asks before using it). */
export function agentAnswers(name: string): boolean {
  try {
    virshSync('qemu-agent-command', name, '{"execute":"guest-ping"}', '--timeout', '3');
    return true;
  } catch (error) {
    console.warn(String((error as { stderr?: string }).stderr ?? error));
    return false;
  }
}

export const domainStateOnHost = (name: string) => virshSync('domstate', name).trim();

/**
 * Host failures on demand: a `virsh` first on PATH that fails the next call of a verb once, as a host
 * refusing that call would, and runs the real virsh otherwise. No hook in the driver itself.
 */
export function useVirshFaults() {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-virsh-'));
  const faults = join(dir, 'faults');
  mkdirSync(faults);
  const real = execFileSync('sh', ['-c', 'command -v virsh'], { encoding: 'utf8' }).trim();
  writeFileSync(
    join(dir, 'virsh'),
    `#!/bin/sh\nverb=$4\nif [ -n "$verb" ] && rm "${faults}/$verb" 2>/dev/null; then echo "error: injected failure of $verb" >&2; exit 1; fi\nexec ${real} "$@"\n`,
    { mode: 0o755 },
  );
  process.env.PATH = `${dir}:${process.env.PATH}`;
  return {
    failNext(verb: string) {
      writeFileSync(join(faults, verb), '');
    },
  };
}
