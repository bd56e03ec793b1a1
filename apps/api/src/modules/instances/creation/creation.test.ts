import { instanceQuote, type Product, type Region } from '@nimbus/contract';
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
  expectOrderError,
  hostname,
  instanceRows,
  postInstances,
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

  it('answers 460 with the balance fields and charges and creates nothing when credit is short', async () => {
    const user = await verifiedCustomer(t, 3 * USD);
    const body = await expectOrderError(
      t,
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
    await expectOrderError(
      t,
      user.headers,
      anOrder({ productId: 4, hostnames: Array.from({ length: 10 }, () => hostname()) }),
      460,
      'INSUFFICIENT_BALANCE',
    );
  });

  it('limits promoted instances per region: 409 first, then extras at the base price once accepted', async () => {
    const user = await verifiedCustomer(t, 500 * USD);
    const order = anOrder({ hostnames: [hostname(), hostname()], billingCycle: 'annually' });
    const refused = await expectOrderError(t, user.headers, order, 409, 'PROMOTION_LIMIT_REACHED');
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
    const again = await expectOrderError(
      t,
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

    const over = await expectOrderError(
      t,
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
    const two = await expectOrderError(
      t,
      user.headers,
      anOrder({ ...ddos, hostnames: [hostname(), hostname()] }),
      409,
      'DDOS_OUT_OF_STOCK',
    );
    expect(two.detail).toContain('Only 1');
    await createOk(t, user.headers, anOrder(ddos));
    await expectOrderError(t, user.headers, anOrder(ddos), 409, 'DDOS_OUT_OF_STOCK');
    await expectOrderError(
      t,
      user.headers,
      anOrder({ region: 3, isDdosProtected: true }),
      409,
      'NOT_AVAILABLE',
    );
  });
});
