import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { billableItems } from '../billing/billing.tables';
import { customerWithCredit, post } from '../billing/billing.test-helpers';
import { fakeHypervisor } from '../instances/fake-hypervisor.test-helpers';
import { instances } from '../instances/instances.tables';
import { insertInstance, instanceEvents, useInstancesApp } from '../instances/instances.test-helpers';
import { followSnapshot } from './snapshot-progress';
import { snapshots } from './snapshots.tables';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('../instances/fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

describe('snapshots', () => {
  const env = useInstancesApp();
  const { call } = env;
  const take = (user = env.alice, instanceId: number, headers: Record<string, string> = {}) =>
    call(user, 'POST', '/api/snapshots', { instanceId }, headers);
  /** Runs the follow job until the operation has ended, as the worker would. */
  async function follow(snapshotId: number) {
    const deps = { db: env.db, hypervisor: fakeHypervisor.driver, jobs: env.jobs };
    for (let i = 0; i < 5; i++) if ((await followSnapshot(deps, snapshotId)) === 'settled') return;
    throw new Error('the snapshot operation did not end');
  }
  const row = async (id: number) => (await env.db.select().from(snapshots).where(eq(snapshots.id, id)))[0]!;
  const events = (instanceId: number) => instanceEvents(env.db, instanceId);
  const serverStatus = (instanceId: number) => fakeHypervisor.servers.get(`instance-${instanceId}`)!.status;

  async function takenSnapshot(user = env.alice, instanceId?: number) {
    const instance = instanceId ?? (await insertInstance(env.db, user.id)).id;
    const res = await take(user, instance);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.data.id as number;
    await follow(id);
    return { id, instanceId: instance };
  }

  it('takes a snapshot as an operation, then bills it by size from the hour it exists', async () => {
    const instance = await insertInstance(env.db, env.alice.id, { diskGb: 40 });
    const res = await take(env.alice, instance.id);
    expect(res.statusCode, res.body).toBe(201);
    const snapshot = res.json().data.data;
    expect(snapshot).toMatchObject({
      status: 'in_progress',
      size: null,
      instanceId: instance.id,
      isInstanceDeleted: false,
      monthlyPrice: null,
      metadata: { hostname: instance.hostname, disk: 40, ip: instance.mainIp },
    });
    expect(snapshot.name).toMatch(new RegExp(`^${instance.hostname}-\\d{4}-\\d{2}-\\d{2}-\\d{4}$`));
    expect(serverStatus(instance.id)).toBe('taking_snapshot');
    // Nothing is billed while it is being taken.
    expect(
      await env.db.select().from(billableItems).where(eq(billableItems.resourceType, 'snapshot')),
    ).toEqual([]);

    await follow(snapshot.id);
    const done = (await call(env.alice, 'GET', `/api/snapshots/${snapshot.id}`)).json().data.data;
    // The fake's snapshots weigh 2048 MB: 2 GB × $0.048.
    expect(done).toMatchObject({ status: 'active', size: 2048, monthlyPrice: '0.0960' });
    expect(serverStatus(instance.id)).toBe('active');
    const [item] = await env.db
      .select()
      .from(billableItems)
      .where(
        and(eq(billableItems.resourceType, 'snapshot'), eq(billableItems.resourceId, String(snapshot.id))),
      );
    expect(item).toMatchObject({
      billingCycle: 'hourly',
      monthlyPrice: 96_000,
      status: 'active',
      reason: 'created',
    });
    expect(await events(instance.id)).toEqual(['instance_snapshot_requested', 'instance_snapshot_taken']);
  });

  it('lists by page with filters, and shows another customer nothing of them', async () => {
    const instance = await insertInstance(env.db, env.alice.id);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await takenSnapshot(env.alice, instance.id)).id);
    const page = (await call(env.alice, 'GET', `/api/snapshots?instanceId=${instance.id}&limit=2`)).json()
      .data;
    expect(page).toMatchObject({ pageSize: 2, totalCount: 3, totalPages: 2 });
    expect(page.items.map((s: { id: number }) => s.id)).toEqual([ids[2], ids[1]]);
    const second = (
      await call(env.alice, 'GET', `/api/snapshots?instanceId=${instance.id}&limit=2&page=2`)
    ).json().data;
    expect(second.items.map((s: { id: number }) => s.id)).toEqual([ids[0]]);
    expect((await call(env.alice, 'GET', '/api/snapshots?status=failed')).json().data.items).toEqual([]);
    expect(
      (await call(env.alice, 'GET', '/api/snapshots?isAutomatedBackup=true')).json().data.totalCount,
    ).toBe(0);

    expect(
      (await call(env.bob, 'GET', `/api/snapshots?instanceId=${instance.id}`)).json().data.totalCount,
    ).toBe(0);
    for (const [method, path] of [
      ['GET', `/api/snapshots/${ids[0]}`],
      ['DELETE', `/api/snapshots/${ids[0]}`],
      ['POST', `/api/snapshots/${ids[0]}/restore`],
      ['POST', `/api/snapshots/${ids[0]}/retake`],
    ] as const) {
      const theirs = await call(env.bob, method, path);
      const missing = await call(env.bob, method, path.replace(String(ids[0]), '2000000000'));
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.json()).toEqual(missing.json());
    }
    expect((await take(env.bob, instance.id)).statusCode).toBe(404);
    expect((await row(ids[0]!)).deletedAt).toBeNull();
  });

  it('refuses a snapshot of an instance that is changing, in rescue, with an ISO or suspended', async () => {
    const changing = await insertInstance(env.db, env.alice.id, { status: 'preparing_disk' });
    const rescue = await insertInstance(env.db, env.alice.id, { status: 'rescue' });
    const iso = await insertInstance(env.db, env.alice.id, { isoId: 3 });
    expect((await take(env.alice, changing.id)).json().code).toBe('INSTANCE_CHANGING');
    expect((await take(env.alice, rescue.id)).json().code).toBe('NOT_AVAILABLE');
    expect((await take(env.alice, iso.id)).json().code).toBe('SNAPSHOT_ISO_ATTACHED');
    // One operation at a time per instance.
    const busy = await insertInstance(env.db, env.alice.id);
    expect((await take(env.alice, busy.id)).statusCode).toBe(201);
    expect((await take(env.alice, busy.id)).json().code).toBe('INSTANCE_CHANGING');

    const user = await customerWithCredit(env.app, env.db, 5_000_000);
    const theirs = await insertInstance(env.db, user.id);
    await post(env.db, user.id, -6_000_000);
    const suspended = await take(user, theirs.id);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().code).toBe('ACCESS_SUSPENDED');
  });

  it('answers 460 with the balance figures when the credit would not cover the snapshot', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000);
    const instance = await insertInstance(env.db, user.id, { unbilled: true, diskGb: 500 });
    const res = await take(user, instance.id);
    expect(res.statusCode).toBe(460);
    expect(res.json()).toMatchObject({
      code: 'BALANCE_WAS_INSUFFICIENT_FOR_ADDING_SNAPSHOT',
      detail: 'Your balance is insufficient for taking a new snapshot.',
      data: { customerBalance: '0.00', snapshotCount: 0 },
    });
    expect(await env.db.select().from(snapshots).where(eq(snapshots.customerId, user.id))).toEqual([]);
  });

  it('restores onto a disk at least as large, and refuses a smaller one', async () => {
    const { id, instanceId } = await takenSnapshot();
    const restoring = await call(env.alice, 'POST', `/api/snapshots/${id}/restore`);
    expect(restoring.statusCode, restoring.body).toBe(200);
    expect(restoring.json().data.data.status).toBe('restoring');
    expect(serverStatus(instanceId)).toBe('loading_snapshot');
    expect((await call(env.alice, 'DELETE', `/api/snapshots/${id}`)).json().code).toBe('SNAPSHOT_NOT_ACTIVE');
    await follow(id);
    const restored = (await call(env.alice, 'GET', `/api/snapshots/${id}`)).json().data.data;
    expect(restored.status).toBe('active');
    expect(restored.lastRestoredAt).not.toBeNull();
    expect(await events(instanceId)).toEqual([
      'instance_snapshot_requested',
      'instance_snapshot_taken',
      'instance_snapshot_restore_requested',
      'instance_snapshot_restored',
    ]);

    await env.db.update(instances).set({ diskGb: 10 }).where(eq(instances.id, instanceId));
    const smaller = await call(env.alice, 'POST', `/api/snapshots/${id}/restore`);
    expect(smaller.statusCode).toBe(409);
    expect(smaller.json().code).toBe('SNAPSHOT_IS_NOT_COMPATIBLE_WITH_INSTANCE_SPEC');
  });

  it('retakes into a new image, drops the old one and bills the new size', async () => {
    const { id } = await takenSnapshot();
    const before = await row(id);
    const res = await call(env.alice, 'POST', `/api/snapshots/${id}/retake`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data.status).toBe('in_progress');
    await follow(id);
    const after = await row(id);
    expect(after.status).toBe('active');
    expect(after.imageRef).not.toBe(before.imageRef);
    await expect(fakeHypervisor.driver.restoreSnapshot('instance-1', before.imageRef!)).rejects.toMatchObject(
      {
        kind: 'not_found',
      },
    );
    const [old] = await env.db
      .select()
      .from(billableItems)
      .where(eq(billableItems.id, before.billableItemId!));
    expect(old).toMatchObject({ status: 'terminated', reason: 'resized' });
    const [current] = await env.db
      .select()
      .from(billableItems)
      .where(eq(billableItems.id, after.billableItemId!));
    expect(current).toMatchObject({ status: 'active', reason: 'resized' });
  });

  it('deletes a snapshot and ends its billing; it is kept, and restorable no more, after its instance goes', async () => {
    const { id, instanceId } = await takenSnapshot();
    const other = await takenSnapshot(env.alice, instanceId);
    await env.db.update(instances).set({ lifecycle: 'deleted' }).where(eq(instances.id, instanceId));
    const listed = (await call(env.alice, 'GET', `/api/snapshots/${id}`)).json().data.data;
    expect(listed.isInstanceDeleted).toBe(true);
    expect((await call(env.alice, 'POST', `/api/snapshots/${id}/restore`)).json().code).toBe(
      'SNAPSHOT_INSTANCE_DELETED',
    );

    const billed = (await row(other.id)).billableItemId!;
    const deleted = await call(env.alice, 'DELETE', `/api/snapshots/${other.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call(env.alice, 'GET', `/api/snapshots/${other.id}`)).statusCode).toBe(404);
    const [item] = await env.db.select().from(billableItems).where(eq(billableItems.id, billed));
    expect(item).toMatchObject({ status: 'terminated', reason: 'snapshot-deleted' });
    expect((await call(env.alice, 'DELETE', `/api/snapshots/${other.id}`)).statusCode).toBe(404);
  });

  it('records a snapshot that failed half-way as failed, unbilled, with the instance back as it was', async () => {
    const instance = await insertInstance(env.db, env.alice.id);
    fakeHypervisor.knobs.failOperations = 1;
    const { id } = (await take(env.alice, instance.id)).json().data.data;
    await follow(id);
    expect(await row(id)).toMatchObject({ status: 'failed', billableItemId: null, operationKind: null });
    expect(serverStatus(instance.id)).toBe('active');
    expect(await events(instance.id)).toEqual(['instance_snapshot_requested', 'instance_snapshot_failed']);
  });

  it('takes one snapshot for a repeated Idempotency-Key, and finishes one whose handle a crash lost', async () => {
    const instance = await insertInstance(env.db, env.alice.id);
    const headers = { 'idempotency-key': `snap-${instance.id}` };
    const first = await take(env.alice, instance.id, headers);
    const again = await take(env.alice, instance.id, headers);
    expect(again.json().data.data.id).toBe(first.json().data.data.id);
    const id = first.json().data.data.id as number;
    // As if the process died after the driver started the snapshot but before its handle was stored.
    await env.db.update(snapshots).set({ operationId: null }).where(eq(snapshots.id, id));
    await follow(id);
    expect(await row(id)).toMatchObject({ status: 'active', sizeMb: 2048 });
    expect(await env.db.select().from(snapshots).where(eq(snapshots.instanceId, instance.id))).toHaveLength(
      1,
    );
  });
});
