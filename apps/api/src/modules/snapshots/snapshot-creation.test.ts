import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { customers } from '../auth/auth.tables';
import { fakeHypervisor } from '../instances/fake-hypervisor.test-helpers';
import { instances } from '../instances/instances.tables';
import { firstRegionId, insertInstance, useInstancesApp } from '../instances/instances.test-helpers';
import { followSnapshot } from './snapshot-progress';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('../instances/fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

describe('creating instances from a snapshot', () => {
  const env = useInstancesApp();
  const { call } = env;
  // Creation needs a verified email address.
  beforeAll(() => env.db.update(customers).set({ emailVerifiedAt: new Date() }));

  /** A ready snapshot of a 25 GB Ubuntu instance of alice's (or `user`'s) in the first region. */
  async function readySnapshot(user = env.alice, diskGb = 25) {
    const instance = await insertInstance(env.db, user.id, { osId: 101, diskGb });
    const taken = await call(user, 'POST', '/api/snapshots', { instanceId: instance.id });
    expect(taken.statusCode, taken.body).toBe(201);
    const id = taken.json().data.data.id as number;
    const deps = { db: env.db, hypervisor: fakeHypervisor.driver, jobs: env.jobs };
    while ((await followSnapshot(deps, id)) === 'pending');
    return id;
  }
  const order = async (user = env.alice, fromSnapshot: number, extra: object = {}) =>
    call(user, 'POST', '/api/instances', {
      productId: 1,
      region: await firstRegionId(env.db),
      fromSnapshot,
      hostnames: ['from-snapshot'],
      billingCycle: 'hourly',
      ...extra,
    });

  it("builds the new instance from the snapshot's image, named after the snapshot's OS", async () => {
    const snapshotId = await readySnapshot();
    const res = await order(env.alice, snapshotId);
    expect(res.statusCode, res.body).toBe(201);
    const [result] = res.json().data.results;
    expect(result.code).toBe('CREATED');
    const [row] = await env.db.select().from(instances).where(eq(instances.id, result.instanceId));
    expect(row).toMatchObject({ sourceSnapshotId: snapshotId, osId: 101, diskGb: 25, appId: null });
    // The snapshot cannot be deleted while an instance is being built from it.
    expect((await call(env.alice, 'DELETE', `/api/snapshots/${snapshotId}`)).json().code).toBe(
      'SNAPSHOT_NOT_ACTIVE',
    );
  });

  it('refuses a snapshot of another region, a larger disk, or another customer', async () => {
    const snapshotId = await readySnapshot();
    const elsewhere = await order(env.alice, snapshotId, { region: (await firstRegionId(env.db)) + 1 });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().detail).toMatch(/another region/);
    const big = await readySnapshot(env.alice, 80);
    const small = await order(env.alice, big);
    expect(small.statusCode).toBe(400);
    expect(small.json().detail).toBe('The snapshot needs a disk of at least 80 GB.');
    const theirs = await order(env.bob, snapshotId);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual((await order(env.bob, 2_000_000_000)).json());
  });
});
