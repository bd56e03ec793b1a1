import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { JobQueue } from '../../jobs/queue';
import { jobSender } from '../../jobs/sender';
import { activityEvents, relaxedLimits } from '../auth/auth.test-helpers';
import { invoiceItems, ledgerEntries } from '../billing/billing.tables';
import { balanceOf, itemNow } from '../billing/billing.test-helpers';
import { billHour } from '../billing/hourly-billing';
import { createHypervisor } from '../compute/compute';
import { plantFault } from '../compute/compute.test-helpers';
import { simServers } from '../compute/simulator/simulator.tables';
import { convergeInstance, requestConverge, sweepUnsettled } from './converge';
import { startServers } from './creation/creation.provision';
import {
  anOrder,
  createOk,
  hostname,
  settleInstance,
  USD,
  verifiedCustomer,
} from './creation/creation.test-helpers';
import { createFakeHypervisor } from './fake-hypervisor.test-helpers';
import { instances } from './instances.tables';

describe('instance convergence', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const hv = () => createHypervisor({ config: t.config, db: t.db, jobs: jobSender(t.db) });
  const rowOf = async (id: number) => (await t.db.select().from(instances).where(eq(instances.id, id)))[0]!;
  const settle = (id: number) => settleInstance(t, id);
  const creationStatus = async (headers: Record<string, string>, id: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/instances/creation-status?ids=${id}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.instances[0];
  };
  /** A queue that records what is sent, for the sweeper. */
  const recordingQueue = () => {
    const sent: { name: string; data: { instanceId: number } }[] = [];
    const queue: JobQueue = {
      send: async (name, data) => {
        sent.push({ name, data: data as { instanceId: number } });
        return 'id';
      },
    };
    return { queue, sent };
  };

  it('provisions through the simulator to active with its addresses, then reports created', async () => {
    const user = await verifiedCustomer(t);
    const [result] = await createOk(t, user.headers, anOrder({ assignIpv6: true }));
    expect(result!.code).toBe('CREATED');
    expect(result!.password).toEqual(expect.any(String));
    const id = result!.instanceId;
    expect((await creationStatus(user.headers, id)).state).toBe('creating');

    await settle(id);
    const row = await rowOf(id);
    expect(row).toEqual(
      expect.objectContaining({
        lifecycle: 'ready',
        status: 'active',
        networkStatus: 'active',
        mainIp: expect.any(String),
        netmaskV4: expect.any(String),
        gatewayV4: expect.any(String),
        mainIpv6: expect.any(String),
        ipv6Range: expect.stringMatching(/\/64$/),
      }),
    );
    expect(row.startedAt).not.toBeNull();
    expect(await creationStatus(user.headers, id)).toEqual(
      expect.objectContaining({ state: 'created', status: 'active', mainIp: row.mainIp }),
    );
    // Settled: another run changes nothing, not even updatedAt.
    expect(await convergeInstance({ db: t.db, hypervisor: hv() }, id)).toBe('settled');
    expect((await rowOf(id)).updatedAt).toEqual(row.updatedAt);
  });

  it('fails an instance whose build fails and gives its cycle charge back exactly once', async () => {
    const user = await verifiedCustomer(t, 100 * USD);
    await plantFault(t.db, {
      step: 'preparing_disk',
      regionId: 2,
      reason: 'Disk image could not be written.',
    });
    const [result] = await createOk(t, user.headers, anOrder({ region: 2, billingCycle: 'monthly' }));
    const id = result!.instanceId;
    const charged = await balanceOf(t.db, user.id);
    expect(charged).toBeLessThan(100 * USD);

    await settle(id);
    // A second run, as a duplicate job would, changes nothing.
    expect(await convergeInstance({ db: t.db, hypervisor: hv() }, id)).toBe('settled');
    const row = await rowOf(id);
    expect(row).toEqual(
      expect.objectContaining({ lifecycle: 'failed', failureReason: 'Disk image could not be written.' }),
    );
    expect(await balanceOf(t.db, user.id)).toBe(100 * USD);
    const refunds = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `refund:creation-failed:${id}`));
    expect(refunds).toHaveLength(1);
    // The invoice that carries the charge carries its return as a credit line (issue 11).
    const creditLines = await t.db
      .select()
      .from(invoiceItems)
      .where(and(eq(invoiceItems.instanceId, id), eq(invoiceItems.type, 'credit')));
    expect(creditLines).toEqual([
      expect.objectContaining({ subtotal: -refunds[0]!.amount, invoiceId: refunds[0]!.invoiceId }),
    ]);
    expect((await itemNow(t.db, row.billableItemId!)).status).toBe('terminated');
    expect(await creationStatus(user.headers, id)).toEqual(
      expect.objectContaining({ state: 'failed', detail: 'Disk image could not be written.' }),
    );
    expect(await activityEvents(t.app, user.headers)).toContain('instance_creation_failed');
    const log = await t.app.inject({ method: 'GET', url: '/api/logs?limit=100', headers: user.headers });
    const failed = log
      .json()
      .data.logs.find((l: { event: string }) => l.event === 'instance_creation_failed');
    expect(failed.data.refundAmount).toBe(((100 * USD - charged) / USD).toFixed(2));
  });

  it('bills no hour of a failed hourly instance', async () => {
    const user = await verifiedCustomer(t, 100 * USD);
    await plantFault(t.db, { step: 'initializing', regionId: 3 });
    const [result] = await createOk(t, user.headers, anOrder({ region: 3 }));
    await settle(result!.instanceId);
    const row = await rowOf(result!.instanceId);
    expect(row.lifecycle).toBe('failed');
    await billHour(t.db, row.insertedAt);
    await billHour(t.db, new Date(row.insertedAt.getTime() + 3_600_000));
    expect(await balanceOf(t.db, user.id)).toBe(100 * USD);
  });

  it('gives the money back when the driver has no capacity, and says NO_CAPACITY', async () => {
    const user = await verifiedCustomer(t, 100 * USD);
    const fake = createFakeHypervisor();
    fake.knobs.noCapacity = true;
    // Placed through the API (charged), then started against a driver with no room.
    const [created] = await createOk(t, user.headers, anOrder({ billingCycle: 'monthly' }));
    const row = await rowOf(created!.instanceId);
    await t.db.update(instances).set({ driverCreatedAt: null }).where(eq(instances.id, row.id));
    const { queue } = recordingQueue();
    const results = await startServers({ db: t.db, jobs: queue, hypervisor: fake.driver }, [row]);
    expect(results).toEqual([
      expect.objectContaining({ code: 'NO_CAPACITY', instanceId: row.id, password: null }),
    ]);
    expect((await rowOf(row.id)).lifecycle).toBe('failed');
    expect(await balanceOf(t.db, user.id)).toBe(100 * USD);
  });

  it('converges after a crash mid-provisioning: the sweeper finds it and the driver holds one server', async () => {
    const user = await verifiedCustomer(t);
    const [result] = await createOk(t, user.headers, anOrder({ hostnames: [hostname('crash')] }));
    const id = result!.instanceId;
    expect(await convergeInstance({ db: t.db, hypervisor: hv() }, id)).toBe('pending');
    // "Crash": the record of the driver's create is lost and the queued job with it.
    await t.db.update(instances).set({ driverCreatedAt: null }).where(eq(instances.id, id));
    await t.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'instances.converge'`);

    const { queue, sent } = recordingQueue();
    const asked = await sweepUnsettled(t.db, queue);
    expect(asked).toContain(id);
    expect(sent.find((s) => s.data.instanceId === id)?.name).toBe('instances.converge');
    await settle(id);
    expect((await rowOf(id)).status).toBe('active');
    const servers = await t.db
      .select()
      .from(simServers)
      .where(and(eq(simServers.ref, `instance-${id}`), isNull(simServers.deletedAt)));
    expect(servers).toHaveLength(1);
  });

  it('keeps one waiting converge run per instance, so sweeps and requeues do not pile up', async () => {
    const user = await verifiedCustomer(t);
    const [result] = await createOk(t, user.headers, anOrder({ hostnames: [hostname('once')] }));
    const id = result!.instanceId;
    const waiting = async () =>
      (
        await t.db.execute(
          sql`SELECT id FROM pgboss.job WHERE name = 'instances.converge' AND singleton_key = ${`instance:${id}`} AND state = 'created'`,
        )
      ).rows.length;
    // Creation asked for one run already; more asks (sweeper, actions, the sender pool) add nothing.
    expect(await waiting()).toBe(1);
    expect(await requestConverge(t.jobs, id)).toBe(false);
    expect(await requestConverge(jobSender(t.db), id, 1)).toBe(false);
    expect(await sweepUnsettled(t.db, jobSender(t.db))).not.toContain(id);
    expect(await waiting()).toBe(1);
    // Once that run is taken, the next ask queues again.
    await t.db.execute(
      sql`UPDATE pgboss.job SET state = 'active' WHERE name = 'instances.converge' AND singleton_key = ${`instance:${id}`}`,
    );
    expect(await requestConverge(jobSender(t.db), id, 1)).toBe(true);
    expect(await waiting()).toBe(1);
  });

  it('retries while the driver is down and tears down deleting instances', async () => {
    const user = await verifiedCustomer(t);
    const [result] = await createOk(t, user.headers, anOrder());
    const id = result!.instanceId;
    const fake = createFakeHypervisor();
    fake.knobs.down = true;
    expect(await convergeInstance({ db: t.db, hypervisor: fake.driver }, id)).toBe('pending');
    await settle(id);

    await t.db.update(instances).set({ lifecycle: 'deleting' }).where(eq(instances.id, id));
    expect(await convergeInstance({ db: t.db, hypervisor: hv() }, id)).toBe('settled');
    expect(await rowOf(id)).toEqual(
      expect.objectContaining({
        lifecycle: 'deleted',
        networkStatus: 'terminated',
        deletedAt: expect.any(Date),
      }),
    );
    expect(await hv().get(`instance-${id}`)).toBeNull();
    expect(await convergeInstance({ db: t.db, hypervisor: hv() }, id)).toBe('settled');
    expect(await activityEvents(t.app, user.headers)).toContain('instance_deleted');
  });
});
