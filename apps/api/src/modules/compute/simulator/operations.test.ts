import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/db';
import { loadConfig } from '../../../config';
import type { Database } from '../../../db/client';
import { loadCatalogue } from '../../catalogue/catalogue.loader';
import { createHypervisor } from '../compute';
import { addressesOf, advanceDueServers, serverSpec, simServerRow, useFleet } from '../compute.test-helpers';
import type { Hypervisor } from '../hypervisor';
import { hostUsage } from './fleet';
import { verifyServerPassword } from './passwords';
import { consoleSigner } from './telemetry';

const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) });

describe('simulator operations of the later instance issue', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  let hv: Hypervisor;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await loadCatalogue(db, config.CATALOGUE_FILE);
    hv = createHypervisor({ config, db });
  });
  afterAll(() => database.drop());

  async function activeServer(overrides: Parameters<typeof serverSpec>[0] = {}) {
    const spec = serverSpec(overrides);
    await hv.create(spec);
    await advanceDueServers(db);
    return spec.ref;
  }
  const status = async (ref: string) => (await hv.get(ref))!.status;

  it('resizes within the host, refusing what does not fit', async () => {
    await useFleet(db, 6, [{ vcpu: 8, ramMb: 16384, diskGb: 500 }]);
    const ref = await activeServer({ regionId: 6, vcpu: 2 });
    await activeServer({ regionId: 6, vcpu: 4 });
    await hv.resize(ref, { vcpu: 4, ramMb: 4096, diskGb: 100, bandwidthTb: 2 });
    expect((await simServerRow(db, ref))!.spec).toMatchObject({
      vcpu: 4,
      ramMb: 4096,
      diskGb: 100,
      bandwidthTb: 2,
    });
    expect((await hostUsage(db, 6))[0]!.vcpu.used).toBe(8);
    await expect(hv.resize(ref, { vcpu: 5, ramMb: 4096, diskGb: 100, bandwidthTb: 2 })).rejects.toMatchObject(
      {
        kind: 'no_capacity',
      },
    );
    await expect(hv.resize('nope', { vcpu: 1, ramMb: 1, diskGb: 1, bandwidthTb: 1 })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('reinstalls through the provisioning steps, keeping addresses, with a new password', async () => {
    const ref = await activeServer({ assignIpv6: true });
    const before = await addressesOf(db, ref);
    const password = await hv.changeOs(ref, { kind: 'os', osId: 2, osFamily: 'debian' }, 'root');
    expect(await status(ref)).toBe('preparing_disk');
    await expect(hv.powerOff(ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await advanceDueServers(db);
    expect(await status(ref)).toBe('active');
    expect((await addressesOf(db, ref)).sort()).toEqual(before.sort());
    expect(await verifyServerPassword((await simServerRow(db, ref))!.passwordHash, password)).toBe(true);
  });

  it('enters and leaves rescue', async () => {
    const ref = await activeServer();
    await expect(hv.disableRescue(ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await hv.enableRescue(ref, 'Rescue123');
    expect(await status(ref)).toBe('rescue');
    await hv.disableRescue(ref);
    expect(await status(ref)).toBe('active');
  });

  it('takes, restores and deletes snapshots and backups', async () => {
    const ref = await activeServer();
    await hv.takeSnapshot(ref, 'snap-1');
    expect(await status(ref)).toBe('taking_snapshot');
    await advanceDueServers(db);
    expect(await status(ref)).toBe('active');
    await hv.restoreSnapshot(ref, 'snap-1');
    expect(await status(ref)).toBe('loading_snapshot');
    await advanceDueServers(db);
    await hv.takeBackup(ref, 'backup-1');
    expect(await status(ref)).toBe('active');
    await hv.restoreBackup(ref, 'backup-1');
    expect(await status(ref)).toBe('loading_backup');
    await advanceDueServers(db);
    await hv.deleteSnapshot('snap-1');
    await hv.deleteSnapshot('snap-1');
    await hv.deleteBackup('backup-1');
    await expect(hv.restoreSnapshot(ref, 'snap-1')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(hv.restoreBackup(ref, 'backup-1')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('attaches and ejects an ISO', async () => {
    const ref = await activeServer();
    await hv.attachIso(ref, 'iso-1');
    expect((await simServerRow(db, ref))!.isoRef).toBe('iso-1');
    await hv.ejectIso(ref);
    expect((await simServerRow(db, ref))!.isoRef).toBeNull();
  });

  it('enables IPv6 later and moves to a DDoS-protected IPv4 (once)', async () => {
    const ref = await activeServer({ regionId: 2 });
    const old = (await hv.get(ref))!.ipv4!;
    await hv.enableIp(ref, 'ipv6');
    await hv.enableIp(ref, 'ipv6');
    expect((await hv.get(ref))!.ipv6!.range).toMatch(/^2001:db8:2:/);
    const ip = await hv.enableDdosProtection(ref);
    expect(ip).toMatchObject({ netmask: '255.255.255.0', gateway: '198.18.5.1' });
    expect(ip.address).toMatch(/^198\.18\.5\./);
    expect(await hv.enableDdosProtection(ref)).toEqual(ip);
    expect(await addressesOf(db, ref)).not.toContain(old.address);
    expect((await hv.get(ref))!.ipv4).toEqual(ip);

    const v6only = await activeServer({ assignIpv4: false, assignIpv6: true });
    expect((await hv.get(v6only))!.ipv4).toBeNull();
    await hv.enableIp(v6only, 'ipv4');
    expect((await hv.get(v6only))!.ipv4!.address).toMatch(/^198\.18\.2\./);
  });

  it('reports deterministic bandwidth, metrics and a signed console link', async () => {
    const ref = await activeServer();
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    // The server is seconds old: usage counts only its lifetime.
    const usage = await hv.bandwidthUsage(ref, hourAgo, now);
    expect(usage).toEqual(await hv.bandwidthUsage(ref, hourAgo, now));
    expect(usage.bytes).toBeLessThan(500_000 * 60);
    const later = new Date(now.getTime() + 3_600_000);
    expect((await hv.bandwidthUsage(ref, now, later)).bytes).toBeGreaterThanOrEqual(20_000 * 3600);

    const points = await hv.metrics(ref, 'cpu:usage:%', hourAgo, now, 300);
    expect(points.length).toBeGreaterThanOrEqual(12);
    expect(points).toEqual(await hv.metrics(ref, 'cpu:usage:%', hourAgo, now, 300));
    for (const p of points) expect(p.value).toBeGreaterThanOrEqual(0);
    for (const p of points) expect(p.value).toBeLessThanOrEqual(100);

    const session = await hv.consoleSession(ref, 'vnc');
    expect(session.url).toMatch(/^\/novnc\/\?ref=.+&kind=vnc&expires=\d+&token=/);
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(consoleSigner(config.JWT_SECRET).verify(session.url)).toBe(true);
    expect(consoleSigner('another secret that is long enough!').verify(session.url)).toBe(false);
    await hv.powerOff(ref);
    await expect(hv.consoleSession(ref, 'vnc')).rejects.toMatchObject({ kind: 'invalid_state' });
    await expect(hv.metrics('nope', 'disk:iops', hourAgo, now, 60)).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});
