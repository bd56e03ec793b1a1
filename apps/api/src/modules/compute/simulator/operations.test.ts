import { describe, expect, it } from 'vitest';
import {
  addressesOf,
  advanceDueServers,
  plantFault,
  simServerRow,
  useFleet,
  useSimulator,
} from '../compute.test-helpers';
import { isoImage } from '../driver-contract.test-helpers';
import { verifyServerPassword } from '../server-passwords';
import { hostUsage } from './fleet';

describe('simulator operations of the later instance issue', () => {
  const sim = useSimulator({ JWT_SECRET: 'x'.repeat(32) });

  const status = async (ref: string) => (await sim.hv.get(ref))!.status;

  it('resizes within the host, refusing what does not fit', async () => {
    await useFleet(sim.db, 6, [{ vcpu: 8, ramMb: 16384, diskGb: 500 }]);
    const ref = await sim.activeServer({ regionId: 6, vcpu: 2 });
    await sim.activeServer({ regionId: 6, vcpu: 4 });
    await sim.hv.resize(ref, { vcpu: 4, ramMb: 4096, diskGb: 100, bandwidthTb: 2 });
    expect((await simServerRow(sim.db, ref))!.spec).toMatchObject({
      vcpu: 4,
      ramMb: 4096,
      diskGb: 100,
      bandwidthTb: 2,
    });
    expect((await hostUsage(sim.db, 6))[0]!.vcpu.used).toBe(8);
    await advanceDueServers(sim.db);
    await expect(
      sim.hv.resize(ref, { vcpu: 5, ramMb: 4096, diskGb: 100, bandwidthTb: 2 }),
    ).rejects.toMatchObject({
      kind: 'no_capacity',
    });
    await expect(
      sim.hv.resize('nope', { vcpu: 1, ramMb: 1, diskGb: 1, bandwidthTb: 1 }),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('reinstalls through the provisioning steps, keeping addresses, with a new password', async () => {
    const ref = await sim.activeServer({ assignIpv6: true });
    const before = await addressesOf(sim.db, ref);
    const { password } = await sim.hv.changeOs(ref, { kind: 'os', osId: 2, osFamily: 'debian' }, 'root');
    expect(await status(ref)).toBe('preparing_disk');
    await expect(sim.hv.powerOff(ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await advanceDueServers(sim.db);
    expect(await status(ref)).toBe('active');
    expect((await addressesOf(sim.db, ref)).sort()).toEqual(before.sort());
    expect(await verifyServerPassword((await simServerRow(sim.db, ref))!.passwordHash, password)).toBe(true);
  });

  it('gives a failed resize its room back and a failed reinstall its old disk and password', async () => {
    await useFleet(sim.db, 5, [{ vcpu: 8, ramMb: 16384, diskGb: 500 }]);
    const ref = await sim.activeServer({ regionId: 5, vcpu: 2 });
    const before = (await simServerRow(sim.db, ref))!;
    await plantFault(sim.db, { step: 'spawning_qemu' });
    const resizing = await sim.hv.resize(ref, { vcpu: 6, ramMb: 8192, diskGb: 200, bandwidthTb: 2 });
    expect((await hostUsage(sim.db, 5))[0]!.vcpu.used).toBe(6);
    await advanceDueServers(sim.db);
    expect(await sim.hv.operation(resizing.operation.id)).toMatchObject({ state: 'failed' });
    expect((await simServerRow(sim.db, ref))!.spec).toEqual(before.spec);
    expect((await hostUsage(sim.db, 5))[0]!.vcpu.used).toBe(2);

    await plantFault(sim.db, { step: 'preparing_disk' });
    const reinstall = await sim.hv.changeOs(ref, { kind: 'os', osId: 2, osFamily: 'debian' }, 'root');
    await advanceDueServers(sim.db);
    expect(await sim.hv.operation(reinstall.operation.id)).toMatchObject({ state: 'failed' });
    const after = (await simServerRow(sim.db, ref))!;
    expect(after).toMatchObject({ status: 'active', spec: before.spec, passwordHash: before.passwordHash });
    expect(await verifyServerPassword(after.passwordHash, reinstall.password)).toBe(false);
  });

  it('enters and leaves rescue', async () => {
    const ref = await sim.activeServer();
    await expect(sim.hv.disableRescue(ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await sim.hv.enableRescue(ref, 'Rescue123');
    expect(await status(ref)).toBe('rescue');
    await sim.hv.disableRescue(ref);
    expect(await status(ref)).toBe('active');
  });

  it('takes, restores and deletes snapshots and backups', async () => {
    const ref = await sim.activeServer();
    await sim.hv.takeSnapshot(ref, 'snap-1');
    expect(await status(ref)).toBe('taking_snapshot');
    await advanceDueServers(sim.db);
    expect(await status(ref)).toBe('active');
    await sim.hv.restoreSnapshot(ref, 'snap-1');
    expect(await status(ref)).toBe('loading_snapshot');
    await advanceDueServers(sim.db);
    const backup = await sim.hv.takeBackup(ref, 'backup-1');
    // A backup runs beside the server and ends a step later (at once here), when it is read.
    expect(await status(ref)).toBe('active');
    expect(await sim.hv.operation(backup.id)).toEqual({ state: 'succeeded', sizeMb: expect.any(Number) });
    await sim.hv.restoreBackup(ref, 'backup-1');
    expect(await status(ref)).toBe('loading_backup');
    await advanceDueServers(sim.db);
    await sim.hv.deleteSnapshot('snap-1');
    await sim.hv.deleteSnapshot('snap-1');
    await sim.hv.deleteBackup('backup-1');
    await expect(sim.hv.restoreSnapshot(ref, 'snap-1')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(sim.hv.restoreBackup(ref, 'backup-1')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('attaches and ejects an ISO', async () => {
    const ref = await sim.activeServer();
    await sim.hv.writeIso('iso-1', 0, isoImage(40_000));
    await sim.hv.completeIso('iso-1');
    await sim.hv.attachIso(ref, 'iso-1');
    expect((await simServerRow(sim.db, ref))!.isoRef).toBe('iso-1');
    await sim.hv.ejectIso(ref);
    expect((await simServerRow(sim.db, ref))!.isoRef).toBeNull();
  });

  it('enables IPv6 later and moves to a DDoS-protected IPv4 (once)', async () => {
    const ref = await sim.activeServer({ regionId: 2 });
    const old = (await sim.hv.get(ref))!.ipv4!;
    await sim.hv.enableIp(ref, 'ipv6');
    await sim.hv.enableIp(ref, 'ipv6');
    expect((await sim.hv.get(ref))!.ipv6!.range).toMatch(/^2001:db8:2:/);
    const ip = await sim.hv.enableDdosProtection(ref);
    expect(ip).toMatchObject({ netmask: '255.255.255.0', gateway: '198.18.5.1' });
    expect(ip.address).toMatch(/^198\.18\.5\./);
    expect(await sim.hv.enableDdosProtection(ref)).toEqual(ip);
    expect(await addressesOf(sim.db, ref)).not.toContain(old.address);
    expect((await sim.hv.get(ref))!.ipv4).toEqual(ip);

    const v6only = await sim.activeServer({ assignIpv4: false, assignIpv6: true });
    expect((await sim.hv.get(v6only))!.ipv4).toBeNull();
    await sim.hv.enableIp(v6only, 'ipv4');
    expect((await sim.hv.get(v6only))!.ipv4!.address).toMatch(/^198\.18\.2\./);
  });

  it('reports deterministic bandwidth, metrics and a signed console link', async () => {
    const ref = await sim.activeServer();
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    // The server is seconds old: usage counts only its lifetime.
    const usage = await sim.hv.bandwidthUsage(ref, hourAgo, now);
    expect(usage).toEqual(await sim.hv.bandwidthUsage(ref, hourAgo, now));
    expect(usage.bytes).toBeLessThan(500_000 * 60);
    const later = new Date(now.getTime() + 3_600_000);
    expect((await sim.hv.bandwidthUsage(ref, now, later)).bytes).toBeGreaterThanOrEqual(20_000 * 3600);

    const points = await sim.hv.metrics(ref, 'cpu:usage:%', hourAgo, now, 300);
    expect(points.length).toBeGreaterThanOrEqual(12);
    expect(points).toEqual(await sim.hv.metrics(ref, 'cpu:usage:%', hourAgo, now, 300));
    for (const p of points) expect(p.value).toBeGreaterThanOrEqual(0);
    for (const p of points) expect(p.value).toBeLessThanOrEqual(100);

    await sim.hv.powerOff(ref);
    await expect(sim.hv.openConsole(ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await expect(sim.hv.metrics('nope', 'disk:iops', hourAgo, now, 60)).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});
