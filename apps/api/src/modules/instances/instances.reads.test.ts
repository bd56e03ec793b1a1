import { instanceListSchema, instanceSchema, instanceStatsSchema } from '@nimbus/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { customerWithCredit } from '../billing/billing.test-helpers';
import { products, regions } from '../catalogue/catalogue.tables';
import { instances, preorders } from './instances.tables';
import { insertInstance, type TestCustomer, useInstancesApp } from './instances.test-helpers';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('./fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

describe('instance reads', () => {
  const env = useInstancesApp();
  const { call } = env;

  const get = (user: TestCustomer, url: string, headers: Record<string, string> = {}) =>
    call(user, 'GET', url, undefined, headers);
  const list = async (user: TestCustomer, query = '') => {
    const res = await get(user, `/api/instances${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return instanceListSchema.parse(res.json().data);
  };

  it('pages by keyset across equal insertedAt without duplicates or gaps, and never shows another customer', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    const same = new Date('2026-03-01T10:00:00.123456Z');
    const created: number[] = [];
    for (let i = 0; i < 13; i++)
      created.push(
        (
          await insertInstance(env.db, user.id, {
            insertedAt: i < 9 ? same : new Date(Date.UTC(2026, 2, 2, i)),
          })
        ).id,
      );
    // Microseconds must survive the bookmark: two rows 1 µs apart.
    await env.db.execute(
      sql`UPDATE instances SET inserted_at = inserted_at + interval '1 microsecond' WHERE id = ${created[0]!}`,
    );
    await insertInstance(env.db, env.bob.id);

    const seen: number[] = [];
    let bookmark: string | null = null;
    let previous: string | null = null;
    for (let pageNo = 0; pageNo < 10; pageNo++) {
      const page = await list(user, `?limit=4${bookmark ? `&bookmark=${bookmark}` : ''}`);
      expect(page.previousBookmark).toBe(previous);
      seen.push(...page.instances.map((i) => i.id));
      if (!page.bookmark) break;
      previous = bookmark = page.bookmark;
    }
    expect(seen).toHaveLength(13);
    expect(new Set(seen).size).toBe(13);
    const expected = await env.db
      .select({ id: instances.id })
      .from(instances)
      .where(eq(instances.customerId, user.id))
      .orderBy(sql`inserted_at DESC, id DESC`);
    expect(seen).toEqual(expected.map((r) => r.id));
    expect(seen.sort()).toEqual([...created].sort());
  });

  it('refuses a bookmark it did not give out', async () => {
    for (const bad of ['nope', 'bm90LWEtYm9va21hcms', Buffer.from('1.99999999999').toString('base64url')]) {
      const res = await get(env.alice, `/api/instances?bookmark=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('maps an instance: region, os, username, billing detail, features', async () => {
    const [feature] = await env.db
      .execute<{ id: number; name: string }>(sql`SELECT id, name FROM features ORDER BY id LIMIT 1`)
      .then((r) => r.rows);
    const row = await insertInstance(env.db, env.alice.id, {
      billingCycle: 'monthly',
      monthlyPrice: 10_000_000,
      osFamily: 'windows',
      osName: 'Windows Server 2022',
      osId: 1,
      ramMb: 2048,
      featureIds: feature ? [feature.id] : [],
    });
    const res = await get(env.alice, `/api/instances/${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const instance = instanceSchema.parse(res.json().data);
    const [region] = await env.db.select().from(regions).where(eq(regions.id, row.regionId));
    expect(instance).toMatchObject({
      id: row.id,
      status: 'active',
      networkStatus: 'active',
      ram: 2048,
      username: 'Administrator',
      os: { id: 1, name: 'Windows Server 2022', family: 'windows' },
      region: { id: region!.id, name: region!.name, image: region!.image },
      isPreorder: false,
      isSuspended: false,
      isSubscriptionAutoRenewEnabled: true,
      billingDetail: {
        billingCycle: 'monthly',
        purchasedPrice: '10.00',
        status: 'active',
        daysUntilTermination: null,
      },
      features: feature ? [{ id: feature.id, name: feature.name }] : [],
    });
    expect(instance.billingDetail!.startDate).not.toBeNull();
    expect(instance.billingDetail!.endDate).not.toBeNull();
    const hourly = await insertInstance(env.db, env.alice.id, { monthlyPrice: 7_300_000 });
    const h = instanceSchema.parse((await get(env.alice, `/api/instances/${hourly.id}`)).json().data);
    expect(h.billingDetail).toMatchObject({
      billingCycle: 'hourly',
      purchasedPrice: '0.0100',
      endDate: null,
    });
    expect(h.username).toBe('root');
  });

  it("answers 404 for another customer's, a failed or a deleted instance, and for a missing one", async () => {
    const mine = await insertInstance(env.db, env.alice.id);
    const failed = await insertInstance(env.db, env.alice.id, { lifecycle: 'failed' });
    const deleted = await insertInstance(env.db, env.alice.id, { lifecycle: 'deleted' });
    expect((await get(env.alice, `/api/instances/${mine.id}`)).statusCode).toBe(200);
    const other = await get(env.bob, `/api/instances/${mine.id}`);
    const missing = await get(env.bob, '/api/instances/2000000000');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect((await get(env.alice, `/api/instances/${failed.id}`)).statusCode).toBe(404);
    expect((await get(env.alice, `/api/instances/${deleted.id}`)).statusCode).toBe(404);
    expect((await get(env.alice, '/api/instances/abc')).statusCode).toBe(400);
    const ids = (await list(env.alice, '?limit=100')).instances.map((i) => i.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(failed.id);
    expect(ids).not.toContain(deleted.id);
    expect((await list(env.bob, '?limit=100')).instances.map((i) => i.id)).not.toContain(mine.id);
  });

  it('filters by status, main IP, region and interval, and counts', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    const allRegions = await env.db.select({ id: regions.id }).from(regions).orderBy(asc(regions.id));
    const on = await insertInstance(env.db, user.id, { insertedAt: new Date('2025-01-10T00:00:00Z') });
    const off = await insertInstance(env.db, user.id, { status: 'shutdown' });
    const building = await insertInstance(env.db, user.id, {
      lifecycle: 'provisioning',
      status: 'preparing_disk',
      networkStatus: 'initializing',
      mainIp: null,
      regionId: allRegions.at(-1)!.id,
    });
    const suspended = await insertInstance(env.db, user.id, { status: 'shutdown' });
    await env.db.execute(
      sql`UPDATE billable_items SET status = 'suspended' WHERE id = ${suspended.billableItemId}`,
    );
    const ids = async (q: string) => (await list(user, q)).instances.map((i) => i.id);
    expect(await ids('?status=active')).toEqual([on.id]);
    expect(await ids('?status=shutdown')).toEqual([off.id]);
    expect(await ids('?status=initializing')).toEqual([building.id]);
    expect(await ids('?status=suspended')).toEqual([suspended.id]);
    expect(await ids(`?ipv4=${off.mainIp}`)).toEqual([off.id]);
    expect(await ids('?ipv4=')).toHaveLength(4);
    expect((await get(user, '/api/instances?ipv4=300.1.1.1')).statusCode).toBe(400);
    expect(await ids(`?region=${allRegions.at(-1)!.id}`)).toContain(building.id);
    expect(await ids('?interval=custom&from=2025-01-10&to=2025-01-10')).toEqual([on.id]);
    expect((await get(user, '/api/instances?interval=custom&from=2025-01-10')).statusCode).toBe(400);
    expect(await ids('?interval=last6Months')).not.toContain(on.id);

    const res = await get(user, '/api/instances/stats');
    expect(res.statusCode, res.body).toBe(200);
    expect(instanceStatsSchema.parse(res.json().data)).toEqual({
      instanceCount: 4,
      poweredOnInstanceCount: 1,
      shutdownInstanceCount: 1,
      suspendedInstanceCount: 1,
    });
    const bobStats = (await get(env.bob, '/api/instances/stats')).json().data;
    expect(bobStats.instanceCount).toBe(1);
  });

  it('lists pending GPU preorders first on the first page only', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    for (let i = 0; i < 3; i++) await insertInstance(env.db, user.id);
    const [product] = await env.db.select().from(products).limit(1);
    const [region] = await env.db.select().from(regions).limit(1);
    const [pre] = await env.db
      .insert(preorders)
      .values({
        customerId: user.id,
        regionId: region!.id,
        productId: product!.id,
        hostname: 'gpu-box',
        description: 'GPU preorder',
        metadata: { productId: product!.id, billingCycle: 'monthly', class: 'gpu-provided', osId: 101 },
        dueDate: new Date('2030-01-01T00:00:00Z'),
      })
      .returning();
    await env.db.insert(preorders).values({
      customerId: user.id,
      regionId: region!.id,
      productId: product!.id,
      hostname: 'gpu-done',
      description: 'allocated',
      metadata: {},
      status: 'allocated',
      dueDate: new Date(),
    });
    const first = await list(user, '?limit=2');
    expect(first.instances[0]).toMatchObject({
      id: pre!.id,
      hostname: 'gpu-box',
      isPreorder: true,
      status: 'allocating-gpu',
      networkStatus: 'not-provisioned',
      dueDate: '2030-01-01T00:00:00.000Z',
      planName: product!.name,
      // Named like a created instance's image, family and version.
      os: { id: 101, name: 'Ubuntu 24.04 LTS', family: 'ubuntu' },
    });
    expect(first.instances).toHaveLength(3);
    const second = await list(user, `?limit=2&bookmark=${first.bookmark}`);
    expect(second.instances.every((i) => !i.isPreorder)).toBe(true);
    expect((await list(user, '?status=active')).instances.every((i) => !i.isPreorder)).toBe(true);
    expect((await list(env.bob, '?limit=100')).instances.some((i) => i.isPreorder)).toBe(false);
  });

  it('answers 304 to a matching If-None-Match on list, stats and detail, and 200 again after a change', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    const row = await insertInstance(env.db, user.id);
    for (const url of ['/api/instances', '/api/instances/stats', `/api/instances/${row.id}`]) {
      const first = await get(user, url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(user, url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      await env.db.update(instances).set({ status: 'shutdown' }).where(eq(instances.id, row.id));
      const changed = await get(user, url, { 'if-none-match': etag });
      expect(changed.statusCode, url).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      await env.db.update(instances).set({ status: 'active' }).where(eq(instances.id, row.id));
    }
    // Another customer's tag never matches: their answers differ.
    const mine = await get(user, `/api/instances/${row.id}`);
    const theirs = await get(env.bob, `/api/instances/${row.id}`, {
      'if-none-match': mine.headers.etag as string,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('answers an API token as a sign-in, 304 included, and refuses it once revoked', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    await insertInstance(env.db, user.id);
    const created = await call(user, 'POST', '/api/account/api-token');
    expect(created.statusCode, created.body).toBe(201);
    const bearer = { authorization: `Bearer ${created.json().data.token}` };
    const viaToken = (url: string, headers: Record<string, string> = {}) =>
      env.app.inject({ method: 'GET', url, headers: { ...bearer, ...headers } });
    for (const url of ['/api/instances', '/api/instances/stats']) {
      const first = await viaToken(url);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toEqual((await get(user, url)).json().data);
      const again = await viaToken(url, { 'if-none-match': first.headers.etag as string });
      expect(again.statusCode, url).toBe(304);
    }
    expect((await call(user, 'DELETE', '/api/account/api-token')).statusCode).toBe(200);
    for (const url of ['/api/instances', '/api/instances/stats'])
      expect((await viaToken(url)).statusCode, url).toBe(401);
  });
});
