import { ACCOUNT_SUSPENDED_MESSAGE, instanceQuote, type Product, type Region } from '@nimbus/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { activityEvents, relaxedLimits } from '../../auth/auth.test-helpers';
import { billableItems, invoiceItems } from '../../billing/billing.tables';
import { balanceOf } from '../../billing/billing.test-helpers';
import { createCatalogueService } from '../../catalogue/catalogue.service';
import { knownKeys } from '../../ssh-keys/ssh-keys.test-helpers';
import {
  anOrder,
  createOk,
  hostname,
  instanceRows,
  postInstances,
  setAccountStatus,
  setStock,
  USD,
  verifiedCustomer,
} from './creation.test-helpers';

describe('POST /instances', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  /** The quote the panel shows for one instance, from the same catalogue objects the API serves. */
  async function quoteFor(
    regionId: number,
    productId: number,
    over: Partial<Parameters<typeof instanceQuote>[0]>,
  ) {
    const catalogue = createCatalogueService({ db: t.db });
    const product = (await catalogue.products({ regionId, action: 'CREATE' })).find(
      (p) => p.id === productId,
    ) as Product;
    const region = (await catalogue.regions()).find((r) => r.id === regionId) as Region;
    return instanceQuote({
      product,
      region,
      planClass: product.plan.type,
      extraResource: { cpu: 0, ramInGB: 0, diskInGB: 0, bandwidthInTB: 0 },
      assignIpv4: true,
      isDdosProtected: false,
      featurePrices: [],
      billingCycle: 'monthly',
      appConfig: await catalogue.appConfig(),
      promoted: false,
      ...over,
    });
  }

  const expectError = async (
    headers: Record<string, string>,
    payload: object,
    status: number,
    code: string,
  ) => {
    const res = await postInstances(t, headers, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    return res.json();
  };

  it('rejects bad hostnames, more than 10 instances, duplicates and no network with 400', async () => {
    const user = await verifiedCustomer(t);
    for (const bad of ['-starts-with-dash', 'has space', 'a'.repeat(63), 'dot.', '.dot', 'a..b'])
      await expectError(user.headers, anOrder({ hostnames: [bad] }), 400, 'VALIDATION_ERROR');
    const eleven = Array.from({ length: 11 }, () => hostname());
    await expectError(user.headers, anOrder({ hostnames: eleven }), 400, 'VALIDATION_ERROR');
    await expectError(user.headers, anOrder({ hostnames: ['web-1', 'WEB-1'] }), 400, 'VALIDATION_ERROR');
    await expectError(
      user.headers,
      anOrder({ assignIpv4: false, assignIpv6: false }),
      400,
      'VALIDATION_ERROR',
    );
    expect(await instanceRows(t.db, user.id)).toEqual([]);
  });

  it('refuses unverified emails and admin-suspended accounts with 403', async () => {
    const user = await verifiedCustomer(t);
    await setAccountStatus(t.db, user.id, 'suspended_by_admin');
    const suspended = await expectError(user.headers, anOrder(), 403, 'ACCOUNT_SUSPENDED');
    expect(suspended.detail).toBe(ACCOUNT_SUSPENDED_MESSAGE);

    const { customerWithCredit } = await import('../../billing/billing.test-helpers');
    const unverified = await customerWithCredit(t.app, t.db, 100 * USD);
    await expectError(unverified.headers, anOrder(), 403, 'EMAIL_NOT_VERIFIED');
    expect(await instanceRows(t.db, unverified.id)).toEqual([]);
  });

  it('answers 460 with the balance fields and charges and creates nothing when credit is short', async () => {
    const user = await verifiedCustomer(t, 3 * USD);
    const body = await expectError(
      user.headers,
      anOrder({ billingCycle: 'monthly' }),
      460,
      'INSUFFICIENT_BALANCE',
    );
    expect(body.data).toEqual(
      expect.objectContaining({
        customerBalance: '3.00',
        numberOfDaysBalanceValidatedAgainst: 7,
        paygInstancesCount: 0,
        snapshotCount: 0,
      }),
    );
    expect(body.data.minimumRequiredBalance).toBe('7.00');
    expect(await balanceOf(t.db, user.id)).toBe(3 * USD);
    expect(await instanceRows(t.db, user.id)).toEqual([]);
  });

  it('charges each cycle instance exactly its quoted cycle price, with an invoice line and a log entry', async () => {
    const user = await verifiedCustomer(t, 500 * USD);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/ssh-keys',
      headers: user.headers,
      payload: { name: 'laptop', publicKey: knownKeys.ed25519.line },
    });
    const keyId = key.json().data.id;
    const names = [hostname('web'), hostname('web')];
    const results = await createOk(
      t,
      user.headers,
      anOrder({
        region: 2,
        productId: 2,
        hostnames: names,
        billingCycle: 'quarterly',
        featureIds: [4],
        assignIpv6: true,
        extraResource: { cpu: 1, ramInGB: 0, diskInGB: 20, bandwidthInTB: 0 },
        sshKeyIds: [keyId],
      }),
    );
    expect(results.map((r) => [r.hostname, r.code])).toEqual(names.map((h) => [h, 'CREATED']));
    const quote = await quoteFor(2, 2, {
      billingCycle: 'quarterly',
      featurePrices: ['1.00'],
      extraResource: { cpu: 1, ramInGB: 0, diskInGB: 20, bandwidthInTB: 0 },
    });
    expect(quote.cyclePrice).toBeGreaterThan(0);
    expect(await balanceOf(t.db, user.id)).toBe(500 * USD - 2 * quote.cyclePrice!);

    const rows = await instanceRows(t.db, user.id);
    expect(rows.map((r) => r.hostname)).toEqual(names);
    expect(rows[0]).toEqual(
      expect.objectContaining({
        lifecycle: 'provisioning',
        status: 'initializing',
        networkStatus: 'initializing',
        vcpuCount: 3,
        ramMb: 2048,
        diskGb: 70,
        sshKeys: [knownKeys.ed25519.line],
        osFamily: 'ubuntu',
        discountPercent: 3,
      }),
    );
    expect(rows[0]!.orderId).toBe(rows[1]!.orderId);
    const items = await t.db
      .select()
      .from(billableItems)
      .where(
        inArray(
          billableItems.id,
          rows.map((r) => r.billableItemId!),
        ),
      );
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual(
      expect.objectContaining({
        resourceType: 'instance',
        resourceId: String(rows[0]!.id),
        instanceId: rows[0]!.id,
        billingCycle: 'quarterly',
        monthlyPrice: quote.monthly,
        unitPrice: quote.cyclePrice,
        autoRenew: true,
        description: names[0],
      }),
    );
    expect(items[0]!.subDescription).toContain('Cloud M');
    expect(items[0]!.subDescription).toContain('Amsterdam');
    const lines = await t.db.select().from(invoiceItems).where(eq(invoiceItems.instanceId, rows[0]!.id));
    expect(lines).toEqual([expect.objectContaining({ type: 'subscription', subtotal: quote.cyclePrice })]);
    expect(await activityEvents(t.app, user.headers)).toContain('instance_created');
  });

  it('charges nothing upfront for hourly instances but checks credit for the check days', async () => {
    const user = await verifiedCustomer(t, 50 * USD);
    const results = await createOk(t, user.headers, anOrder({ hostnames: [hostname(), hostname()] }));
    expect(results.every((r) => r.code === 'CREATED')).toBe(true);
    expect(await balanceOf(t.db, user.id)).toBe(50 * USD);
    const [row] = await instanceRows(t.db, user.id);
    const [item] = await t.db.select().from(billableItems).where(eq(billableItems.id, row!.billableItemId!));
    const quote = await quoteFor(1, 1, { billingCycle: 'hourly' });
    expect(item).toEqual(
      expect.objectContaining({ billingCycle: 'hourly', unitPrice: quote.hourly, autoRenew: false }),
    );

    // 10 Cloud XL for 7 days of hours is more than 50 USD.
    await expectError(
      user.headers,
      anOrder({ productId: 4, hostnames: Array.from({ length: 10 }, () => hostname()) }),
      460,
      'INSUFFICIENT_BALANCE',
    );
  });

  it('limits promoted instances per region: 409 first, then extras at the base price once accepted', async () => {
    const user = await verifiedCustomer(t, 500 * USD);
    const order = anOrder({ hostnames: [hostname(), hostname()], billingCycle: 'annually' });
    const refused = await expectError(user.headers, order, 409, 'PROMOTION_LIMIT_REACHED');
    expect(refused.data).toEqual({ allowed: 1, requested: 2 });
    expect(await balanceOf(t.db, user.id)).toBe(500 * USD);

    await createOk(t, user.headers, { ...order, acceptPromotionLimit: true });
    const rows = await instanceRows(t.db, user.id);
    expect(rows.map((r) => [r.isPromoted, r.discountPercent])).toEqual([
      [true, 15],
      [false, 10],
    ]);
    const promoted = await quoteFor(1, 1, { billingCycle: 'annually', promoted: true });
    const base = await quoteFor(1, 1, { billingCycle: 'annually', promoted: false });
    expect(await balanceOf(t.db, user.id)).toBe(500 * USD - promoted.cyclePrice! - base.cyclePrice!);

    // The limit is used up: another one needs the confirmation again.
    const again = await expectError(
      user.headers,
      anOrder({ billingCycle: 'annually' }),
      409,
      'PROMOTION_LIMIT_REACHED',
    );
    expect(again.data).toEqual({ allowed: 0, requested: 1 });
  });

  it('refuses orders beyond the stock and never oversells the last unit', async () => {
    await setStock(t.db, 3, 2, 2);
    const [a, b] = [await verifiedCustomer(t), await verifiedCustomer(t)];
    await createOk(t, a.headers, anOrder({ region: 2, productId: 3 }));
    const products = await t.app.inject({
      method: 'GET',
      url: '/api/products?regionId=2',
      headers: a.headers,
    });
    expect(products.json().data.find((p: Product) => p.id === 3).remainingStock).toBe(1);

    const over = await expectError(
      a.headers,
      anOrder({ region: 2, productId: 3, hostnames: [hostname(), hostname()] }),
      409,
      'OUT_OF_STOCK',
    );
    expect(over.detail).toContain('Only 1');

    const race = await Promise.all(
      [a, b, a, b].map((u) => postInstances(t, u.headers, anOrder({ region: 2, productId: 3 }))),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const products2 = await t.app.inject({
      method: 'GET',
      url: '/api/products?regionId=2',
      headers: a.headers,
    });
    expect(products2.json().data.find((p: Product) => p.id === 3).remainingStock).toBe(0);
  });

  it('counts DDoS-protected addresses and refuses DDoS where the region has none', async () => {
    await setStock(t.db, 11, 2, 40, 1);
    const user = await verifiedCustomer(t);
    const ddos = { region: 2, productId: 11, class: 'cpu-optimized' as const, isDdosProtected: true };
    const two = await expectError(
      user.headers,
      anOrder({ ...ddos, hostnames: [hostname(), hostname()] }),
      409,
      'DDOS_OUT_OF_STOCK',
    );
    expect(two.detail).toContain('Only 1');
    await createOk(t, user.headers, anOrder(ddos));
    await expectError(user.headers, anOrder(ddos), 409, 'DDOS_OUT_OF_STOCK');
    await expectError(user.headers, anOrder({ region: 3, isDdosProtected: true }), 409, 'NOT_AVAILABLE');
  });

  it('refuses plans, images, features and sources the catalogue does not allow', async () => {
    const user = await verifiedCustomer(t);
    await expectError(
      user.headers,
      anOrder({ productId: 21, class: 'gpu-provided', featureIds: [5] }),
      400,
      'GPU_PLANS_ARE_PREORDERED',
    );
    await expectError(user.headers, anOrder({ productId: 5 }), 409, 'NOT_AVAILABLE');
    await expectError(user.headers, anOrder({ region: 6 }), 409, 'NOT_AVAILABLE');
    await expectError(user.headers, anOrder({ osId: 164 }), 400, 'INVALID_ORDER');
    await expectError(user.headers, anOrder({ osId: 163 }), 409, 'NOT_AVAILABLE');
    await expectError(user.headers, anOrder({ osId: null }), 400, 'INVALID_ORDER');
    await expectError(user.headers, anOrder({ featureIds: [3] }), 400, 'INVALID_ORDER');
    await expectError(user.headers, anOrder({ featureIds: [6] }), 409, 'NOT_AVAILABLE');
    await expectError(user.headers, anOrder({ featureIds: [999] }), 404, 'NOT_FOUND');
    await expectError(user.headers, anOrder({ fromSnapshot: 1 }), 404, 'NOT_FOUND');
    await expectError(user.headers, anOrder({ backupId: 1 }), 404, 'NOT_FOUND');
    await expectError(user.headers, anOrder({ isoId: 1 }), 404, 'NOT_FOUND');
    await expectError(user.headers, anOrder({ floatingIPCount: 1 }), 400, 'NOT_AVAILABLE_YET');
    await expectError(
      user.headers,
      anOrder({ backupSettings: { scheduleFrequency: 'daily', scheduleWeekDays: null, periodId: 1 } }),
      400,
      'NOT_AVAILABLE_YET',
    );
    await expectError(user.headers, anOrder({ region: 99 }), 404, 'NOT_FOUND');
    await expectError(
      user.headers,
      anOrder({ productId: null, extraResource: { cpu: 0, ramInGB: 0, diskInGB: 0, bandwidthInTB: 0 } }),
      400,
      'INVALID_ORDER',
    );
    expect(await instanceRows(t.db, user.id)).toEqual([]);
  });

  it('deploys applications with their OS and validated settings, and custom plans', async () => {
    const user = await verifiedCustomer(t);
    await expectError(
      user.headers,
      anOrder({ osId: null, appId: 1, productId: 2, ocaData: { siteTitle: '' } }),
      400,
      'VALIDATION_ERROR',
    );
    await expectError(
      user.headers,
      anOrder({ osId: 111, appId: 1, productId: 2, ocaData: {} }),
      400,
      'INVALID_ORDER',
    );
    await expectError(user.headers, anOrder({ osId: null, appId: 16 }), 409, 'NOT_AVAILABLE');
    await createOk(
      t,
      user.headers,
      anOrder({
        osId: null,
        appId: 1,
        productId: 2,
        ocaData: { siteTitle: 'Blog', adminEmail: 'me@example.com', adminUser: 'ada' },
      }),
    );
    await createOk(
      t,
      user.headers,
      anOrder({ productId: null, extraResource: { cpu: 2, ramInGB: 4, diskInGB: 40, bandwidthInTB: 2 } }),
    );
    const [app, custom] = await instanceRows(t.db, user.id);
    expect(app).toEqual(
      expect.objectContaining({
        appId: 1,
        osId: 101,
        ocaData: { siteTitle: 'Blog', adminEmail: 'me@example.com', adminUser: 'ada' },
      }),
    );
    expect(custom).toEqual(
      expect.objectContaining({ productId: null, vcpuCount: 2, ramMb: 4096, diskGb: 40, bandwidthTb: 2 }),
    );
  });

  it("cannot use another customer's SSH keys, nor read another's creation status", async () => {
    const [owner, other] = [await verifiedCustomer(t), await verifiedCustomer(t)];
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/ssh-keys',
      headers: owner.headers,
      payload: { name: 'k', publicKey: knownKeys.ecdsa384.line },
    });
    await expectError(other.headers, anOrder({ sshKeyIds: [key.json().data.id] }), 404, 'NOT_FOUND');
    const [mine] = await createOk(t, owner.headers, anOrder());
    const [theirs] = await createOk(t, other.headers, anOrder());
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/instances/creation-status?ids=${mine!.instanceId},${theirs!.instanceId}`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.instances).toEqual([
      expect.objectContaining({ id: mine!.instanceId, state: 'creating', mainIp: null }),
    ]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/instances/creation-status?ids=x',
      headers: owner.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
