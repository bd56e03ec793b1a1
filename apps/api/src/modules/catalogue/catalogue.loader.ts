import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { toMicros } from '@nimbus/contract';
import { and, eq, getTableColumns, notInArray, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import {
  applications,
  applicationTags,
  catalogueDocuments,
  catalogueMeta,
  features,
  osFamilies,
  osVersions,
  paymentGateways,
  productRegions,
  products,
  regions,
} from './catalogue.tables';
import { type CatalogueFile, catalogueFileSchema } from './catalogue-file.schema';

/**
 * Bump when the mapping from file to rows changes, so an unchanged file is still reloaded
 * by the new code instead of being skipped on its old checksum.
 */
const LOADER_REVISION = '1';
const LOCK = sql`hashtext('nimbus.catalogue')`;

export interface CatalogueLoadResult {
  version: string;
  checksum: string;
  /** False when the database already held this exact file. */
  changed: boolean;
}

export class CatalogueFileError extends Error {
  override name = 'CatalogueFileError';
}

/** Reads and validates the data file; the error names the file and every bad path. */
export async function readCatalogueFile(file: string): Promise<{ data: CatalogueFile; checksum: string }> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (err) {
    throw new CatalogueFileError(`Cannot read catalogue file ${file}: ${(err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    throw new CatalogueFileError(`Catalogue file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = catalogueFileSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues
      .slice(0, 20)
      .map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new CatalogueFileError(`Invalid catalogue file ${file}:\n${lines.join('\n')}`);
  }
  const checksum = createHash('sha256').update(LOADER_REVISION).update('\0').update(raw).digest('hex');
  return { data: parsed.data, checksum };
}

/**
 * Loads the catalogue file into the database: validated, then upserted in one transaction under an
 * advisory lock so API and worker processes starting together load it once. Rows missing from the file
 * get inCatalogue=false (never deleted: instances and invoices point at them). An unchanged file is skipped.
 */
export async function loadCatalogue(db: Database, file: string): Promise<CatalogueLoadResult> {
  const { data, checksum } = await readCatalogueFile(file);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    const [meta] = await tx.select().from(catalogueMeta).where(eq(catalogueMeta.id, 1));
    if (meta?.checksum === checksum) return { version: data.version, checksum, changed: false };
    await writeCatalogue(tx, data);
    await upsert(
      tx,
      catalogueMeta,
      [{ id: 1, version: data.version, checksum, loadedAt: new Date() }],
      [catalogueMeta.id],
    );
    return { version: data.version, checksum, changed: true };
  });
}

