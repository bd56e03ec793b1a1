import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { customers } from '../auth/auth.tables';
import { relaxedLimits, type SignedUp, signUp } from '../auth/auth.test-helpers';
import { logActivity } from './activity-log.service';
import { activityLogs } from './activity-log.tables';

describe('activity log', () => {
  let t: TestApp;
  let alice: SignedUp;
  let aliceId: number;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
    alice = await signUp(t.app);
    const [row] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, alice.email));
    aliceId = row!.id;
  });
  afterAll(() => t.close());

  type Entry = {
    id: number;
    event: string;
    timestamp: string;
    iid: number | null;
    data: Record<string, unknown>;
  };
  const page = async (headers: Record<string, string>, query: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const res = await t.app.inject({ method: 'GET', url: `/api/logs?${qs}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.logs as Entry[];
  };

  /** Pages through everything with the spec's cursor, as the panel's "load more" does. */
  const all = async (
    headers: Record<string, string>,
    limit: number,
    extra: Record<string, string | number> = {},
  ) => {
    const seen: Entry[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const logs = await page(headers, { ...extra, limit, ...(cursor ? { endTimestamp: cursor } : {}) });
      if (logs.length === 0) return seen;
      seen.push(...logs);
      cursor = logs.at(-1)!.timestamp;
    }
    throw new Error('paging did not end');
  };

  it('pages without skipping or repeating entries that share a millisecond or a microsecond', async () => {
    const user = await signUp(t.app);
    const [row] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, user.email));
    const base = '2024-05-01T10:00:00.123';
    const times = [
      `${base}001Z`,
      `${base}002Z`,
      `${base}002Z`,
      `${base}002Z`,
      `${base}003Z`,
      `${base}004Z`,
      `${base}004Z`,
      `${base}005Z`,
    ];
    // Text timestamps keep their microseconds (a JavaScript Date would cut them to milliseconds).
    await t.db.insert(activityLogs).values(
      times.map((time, i) => ({
        customerId: row!.id,
        event: 'login',
        data: { n: i },
        createdAt: sql`${time}::timestamptz`,
      })),
    );
    for (const limit of [1, 2, 3]) {
      const seen = await all(user.headers, limit);
      const ns = seen.map((e) => e.data.n).filter((n) => n !== undefined);
      expect(ns.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    }
    const first = await page(user.headers, { limit: 1 });
    expect(first[0]!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });

  it('lists the customer’s own entries newest first, with the instance filter and payload', async () => {
    await t.db.transaction(async (tx) => {
      await logActivity(tx, {
        customerId: aliceId,
        event: 'instance_created',
        instanceId: 7,
        mainIp: '203.0.113.7',
      });
      await logActivity(tx, { customerId: aliceId, event: 'instance_rebooted', instanceId: 8 });
    });
    const logs = await page(alice.headers);
    expect(logs.map((l) => l.event)).toEqual(['instance_rebooted', 'instance_created', 'registered']);
    const only7 = await page(alice.headers, { instanceId: 7 });
    expect(only7).toEqual([
      expect.objectContaining({ event: 'instance_created', iid: 7, payload: { mainIp: '203.0.113.7' } }),
    ]);
    const dashboard = await page(alice.headers, { limit: 1 });
    expect(dashboard).toHaveLength(1);
  });

  it('hides email-sent entries about DDoS or backup', async () => {
    const user = await signUp(t.app);
    const [row] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, user.email));
    for (const subject of ['Invoice ready', 'Your DDoS protection', 'Backup finished']) {
      await logActivity(t.db, { customerId: row!.id, event: 'email_sent', data: { subject } });
    }
    const subjects = (await page(user.headers))
      .filter((l) => l.event === 'email_sent')
      .map((l) => l.data.subject);
    expect(subjects).toEqual(['Invoice ready']);
  });

  it('never shows one customer another customer’s entries', async () => {
    const bob = await signUp(t.app);
    const bobLogs = await page(bob.headers, { limit: 100 });
    expect(bobLogs.map((l) => l.event)).toEqual(['registered']);
    const aliceIds = new Set((await page(alice.headers, { limit: 100 })).map((l) => l.id));
    expect(bobLogs.some((l) => aliceIds.has(l.id))).toBe(false);
    const bobByInstance = await page(bob.headers, { instanceId: 7 });
    expect(bobByInstance).toEqual([]);
  });

  it('validates the query and requires sign-in', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/logs?endTimestamp=yesterday',
      headers: alice.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const tooMany = await t.app.inject({
      method: 'GET',
      url: '/api/logs?limit=1000',
      headers: alice.headers,
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/logs' })).statusCode).toBe(401);
  });
});
