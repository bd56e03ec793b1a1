import type { OsFamily, Product, Region } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

/** Regions, plans, products, images, features and constants of the demo catalogue. */
describe('catalogue: plans and images', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    expect(res.json().code).toBe('OKAY');
    return res.json().data as T;
  };
  const bad = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', data: null });
    return res.json();
  };
  const ids = (list: { id: number }[]) => list.map((x) => x.id);

  it('lists every region with its flags, without signing in', async () => {
    const regions = await get<Region[]>('/api/regions');
    expect(regions.length).toBeGreaterThanOrEqual(3);
    expect(regions[0]).toMatchObject({
      id: 1,
      name: 'Frankfurt',
      image: '/catalogue/regions/de.svg',
      config: { supportDdosIpv4: true, supportBackup: true },
    });
    expect(regions.some((r) => r.isHidden)).toBe(true);
    expect(regions.some((r) => !r.overallActiveness)).toBe(true);
  });

  it('lists each active plan once with its base price and total stock', async () => {
    const plans = await get<Product[]>('/api/plans');
    expect(new Set(ids(plans)).size).toBe(plans.length);
    expect(plans.length).toBeGreaterThanOrEqual(8);
    expect(new Set(plans.map((p) => p.plan.type))).toEqual(
      new Set(['default', 'cpu-optimized', 'gpu-provided']),
    );
    expect(new Set(plans.flatMap((p) => p.plan.gpuName ?? []))).toEqual(
      new Set(['rtx5090', 'a100', 'rtx4090']),
    );
    const cloudS = plans.find((p) => p.id === 1)!;
    expect(cloudS).toMatchObject({
      regionId: null,
      priceItems: [{ id: 'BASE_PRICE', monthlyPriceWithoutDiscount: '5.00' }],
      plan: { type: 'default', specification: { cpu: 1, ram: 1024, storage: 25, bandwidthInTB: 1 } },
    });
    // Helsinki is closed, so its 30 servers are not counted.
    expect(cloudS.remainingStock).toBe(200 + 150 + 120 + 80 + 20);
    expect(plans.some((p) => p.isOutOfSales)).toBe(true);
  });

  it('prices products per region with the region offset and stock', async () => {
    const ny = await get<Product[]>('/api/products?regionId=3');
    expect(ny.every((p) => p.regionId === 3)).toBe(true);
    expect(ny.find((p) => p.id === 1)?.priceItems).toEqual([
      { id: 'BASE_PRICE', monthlyPriceWithoutDiscount: '5.00' },
      { id: 'REGION_OFFSET', monthlyPriceWithoutDiscount: '0.50' },
    ]);
    const sg = await get<Product[]>('/api/products?regionId=4');
    expect(sg.find((p) => p.id === 3)?.remainingStock).toBe(0);

    const everywhere = await get<Product[]>('/api/products');
    const regionsOfCloudS = everywhere.filter((p) => p.id === 1).map((p) => p.regionId);
    expect(regionsOfCloudS).toEqual([1, 2, 3, 4]); // not hidden Tokyo, not closed Helsinki
  });

  it('shows hidden regions only when asked for, closed regions and retired plans only for resize', async () => {
    expect(ids(await get<Product[]>('/api/products?regionId=5'))).toContain(1);
    expect(await get<Product[]>('/api/products?regionId=6')).toEqual([]);
    expect(ids(await get<Product[]>('/api/products?regionId=6&action=RESIZE'))).toContain(1);
    expect(ids(await get<Product[]>('/api/products?regionId=1'))).not.toContain(5);
    expect(ids(await get<Product[]>('/api/products?regionId=1&action=resize'))).toContain(5);
  });

  it('leaves out plans too small for the image, the application or the features', async () => {
    const all = ids(await get<Product[]>('/api/products?regionId=1'));
    const windows11 = ids(await get<Product[]>('/api/products?regionId=1&osId=164'));
    expect(all).toContain(1);
    expect(windows11).not.toContain(1); // 1 GB plan, Windows 11 needs 4 GB
    expect(windows11).not.toContain(2);
    expect(windows11).toContain(3);

    const gitlab = ids(await get<Product[]>('/api/products?regionId=1&appId=4'));
    expect(gitlab).not.toContain(2);
    expect(gitlab).toContain(3);

    const nested = await get<Product[]>('/api/products?regionId=1&featureIds=3');
    expect(nested.every((p) => p.plan.type === 'default' && p.plan.specification.ram >= 8192)).toBe(true);
    expect(nested.length).toBeGreaterThan(0);
    const group = await get<Product[]>('/api/products?regionId=1&featureGroup=gpu');
    expect(group.every((p) => p.plan.type === 'gpu-provided')).toBe(true);
    expect(group.find((p) => p.id === 21)?.requiredFeatures).toEqual([5]);
    expect(ids(await get<Product[]>('/api/products?regionId=1&featureIds=1,3'))).toEqual(ids(nested));
    expect(ids(await get<Product[]>('/api/products?regionId=1&featureIds=1&featureIds=3'))).toEqual(
      ids(nested),
    );
  });

  it('answers 400 to bad or unknown filters, never 500', async () => {
    await bad('/api/products?regionId=abc');
    await bad('/api/products?regionId=-1');
    await bad('/api/products?regionId=99999999999');
    await bad('/api/products?action=DELETE');
    await bad('/api/products?featureIds=1,x');
    const unknownRegion = await bad('/api/products?regionId=999');
    expect(unknownRegion.issues).toEqual([{ path: 'regionId', message: 'validation.invalid' }]);
    await bad('/api/products?osId=999');
    await bad('/api/products?appId=999');
    await bad('/api/products?featureIds=999');
    await bad('/api/products?featureGroup=nope');
    await bad('/api/os?appId=0');
    await bad('/api/os?featureIds=999');
  });

  it('lists OS families and marks images the application or features cannot use', async () => {
    const { os } = await get<{ os: OsFamily[] }>('/api/os');
    const names = os.map((f) => f.name);
    for (const family of ['ubuntu', 'debian', 'almalinux', 'rocky', 'fedora', 'windows', 'freebsd', 'kali'])
      expect(names).toContain(family);
    const versions = os.flatMap((f) => f.versions);
    expect(versions.length).toBeGreaterThanOrEqual(12);
    expect(versions.some((v) => v.withPanel)).toBe(true);
    expect(versions.find((v) => v.id === 163)?.disabled).toBe(true); // switched off by the provider
    expect(versions.find((v) => v.id === 103)).toBeUndefined(); // retired: only for resize
    const resize = await get<{ os: OsFamily[] }>('/api/os?action=RESIZE');
    expect(resize.os.flatMap((f) => f.versions).find((v) => v.id === 103)).toMatchObject({
      isActive: false,
      disabled: true,
    });

    const monitoring = await get<{ os: OsFamily[] }>('/api/os?featureIds=1');
    const family = (name: string) => monitoring.os.find((f) => f.name === name)!;
    expect(family('windows').versions.every((v) => v.disabled)).toBe(true);
    expect(family('ubuntu').versions.every((v) => !v.disabled)).toBe(true);

    const wordpress = await get<{ os: OsFamily[] }>('/api/os?appId=1');
    const enabled = wordpress.os.flatMap((f) => f.versions).filter((v) => !v.disabled);
    expect(enabled.map((v) => v.id)).toEqual([101]);
  });

  it('keys features by id with their monthly price', async () => {
    const features = await get<Record<string, { id: number; name: string; price: string }>>('/api/features');
    expect(features['1']).toMatchObject({
      id: 1,
      name: 'Monitoring',
      featureGroup: 'monitoring',
      price: '0.00',
    });
    expect(features['3']).toMatchObject({ price: '4.00', minRam: 8192, planTypes: ['default'] });
  });

  it('serves the app config with derived hourly and feature prices', async () => {
    const config = await get<Record<string, unknown>>('/api/app-configs');
    expect(config).toMatchObject({
      maxFloatingIpPerUserPerMonth: 30,
      oneMonthInHours: 730,
      IPV4PricePerMonth: '2.00',
      IPV4PricePerHour: '0.0027',
      extraResourceMonthlyPrice: {
        diskPerGb: '0.10',
        bandwidthPerTb: '5.00',
        ramPerGb: '3.00',
        cpuPerCore: '4.00',
      },
      extraResourceHourlyPrice: { diskPerGb: '0.0001', ramPerGb: '0.0041', cpuPerCore: '0.0055' },
      snapshotPricePerGbMonth: '0.048',
      overagePricePerGib: '0.01',
      defaultBillingCycle: 'monthly',
      backupConfigs: { feePercentage: 20, maxFiles: 3 },
    });
    expect(config.featurePrices).toMatchObject({ '1': '0.00', '3': '4.00' });
    expect(config.featurePrices).not.toHaveProperty('6'); // retired feature
  });

  it('documents every catalogue call in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/regions',
      '/api/plans',
      '/api/products',
      '/api/os',
      '/api/features',
      '/api/app-configs',
      '/api/applications',
      '/api/applications/tags',
      '/api/applications/{id}',
      '/api/payments/gateways',
      '/api/banner',
    ]) {
      expect(doc.paths[path]?.get?.tags, path).toEqual(['catalogue']);
    }
    const params = doc.paths['/api/products'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['regionId', 'osId', 'featureIds', 'featureGroup', 'action', 'appId']),
    );
  });
});
