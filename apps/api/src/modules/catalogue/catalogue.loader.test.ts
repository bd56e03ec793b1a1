import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { repoRoot } from '../../paths';
import { allGatewaysConfigured } from '../payments/gateways/gateways.test-config';
import { loadCatalogue } from './catalogue.loader';
import * as tables from './catalogue.tables';
import type { CatalogueFile } from './catalogue-file.schema';

type Json = CatalogueFile & Record<string, unknown>;

describe('catalogue loader', () => {
  let t: TestApp;
  let dir: string;
  let demo: Json;
  let demoFile: string;
  let n = 0;

  const write = async (data: unknown, raw?: string) => {
    n += 1;
    const file = join(dir, `catalogue-${n}.json`);
    await writeFile(file, raw ?? JSON.stringify(data, null, 2));
    return file;
  };
  const copy = (): Json => structuredClone(demo);

  /** Every catalogue row, for comparing database states. */
  async function snapshot() {
    const { db } = t;
    return {
      regions: await db.select().from(tables.regions).orderBy(asc(tables.regions.id)),
      products: await db.select().from(tables.products).orderBy(asc(tables.products.id)),
      offers: await db
        .select()
        .from(tables.productRegions)
        .orderBy(asc(tables.productRegions.productId), asc(tables.productRegions.regionId)),
      families: await db.select().from(tables.osFamilies).orderBy(asc(tables.osFamilies.name)),
      versions: await db.select().from(tables.osVersions).orderBy(asc(tables.osVersions.id)),
      features: await db.select().from(tables.features).orderBy(asc(tables.features.id)),
      tags: await db.select().from(tables.applicationTags).orderBy(asc(tables.applicationTags.tag)),
      applications: await db.select().from(tables.applications).orderBy(asc(tables.applications.id)),
      gateways: await db.select().from(tables.paymentGateways).orderBy(asc(tables.paymentGateways.id)),
      documents: await db
        .select()
        .from(tables.catalogueDocuments)
        .orderBy(asc(tables.catalogueDocuments.name)),
    };
  }
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json().data;

  beforeAll(async () => {
    t = await createTestApp(allGatewaysConfigured);
    dir = await mkdtemp(join(tmpdir(), 'nimbus-catalogue-'));
    demoFile = join(repoRoot, 'catalogue', 'demo-catalogue.json');
    demo = JSON.parse(await readFile(demoFile, 'utf8'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('loads the demo catalogue at start-up and skips an unchanged file', async () => {
    const [meta] = await t.db.select().from(tables.catalogueMeta);
    expect(meta?.version).toBe('2026.11.1');
    const before = await snapshot();
    expect(before.regions.length).toBeGreaterThanOrEqual(3);
    const again = await loadCatalogue(t.db, demoFile);
    expect(again).toMatchObject({ version: '2026.11.1', checksum: meta?.checksum, changed: false });
    expect(await snapshot()).toEqual(before);
  });

  it('rewrites identical rows when the same data arrives under a new checksum', async () => {
    const before = await snapshot();
    const reformatted = await write(null, JSON.stringify(demo));
    expect((await loadCatalogue(t.db, reformatted)).changed).toBe(true);
    expect(await snapshot()).toEqual(before);
    expect((await loadCatalogue(t.db, reformatted)).changed).toBe(false);
  });

  it('updates rows when the file is edited', async () => {
    const edited = copy();
    edited.version = '2026.11.2';
    edited.regions[0]!.name = 'Frankfurt am Main';
    edited.products[0]!.monthlyPrice = '5.50';
    edited.products[0]!.regions[0]!.stock = 7;
    edited.paymentGateways[0]!.feePercent = '0.035';
    edited.banner = null;
    await loadCatalogue(t.db, await write(edited));

    const regions = await get('/api/regions');
    expect(regions[0].name).toBe('Frankfurt am Main');
    const products = await get('/api/products?regionId=1');
    const cloudS = products.find((p: { id: number }) => p.id === edited.products[0]!.id);
    expect(cloudS.priceItems[0]).toEqual({ id: 'BASE_PRICE', monthlyPriceWithoutDiscount: '5.50' });
    expect(cloudS.remainingStock).toBe(7);
    expect((await get('/api/payments/gateways'))[0].feePercent).toBe('0.035');
    expect(await get('/api/banner')).toBeNull();
    const [meta] = await t.db.select().from(tables.catalogueMeta);
    expect(meta?.version).toBe('2026.11.2');
  });

  it('takes rows missing from the file out of the catalogue, and brings them back', async () => {
    const trimmed = copy();
    const goneRegion = trimmed.regions.pop()!;
    for (const p of trimmed.products) p.regions = p.regions.filter((o) => o.regionId !== goneRegion.id);
    const goneProduct = trimmed.products.pop()!;
    const goneApp = trimmed.applications.shift()!;
    const goneGateway = trimmed.paymentGateways.pop()!;
    const goneOffer = {
      productId: trimmed.products[0]!.id,
      regionId: trimmed.products[0]!.regions.pop()!.regionId,
    };
    await loadCatalogue(t.db, await write(trimmed));

    const ids = (list: { id: number }[]) => list.map((x) => x.id);
    expect(ids(await get('/api/regions'))).not.toContain(goneRegion.id);
    expect(ids(await get('/api/plans'))).not.toContain(goneProduct.id);
    expect(ids((await get('/api/applications?pageSize=500')).applications)).not.toContain(goneApp.id);
    expect(ids(await get('/api/payments/gateways'))).not.toContain(goneGateway.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/applications/${goneApp.id}` })).statusCode).toBe(
      404,
    );
    const offers = await get(`/api/products?regionId=${goneOffer.regionId}&action=RESIZE`);
    expect(ids(offers)).not.toContain(goneOffer.productId);
    // The rows stay, flagged, because instances and invoices may still point at them.
    const rows = await snapshot();
    expect(rows.regions.find((r) => r.id === goneRegion.id)?.inCatalogue).toBe(false);
    expect(rows.applications.find((a) => a.id === goneApp.id)?.inCatalogue).toBe(false);

    await loadCatalogue(t.db, await write(copy()));
    expect(ids(await get('/api/regions'))).toContain(goneRegion.id);
    expect((await get(`/api/applications/${goneApp.id}`)).name).toBe(goneApp.name);
  });

  it('rejects an invalid file with the path of every problem and leaves the database alone', async () => {
    const before = await snapshot();
    await expect(loadCatalogue(t.db, join(dir, 'missing.json'))).rejects.toThrow(
      /Cannot read catalogue file/,
    );
    const broken = await write(null, '{ "version": ');
    await expect(loadCatalogue(t.db, broken)).rejects.toThrow(`Catalogue file ${broken} is not valid JSON`);

    const bad = copy();
    bad.products[1]!.monthlyPrice = 'ten dollars';
    (bad.regions[0] as Record<string, unknown>).colour = 'blue';
    const badFile = await write(bad);
    const error = await loadCatalogue(t.db, badFile).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`Invalid catalogue file ${badFile}`);
    expect((error as Error).message).toContain('products.1.monthlyPrice');
    expect((error as Error).message).toContain('regions.0');

    const dangling = copy();
    dangling.products[0]!.regions[0]!.regionId = 999;
    dangling.applications[0]!.tags.push('no-such-tag');
    dangling.applications[1]!.summary = '<p>x</p><!--links-->[{"title":"x","url":"javascript:alert(1)"}]';
    const message = (await loadCatalogue(t.db, await write(dangling)).catch((e: Error) => e)) as Error;
    expect(message.message).toContain('products.0.regions.0.regionId: unknown region 999');
    expect(message.message).toMatch(/applications\.0\.tags\.\d+: unknown application tag no-such-tag/);
    expect(message.message).toContain('applications.1.summary: link javascript:alert(1) is not an https URL');

    const duplicate = copy();
    duplicate.regions[1]!.id = duplicate.regions[0]!.id;
    await expect(loadCatalogue(t.db, await write(duplicate))).rejects.toThrow(/regions\.1\.id: duplicate/);
    expect(await snapshot()).toEqual(before);
  });

  it('loads once when two processes start together', async () => {
    const next = copy();
    next.version = '2026.12.1';
    const file = await write(next);
    const results = await Promise.all([loadCatalogue(t.db, file), loadCatalogue(t.db, file)]);
    expect(results.map((r) => r.changed).sort()).toEqual([false, true]);
  });
});
