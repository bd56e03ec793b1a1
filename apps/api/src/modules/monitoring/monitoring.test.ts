import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { fakeHypervisor } from '../instances/fake-hypervisor.test-helpers';
import { insertInstance, useInstancesApp } from '../instances/instances.test-helpers';
import { collectMetrics, rollUpAndPrune } from './metrics-collection';
import { insertSamples } from './monitoring.repository';
import { metricSamples } from './monitoring.tables';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('../instances/fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

const MINUTE = 60_000;
const HOUR = 3_600_000;
const MONITORING = 1;

describe('monitoring', () => {
  const env = useInstancesApp();
  const collect = (now: Date) => collectMetrics({ db: env.db, hypervisor: fakeHypervisor.driver }, now);
  const metrics = (user = env.alice, id: number, query: string) =>
    env.call(user, 'GET', `/api/instances/${id}/metrics?${query}`);
  const samplesOf = (instanceId: number, resolution: number) =>
    env.db
      .select()
      .from(metricSamples)
      .where(and(eq(metricSamples.instanceId, instanceId), eq(metricSamples.resolution, resolution)));

  it('samples running instances once a minute, however often it runs, and serves the latest and a history', async () => {
    const agent = await insertInstance(env.db, env.alice.id, { featureIds: [MONITORING] });
    const plain = await insertInstance(env.db, env.alice.id);
    const off = await insertInstance(env.db, env.alice.id, { status: 'shutdown' });
    const start = new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR);
    for (let m = 0; m < 30; m++) await collect(new Date(start.getTime() + m * MINUTE + 5_000));
    expect(await collect(new Date(start.getTime() + 5_000))).toBe(0);
    expect(await samplesOf(agent.id, 1)).toHaveLength(30);
    expect(await samplesOf(off.id, 1)).toHaveLength(0);
    // Without the agent, the guest's own readings are not kept.
    const [plainSample] = await samplesOf(plain.id, 1);
    expect(plainSample).toMatchObject({ memory: null, disk: null });

    const latest = await metrics(env.alice, agent.id, 'typeQuery=simple&type=cpu:usage:%25');
    expect(latest.statusCode, latest.body).toBe(200);
    expect(latest.json().data).toEqual([
      { timestamp: (start.getTime() + 29 * MINUTE) / 1000, value: expect.any(Number) },
    ]);
    const history = await metrics(
      env.alice,
      agent.id,
      `typeQuery=history&type=memory:usage:%25&start=${start.getTime()}&end=${start.getTime() + HOUR}&step=5`,
    );
    expect(history.statusCode, history.body).toBe(200);
    const points = history.json().data as { timestamp: number; value: number }[];
    expect(points).toHaveLength(6);
    expect(points[1]!.timestamp - points[0]!.timestamp).toBe(300);
    for (const p of points) expect(p.value).toBeLessThanOrEqual(100);

    // Hours not rolled up yet (all of a new instance's) come from their minutes on long periods too.
    const week = await metrics(
      env.alice,
      agent.id,
      `typeQuery=history&type=cpu:usage:%25&start=${start.getTime() - 6 * 86_400_000}&end=${start.getTime() + HOUR}&step=720`,
    );
    expect((week.json().data as unknown[]).length).toBeGreaterThan(0);

    const refused = await metrics(env.alice, plain.id, 'typeQuery=simple&type=disk:usage:%25');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('MONITORING_NOT_INSTALLED');
    expect((await metrics(env.alice, plain.id, 'typeQuery=simple&type=network:in:mb')).statusCode).toBe(200);
  });

  it('answers bad queries with 400 and another customer with 404', async () => {
    const row = await insertInstance(env.db, env.alice.id);
    for (const query of [
      'type=nope',
      'typeQuery=history&type=disk:iops',
      `typeQuery=history&type=disk:iops&start=${Date.now()}&end=${Date.now() - 1}`,
      `typeQuery=history&type=disk:iops&start=0&end=${20 * 86_400_000}`,
    ]) {
      const res = await metrics(env.alice, row.id, query);
      expect(res.statusCode, query).toBe(400);
    }
    const theirs = await metrics(env.bob, row.id, 'type=disk:iops');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual((await metrics(env.bob, 2_000_000_000, 'type=disk:iops')).json());
  });

  it('rolls minutes up into hours once, reads long periods from them, and drops samples past their time', async () => {
    const row = await insertInstance(env.db, env.alice.id);
    const now = new Date();
    const thisHour = Math.floor(now.getTime() / HOUR) * HOUR;
    const sample = (at: number, cpu: number) => ({
      instanceId: row.id,
      customerId: env.alice.id,
      resolution: 1,
      at: new Date(at),
      cpu,
      iops: 1,
      diskWrite: 1,
      diskRead: 1,
      networkIn: 1,
      networkOut: 1,
    });
    await insertSamples(env.db, [
      sample(thisHour - HOUR, 10),
      sample(thisHour - HOUR + 30 * MINUTE, 30),
      sample(thisHour - 2 * HOUR, 50),
      // Past a day: pruned.
      sample(thisHour - 30 * HOUR, 70),
    ]);
    await rollUpAndPrune(env.db, now);
    await rollUpAndPrune(env.db, now);
    const hours = await samplesOf(row.id, 60);
    expect(hours.map((h) => [h.at.getTime(), h.cpu]).sort()).toEqual(
      [
        [thisHour - 2 * HOUR, 50],
        [thisHour - HOUR, 20],
      ].sort(),
    );
    expect((await samplesOf(row.id, 1)).map((m) => m.at.getTime()).sort()).toEqual(
      [thisHour - 2 * HOUR, thisHour - HOUR, thisHour - HOUR + 30 * MINUTE].sort(),
    );
    const week = await metrics(
      env.alice,
      row.id,
      `typeQuery=history&type=cpu:usage:%25&start=${thisHour - 7 * 86_400_000}&end=${thisHour}&step=720`,
    );
    // From the hourly samples: both hours in one 12-hour step (their average), or one in each.
    const values = (week.json().data as { value: number }[]).map((p) => p.value);
    expect([[35], [50, 20]]).toContainEqual(values);
  });
});
