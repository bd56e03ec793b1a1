import { ACCESS_SUSPENDED_MESSAGE, NOT_ENOUGH_RESOURCE_MESSAGE } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { billableItems } from '../billing/billing.tables';
import { customerWithCredit, post } from '../billing/billing.test-helpers';
import { setStock } from './creation/creation.test-helpers';
import { fakeHypervisor } from './fake-hypervisor.test-helpers';
import { instances } from './instances.tables';
import { followOperation, insertInstance, instanceEvents, useInstancesApp } from './instances.test-helpers';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('./fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

const none = { cpu: 0, ramInGB: 0, diskInGB: 0, bandwidthInTB: 0 };
/** Cloud S in Frankfurt, as the demo catalogue sells it (1 vCPU, 1 GB, 25 GB, 1 TB). */
const cloudS = { productId: 1, regionId: 1, osId: 101, planName: 'Cloud S' };
const HOUR = 3_600_000;

describe('resize', () => {
  const env = useInstancesApp();
  const resize = (id: number, body: object, user = env.alice) =>
    env.call(user, 'POST', `/api/instances/${id}/resize`, { regionId: 1, extraResource: none, ...body });
  const stored = async (id: number) =>
    (await env.db.select().from(instances).where(eq(instances.id, id)))[0]!;
  const item = async (id: number) =>
    (await env.db.select().from(billableItems).where(eq(billableItems.id, id)))[0]!;

  it('moves an hourly instance to a bigger plan, billed at the new price from the next full hour', async () => {
    const row = await insertInstance(env.db, env.alice.id, cloudS);
    const backups = await env.call(
      env.alice,
      'POST',
      '/api/backups',
      { instanceId: row.id, scheduleFrequency: 'daily', periodId: 1 },
      { 'idempotency-key': `resize-backups-${row.id}` },
    );
    expect(backups.statusCode, backups.body).toBe(200);
    const before = Date.now();
    const res = await resize(row.id, {
      type: 'FIXED',
      productId: 2,
      extraResource: { ...none, diskInGB: 20 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ password: null });
    // Nothing changes until the server has its new size: the driver's operation is followed by a job.
    expect(await stored(row.id)).toMatchObject({ productId: 1, billableItemId: row.billableItemId });
    expect((await stored(row.id)).operation).toMatchObject({ kind: 'resize' });
    expect((await resize(row.id, { type: 'FIXED', productId: 3 })).json().code).toBe('INSTANCE_CHANGING');
    await followOperation(env, row.id);
    const after = await stored(row.id);
    expect(after.operation).toBeNull();
    expect(after).toMatchObject({
      productId: 2,
      planName: 'Cloud M',
      vcpuCount: 2,
      ramMb: 2048,
      diskGb: 70,
      bandwidthTb: 2,
      extraResource: { ...none, diskInGB: 20 },
    });
    const nextHour = Math.floor(before / HOUR) * HOUR + HOUR;
    const old = await item(row.billableItemId!);
    expect(old).toMatchObject({ status: 'terminated', reason: 'resized' });
    expect(old.endedAt!.getTime()).toBe(nextHour);
    const fresh = await item(after.billableItemId!);
    // Cloud M $10 + 20 GB at $0.10 + IPv4 $2, by the hour.
    expect(fresh).toMatchObject({
      status: 'active',
      reason: 'resized',
      billingCycle: 'hourly',
      monthlyPrice: 14_000_000,
    });
    expect(fresh.startedAt.getTime()).toBe(nextHour);
    expect(fresh.subDescription).toBe('Cloud M · Frankfurt · IPv4');
    expect(await instanceEvents(env.db, row.id)).toEqual(['instance_backup_enabled', 'instance_resized']);
    // Backups cost 20 % of the instance: their fee follows the new price from the same hour.
    const fees = await env.db.select().from(billableItems).where(eq(billableItems.resourceType, 'backup'));
    const mine = fees.filter((f) => f.instanceId === row.id).sort((a, b) => a.id - b.id);
    expect(mine.map((f) => [f.monthlyPrice, f.reason])).toEqual([
      [1_460_000, 'backup-resized'],
      [2_800_000, 'backup-resized'],
    ]);
    expect(mine[1]!.startedAt.getTime()).toBe(nextHour);
  });

  it('shrinks a disk only by an acknowledged clean install, answering the new password once', async () => {
    const row = await insertInstance(env.db, env.alice.id, {
      ...cloudS,
      productId: 2,
      planName: 'Cloud M',
      vcpuCount: 2,
      ramMb: 2048,
      diskGb: 50,
      bandwidthTb: 2,
    });
    const custom = { type: 'CUSTOM', extraResource: { cpu: 1, ramInGB: 2, diskInGB: 20, bandwidthInTB: 1 } };
    const refused = await resize(row.id, custom);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('CLEAN_INSTALL_NOT_ACKNOWLEDGED');
    expect((await stored(row.id)).diskGb).toBe(50);

    const res = await resize(row.id, { ...custom, acknowledgeCleanInstall: true });
    expect(res.statusCode, res.body).toBe(200);
    const { password } = res.json().data;
    expect(password).toMatch(/^Generated-Pass-\d+$/);
    expect(fakeHypervisor.servers.get(`instance-${row.id}`)!.status).toBe('preparing_disk');
    await followOperation(env, row.id);
    expect(await stored(row.id)).toMatchObject({ productId: null, planName: null, diskGb: 20, ramMb: 2048 });
    const detail = await env.call(env.alice, 'GET', `/api/instances/${row.id}`);
    expect(detail.body).not.toContain(password);
  });

  it('keeps the old size and bill when the resize fails half-way', async () => {
    const row = await insertInstance(env.db, env.alice.id, cloudS);
    fakeHypervisor.knobs.failRebuilds = 1;
    const res = await resize(row.id, { type: 'FIXED', productId: 2 });
    expect(res.statusCode, res.body).toBe(200);
    await followOperation(env, row.id);
    expect(await stored(row.id)).toMatchObject({
      productId: 1,
      diskGb: row.diskGb,
      billableItemId: row.billableItemId,
      operation: null,
    });
    expect(await item(row.billableItemId!)).toMatchObject({ status: 'active', endedAt: null });
    expect(await instanceEvents(env.db, row.id)).toEqual(['instance_resize_failed']);
    // The instance can be resized again once the failure is recorded.
    await resize(row.id, { type: 'FIXED', productId: 2 });
    await followOperation(env, row.id);
    expect((await stored(row.id)).productId).toBe(2);
  });

  it('refuses what the spec rules out, changing nothing', async () => {
    const hourly = await insertInstance(env.db, env.alice.id, cloudS);
    const same = await resize(hourly.id, { type: 'FIXED', productId: 1 });
    expect(same.json()).toMatchObject({ code: 'RESIZE_PLAN_UNCHANGED' });
    expect((await resize(hourly.id, { type: 'FIXED', productId: 2, regionId: 2 })).json().code).toBe(
      'INVALID_RESIZE',
    );
    expect((await resize(hourly.id, { type: 'FIXED', productId: 11 })).json().code).toBe('INVALID_RESIZE');
    expect((await resize(hourly.id, { type: 'FIXED', productId: 9999 })).statusCode).toBe(404);
    expect((await resize(hourly.id, { type: 'FIXED' })).statusCode).toBe(400);
    expect(
      (await resize(hourly.id, { type: 'CUSTOM', extraResource: { ...none, cpu: 1 } })).json().code,
    ).toBe('INVALID_ORDER');

    const monthly = await insertInstance(env.db, env.alice.id, { ...cloudS, billingCycle: 'monthly' });
    const small = await insertInstance(env.db, env.alice.id, { ...cloudS, productId: 5, ramMb: 512 });
    const rescue = await insertInstance(env.db, env.alice.id, { ...cloudS, status: 'rescue' });
    for (const r of [monthly, small, rescue]) {
      const res = await resize(r.id, { type: 'FIXED', productId: 2 });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('NOT_AVAILABLE');
    }
    const busy = await insertInstance(env.db, env.alice.id, { ...cloudS, status: 'taking_snapshot' });
    expect((await resize(busy.id, { type: 'FIXED', productId: 2 })).json().code).toBe('INSTANCE_CHANGING');

    const iso = await insertInstance(env.db, env.alice.id, {
      ...cloudS,
      osId: null,
      isoId: 3,
      productId: 2,
      vcpuCount: 2,
      ramMb: 2048,
      diskGb: 50,
      bandwidthTb: 2,
    });
    const down = await resize(iso.id, {
      type: 'CUSTOM',
      extraResource: { cpu: 4, ramInGB: 4, diskInGB: 40, bandwidthInTB: 2 },
      acknowledgeCleanInstall: true,
    });
    expect(down.json().code).toBe('CUSTOM_ISO_UPGRADE_ONLY');

    for (const r of [hourly, monthly, small, rescue, busy, iso])
      expect(await stored(r.id)).toMatchObject({ productId: r.productId, diskGb: r.diskGb });
  });

  it('refuses a sold-out plan, a host without room and credit that cannot carry the new price', async () => {
    const row = await insertInstance(env.db, env.alice.id, cloudS);
    await setStock(env.db, 3, 1, 0);
    const soldOut = await resize(row.id, { type: 'FIXED', productId: 3 });
    await setStock(env.db, 3, 1, 90);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().code).toBe('OUT_OF_STOCK');

    fakeHypervisor.knobs.noCapacity = true;
    const full = await resize(row.id, { type: 'FIXED', productId: 3 }).finally(() => {
      fakeHypervisor.knobs.noCapacity = false;
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'NOT_ENOUGH_RESOURCE', detail: NOT_ENOUGH_RESOURCE_MESSAGE });
    expect(await instanceEvents(env.db, row.id)).toEqual(['instance_resize_failed']);

    const poor = await customerWithCredit(env.app, env.db, 3_500_000);
    const theirs = await insertInstance(env.db, poor.id, cloudS);
    const short = await resize(theirs.id, { type: 'FIXED', productId: 4 }, poor);
    expect(short.statusCode).toBe(460);
    expect(short.json().data).toMatchObject({
      customerBalance: expect.any(String),
      numberOfDaysBalanceValidatedAgainst: 7,
    });
    // Its own current price does not count against it: Cloud M fits where Cloud XL did not.
    expect((await resize(theirs.id, { type: 'FIXED', productId: 2 }, poor)).statusCode).toBe(200);
    for (const r of [row]) expect((await stored(r.id)).productId).toBe(1);
  });

  it('is refused while suspended and hidden from another customer', async () => {
    const user = await customerWithCredit(env.app, env.db, 5_000_000);
    const row = await insertInstance(env.db, user.id, cloudS);
    await post(env.db, user.id, -6_000_000);
    const suspended = await resize(row.id, { type: 'FIXED', productId: 2 }, user);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json()).toMatchObject({ code: 'ACCESS_SUSPENDED', detail: ACCESS_SUSPENDED_MESSAGE });

    const alices = await insertInstance(env.db, env.alice.id, cloudS);
    const theirs = await resize(alices.id, { type: 'FIXED', productId: 2 }, env.bob);
    expect(theirs.statusCode).toBe(404);
    expect((await stored(alices.id)).productId).toBe(1);
  });
});
