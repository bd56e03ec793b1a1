import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { instanceListSchema } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { customers, sessions } from '../auth/auth.tables';
import { billableItems } from '../billing/billing.tables';
import { customerWithCredit } from '../billing/billing.test-helpers';
import { loadCatalogue } from '../catalogue/catalogue.loader';
import { products, regions } from '../catalogue/catalogue.tables';
import { CLOCK_BUCKET_MS, readVersion, versionTag } from './instance-version';
import { listInstancePage } from './instances.repository';
import { instances, preorders } from './instances.tables';
import { insertInstance, type TestCustomer, useInstancesApp } from './instances.test-helpers';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('./fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});
// Counted, to prove a 304 is decided without running the list query.
vi.mock('./instances.repository', async (original) => {
  const actual = await original<typeof import('./instances.repository')>();
  return { ...actual, listInstancePage: vi.fn(actual.listInstancePage) };
});

const urls = (instanceId: number) => [
  '/api/instances',
  '/api/instances/stats',
  `/api/instances/${instanceId}`,
];

describe('versioned instance reads (ETag from a per-customer version)', () => {
  const env = useInstancesApp();
  const get = (user: TestCustomer, url: string, etag?: string) =>
    env.call(user, 'GET', url, undefined, etag ? { 'if-none-match': etag } : {});

  /** The current tags of list, counts and detail, each checked to answer 304 when sent back. */
  async function tags(user: TestCustomer, instanceId: number) {
    const found: string[] = [];
    for (const url of urls(instanceId)) {
      const first = await get(user, url);
      expect(first.statusCode, `${url}: ${first.body}`).toBe(200);
      const etag = first.headers.etag as string;
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await get(user, url, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      found.push(etag);
    }
    return found;
  }

  /** Every read answers 200 again, with a new tag, to the tags held before `change`. */
  async function expectChangedBy(user: TestCustomer, instanceId: number, change: () => Promise<unknown>) {
    const before = await tags(user, instanceId);
    await change();
    for (const [i, url] of urls(instanceId).entries()) {
      const res = await get(user, url, before[i]);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).not.toBe(before[i]);
    }
  }

  it('answers 304 without running the list query', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    await insertInstance(env.db, user.id);
    const first = await get(user, '/api/instances?limit=5');
    const runs = vi.mocked(listInstancePage).mock.calls.length;
    const again = await get(user, '/api/instances?limit=5', first.headers.etag as string);
    expect(again.statusCode).toBe(304);
    expect(vi.mocked(listInstancePage).mock.calls.length).toBe(runs);
    // Another query string is another answer.
    expect((await get(user, '/api/instances?limit=6', first.headers.etag as string)).statusCode).toBe(200);
  });

  it('changes after a worker-style status update, and the answer shows it', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    const row = await insertInstance(env.db, user.id);
    await expectChangedBy(user, row.id, () =>
      env.db.update(instances).set({ status: 'shutdown' }).where(eq(instances.id, row.id)),
    );
    const body = instanceListSchema.parse((await get(user, '/api/instances')).json().data);
    expect(body.instances[0]?.status).toBe('shutdown');
  });

  it('changes when a preorder is placed and when it leaves pending', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    const row = await insertInstance(env.db, user.id);
    const [product] = await env.db.select().from(products).limit(1);
    const [region] = await env.db.select().from(regions).limit(1);
    let preorderId = 0;
    await expectChangedBy(user, row.id, async () => {
      const [pre] = await env.db
        .insert(preorders)
        .values({
          customerId: user.id,
          regionId: region!.id,
          productId: product!.id,
          hostname: 'gpu-box',
          description: 'GPU preorder',
          metadata: { productId: product!.id, billingCycle: 'monthly', class: 'gpu-provided' },
          dueDate: new Date('2030-01-01T00:00:00Z'),
        })
        .returning();
      preorderId = pre!.id;
    });
    await expectChangedBy(user, row.id, () =>
      env.db.update(preorders).set({ status: 'cancelled' }).where(eq(preorders.id, preorderId)),
    );
  });

  it('changes when the billable item is suspended', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    const row = await insertInstance(env.db, user.id);
    await expectChangedBy(user, row.id, () =>
      env.db
        .update(billableItems)
        .set({ status: 'suspended', suspendedAt: new Date() })
        .where(eq(billableItems.id, row.billableItemId!)),
    );
    expect((await get(user, `/api/instances/${row.id}`)).json().data.isSuspended).toBe(true);
  });

  it('changes when the account is suspended, and reads the status from the database, not the sign-in', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    const row = await insertInstance(env.db, user.id);
    await expectChangedBy(user, row.id, () =>
      env.db.update(customers).set({ status: 'suspended_by_billing' }).where(eq(customers.id, user.id)),
    );
    expect((await get(user, `/api/instances/${row.id}`)).json().data).toMatchObject({
      isSuspended: true,
      status: 'suspended',
    });
    expect((await get(user, '/api/instances/stats')).json().data.suspendedInstanceCount).toBe(1);
    // Read in one statement with its version (no If-None-Match), the list follows the account too.
    const body = instanceListSchema.parse((await get(user, '/api/instances')).json().data);
    expect(body.instances.map((i) => i.status)).toEqual(['suspended']);
    // And a customer without instances gets a tag all the same.
    const empty = await customerWithCredit(env.app, env.db, 1_000_000_000);
    const none = await get(empty, '/api/instances');
    expect(none.json().data.instances).toEqual([]);
    expect((await get(empty, '/api/instances', none.headers.etag as string)).statusCode).toBe(304);
  });

  it("does not change when another customer's instances, items or account change", async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    const row = await insertInstance(env.db, user.id);
    const other = await insertInstance(env.db, env.bob.id);
    const before = await tags(user, row.id);
    await insertInstance(env.db, env.bob.id);
    await env.db.update(instances).set({ status: 'shutdown' }).where(eq(instances.id, other.id));
    await env.db
      .update(billableItems)
      .set({ status: 'suspended', suspendedAt: new Date() })
      .where(eq(billableItems.id, other.billableItemId!));
    await env.db.update(customers).set({ status: 'suspended_by_admin' }).where(eq(customers.id, env.bob.id));
    for (const [i, url] of urls(row.id).entries())
      expect((await get(user, url, before[i])).statusCode, url).toBe(304);
    await env.db.update(customers).set({ status: 'active' }).where(eq(customers.id, env.bob.id));
  });

  it('changes when the catalogue is reloaded, and shows the new names', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    const row = await insertInstance(env.db, user.id);
    const source = loadConfig({ ...process.env, NODE_ENV: 'test' }).CATALOGUE_FILE;
    const data = JSON.parse(readFileSync(source, 'utf8'));
    const region = data.regions.find((r: { id: number }) => r.id === row.regionId);
    region.name = `${region.name} (renamed)`;
    const changed = join(tmpdir(), `nimbus-catalogue-${process.pid}.json`);
    writeFileSync(changed, JSON.stringify(data));
    await expectChangedBy(user, row.id, () => loadCatalogue(env.db, changed));
    expect((await get(user, `/api/instances/${row.id}`)).json().data.region.name).toBe(region.name);
    await loadCatalogue(env.db, source);
  });

  it('refuses an ended session and a closed account at once, 304 or not', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    const row = await insertInstance(env.db, user.id);
    const before = await tags(user, row.id);
    await env.db.update(customers).set({ status: 'closed_by_admin' }).where(eq(customers.id, user.id));
    for (const [i, url] of urls(row.id).entries()) {
      const res = await get(user, url, before[i]);
      expect(res.statusCode, url).toBe(401);
      expect(res.headers.etag).toBeUndefined();
    }
    await env.db.update(customers).set({ status: 'active' }).where(eq(customers.id, user.id));
    const reopened = await tags(user, row.id);
    await env.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.customerId, user.id));
    for (const [i, url] of urls(row.id).entries())
      expect((await get(user, url, reopened[i])).statusCode, url).toBe(401);
    expect((await get(user, '/api/instances', 'nothing')).statusCode).toBe(401);
    // Without a tag too, and before any refusal of the read itself.
    expect((await get(user, '/api/instances')).statusCode).toBe(401);
    expect((await get(user, '/api/instances/2147483647')).statusCode).toBe(401);
  });

  it('changes with the clock bucket, the URL and the customer', async () => {
    const user = await customerWithCredit(env.app, env.db, 1_000_000_000);
    const version = (await readVersion(env.db, user.id, { via: 'api_token' }))!;
    const now = Date.UTC(2026, 10, 26, 12, 0, 0);
    const tag = versionTag(version, '/api/instances', now);
    expect(versionTag(version, '/api/instances', now + CLOCK_BUCKET_MS - 1)).toBe(tag);
    expect(versionTag(version, '/api/instances', now + CLOCK_BUCKET_MS)).not.toBe(tag);
    expect(versionTag(version, '/api/instances?limit=5', now)).not.toBe(tag);
    const bobs = (await readVersion(env.db, env.bob.id, { via: 'api_token' }))!;
    expect(versionTag(bobs, '/api/instances', now)).not.toBe(tag);
  });
});