async function writeCatalogue(tx: Tx, data: CatalogueFile) {
  await sync(
    tx,
    regions,
    regions.id,
    data.regions.map((r, sortOrder) => ({
      id: r.id,
      name: r.name,
      image: r.image,
      isHidden: r.isHidden,
      overallActiveness: r.overallActiveness,
      ddosActiveness: r.ddosActiveness,
      supportDdosIpv4: r.config.supportDdosIpv4,
      supportBackup: r.config.supportBackup,
      regionDiscounts: r.regionDiscounts,
      sortOrder,
      inCatalogue: true,
    })),
  );
  await sync(
    tx,
    features,
    features.id,
    data.features.map((f, sortOrder) => ({
      id: f.id,
      name: f.name,
      featureGroup: f.featureGroup,
      description: f.description,
      monthlyPriceMicros: toMicros(f.monthlyPrice),
      isActive: f.isActive,
      minRamMb: f.minRam,
      planClasses: f.planTypes,
      unsupportedOsFamilies: f.unsupportedOsFamilies,
      sortOrder,
      inCatalogue: true,
    })),
  );
  await sync(
    tx,
    products,
    products.id,
    data.products.map((p, sortOrder) => ({
      id: p.id,
      name: p.name,
      planClass: p.type,
      overallActiveness: p.overallActiveness,
      isOutOfSales: p.isOutOfSales,
      cpu: p.specification.cpu,
      ramMb: p.specification.ram,
      storageGb: p.specification.storage,
      bandwidthTb: p.specification.bandwidthInTB,
      gpuName: p.gpuName,
      gpuQuantity: p.gpuQuantity,
      basePriceMonthlyMicros: toMicros(p.monthlyPrice),
      ipv4PriceMonthlyMicros: toMicros(p.ipv4Price),
      discounts: p.discounts,
      requiredFeatures: p.requiredFeatures,
      sortOrder,
      inCatalogue: true,
    })),
  );
  const offers = data.products.flatMap((p) =>
    p.regions.map((o) => ({
      productId: p.id,
      regionId: o.regionId,
      regionOffsetMonthlyMicros: toMicros(o.regionOffset),
      stockCapacity: o.stock,
      ddosIpv4Capacity: o.ddosIpv4Stock,
      inCatalogue: true,
    })),
  );
  await upsert(tx, productRegions, offers, [productRegions.productId, productRegions.regionId]);
  const kept = sql.join(
    offers.map((o) => sql`(${o.productId}, ${o.regionId})`),
    sql`, `,
  );
  await tx
    .update(productRegions)
    .set({ inCatalogue: false })
    .where(
      and(
        eq(productRegions.inCatalogue, true),
        sql`(${productRegions.productId}, ${productRegions.regionId}) not in (${kept})`,
      ),
    );

  await sync(
    tx,
    osFamilies,
    osFamilies.name,
    data.osFamilies.map((f, sortOrder) => ({
      name: f.name,
      displayName: f.displayName,
      icon: f.icon,
      sortOrder,
      inCatalogue: true,
    })),
  );
  await sync(
    tx,
    osVersions,
    osVersions.id,
    data.osFamilies.flatMap((f, familyOrder) =>
      f.versions.map((v, i) => ({
        id: v.id,
        family: f.name,
        name: v.name,
        isActive: v.isActive,
        disabled: v.disabled,
        minRamMb: v.minRam,
        withPanel: v.withPanel,
        sortOrder: familyOrder * 1000 + i,
        inCatalogue: true,
      })),
    ),
  );
  await sync(
    tx,
    applicationTags,
    applicationTags.tag,
    data.applicationTags.map((t, sortOrder) => ({ ...t, sortOrder, inCatalogue: true })),
  );
  await sync(
    tx,
    applications,
    applications.id,
    data.applications.map((a, sortOrder) => ({
      id: a.id,
      name: a.name,
      description: a.description,
      icon: a.icon,
      isBeta: a.isBeta,
      isActive: a.isActive,
      osFamily: a.osFamily,
      osVersionId: a.osVersionId,
      tags: a.tags,
      summary: a.summary,
      ocaFields: a.ocaFields,
      minRamGb: a.minRamInGB,
      defaultRamGb: a.defaultRamInGB,
      sortOrder,
      inCatalogue: true,
    })),
  );
  await sync(
    tx,
    paymentGateways,
    paymentGateways.name,
    data.paymentGateways.map((g, sortOrder) => ({
      name: g.name,
      id: g.id,
      displayName: g.displayName,
      feePercentMicros: toMicros(g.feePercent),
      logoUrl: g.logoURL,
      sortOrder,
      inCatalogue: true,
    })),
  );
  await upsert(
    tx,
    catalogueDocuments,
    [
      { name: 'appConfig', value: data.appConfig },
      { name: 'banner', value: { banner: data.banner } },
    ],
    [catalogueDocuments.name],
  );
}

/** Upserts the file's rows of a table keyed by `key` and takes every other row out of the catalogue. */
async function sync<T extends PgTable & { inCatalogue: PgColumn }>(
  tx: Tx,
  table: T,
  key: PgColumn,
  rows: T['$inferInsert'][],
) {
  await upsert(tx, table, rows, [key]);
  const keys = rows.map((r) => (r as Record<string, unknown>)[keyName(table, key)]) as (string | number)[];
  await tx
    .update(table)
    .set({ inCatalogue: false } as never)
    .where(and(eq(table.inCatalogue, true), keys.length > 0 ? notInArray(key, keys) : undefined));
}

/** Insert-or-update: every column given in the rows takes the file's value (`excluded`). */
async function upsert<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][], target: PgColumn[]) {
  const [first] = rows;
  if (!first) return;
  const set: Record<string, SQL> = {};
  for (const column of Object.keys(first)) set[column] = sql.raw(`excluded."${toSnakeCase(column)}"`);
  await tx.insert(table).values(rows).onConflictDoUpdate({ target, set });
}

function keyName(table: PgTable, key: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === key);
  if (!entry) throw new Error(`Column ${key.name} is not in the table`);
  return entry[0];
}
