import { and, asc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { liveInstancesCount } from '../instances/live-instances';
import {
  applications,
  applicationTags,
  catalogueDocuments,
  features,
  osFamilies,
  osVersions,
  paymentGateways,
  productRegions,
  products,
  regions,
} from './catalogue.tables';
import type { FileAppConfig } from './catalogue-file.schema';

/** Reads of the catalogue. Only rows still in the data file (inCatalogue) are ever returned. */

export type RegionRow = typeof regions.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type FeatureRow = typeof features.$inferSelect;
export type OsVersionRow = typeof osVersions.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;

export const listRegions = (db: DbOrTx) =>
  db.select().from(regions).where(eq(regions.inCatalogue, true)).orderBy(asc(regions.sortOrder));

/** Products the provider sells at all (overallActiveness); out-of-sales ones are filtered by callers. */
export const listActiveProducts = (db: DbOrTx) =>
  db
    .select()
    .from(products)
    .where(and(eq(products.inCatalogue, true), eq(products.overallActiveness, true)))
    .orderBy(asc(products.sortOrder));

export interface Offer {
  productId: number;
  regionId: number;
  regionOffsetMonthlyMicros: number;
  remainingStock: number;
  remainingDdosIpv4: number;
}

const offerOf = { productId: productRegions.productId, regionId: productRegions.regionId };

/** What is left to sell of a product in a region: capacity less the live instances (never below 0). */
const remainingStock =
  sql<number>`greatest(${productRegions.stockCapacity} - ${liveInstancesCount(offerOf)}, 0)`.mapWith(Number);
const remainingDdosIpv4 = sql<number>`greatest(${productRegions.ddosIpv4Capacity} - ${liveInstancesCount(
  offerOf,
  { ddosProtected: true },
)}, 0)`.mapWith(Number);

/** An offer as listed and as locked: where a product is sold, its region offset and what is left. */
const offerColumns = {
  productId: productRegions.productId,
  regionId: productRegions.regionId,
  regionOffsetMonthlyMicros: productRegions.regionOffsetMonthlyMicros,
  remainingStock,
  remainingDdosIpv4,
};

/**
 * Where each product is sold, with what is left to sell. The one place remaining stock is computed:
 * the capacity less the instances holding it.
 */
export async function listOffers(db: DbOrTx): Promise<Offer[]> {
  const rows = await db
    .select(offerColumns)
    .from(productRegions)
    .innerJoin(regions, eq(regions.id, productRegions.regionId))
    .innerJoin(products, eq(products.id, productRegions.productId))
    .where(and(eq(productRegions.inCatalogue, true), eq(regions.inCatalogue, true)))
    .orderBy(asc(products.sortOrder), asc(regions.sortOrder));
  return rows;
}

/**
 * One offer with its stock, its product_regions row locked for the rest of the transaction: orders for
 * the same plan in the same region queue here, so two of them can never both take the last unit.
 * Null when the product is not sold there.
 */
export async function lockOffer(tx: DbOrTx, productId: number, regionId: number): Promise<Offer | null> {
  const [locked] = await tx
    .select({ productId: productRegions.productId })
    .from(productRegions)
    .where(
      and(
        eq(productRegions.productId, productId),
        eq(productRegions.regionId, regionId),
        eq(productRegions.inCatalogue, true),
      ),
    )
    .for('update');
  if (!locked) return null;
  // Counted after the lock, so instances committed by the order that held it are seen.
  const [row] = await tx
    .select(offerColumns)
    .from(productRegions)
    .where(and(eq(productRegions.productId, productId), eq(productRegions.regionId, regionId)));
  return row ?? null;
}

/** A product still in the data file (whether sold or not: callers check overallActiveness), or null. */
export async function findProduct(db: DbOrTx, id: number): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.inCatalogue, true)));
  return row ?? null;
}

export const listFeatures = (db: DbOrTx) =>
  db.select().from(features).where(eq(features.inCatalogue, true)).orderBy(asc(features.sortOrder));

export async function listOsFamiliesWithVersions(db: DbOrTx) {
  const [families, versions] = await Promise.all([
    db.select().from(osFamilies).where(eq(osFamilies.inCatalogue, true)).orderBy(asc(osFamilies.sortOrder)),
    db.select().from(osVersions).where(eq(osVersions.inCatalogue, true)).orderBy(asc(osVersions.sortOrder)),
  ]);
  return families.map((family) => ({
    ...family,
    versions: versions.filter((v) => v.family === family.name),
  }));
}

export async function findOsVersion(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(osVersions)
    .where(and(eq(osVersions.id, id), eq(osVersions.inCatalogue, true)));
  return row ?? null;
}

export async function findApplication(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.inCatalogue, true)));
  return row ?? null;
}

export interface ApplicationSearch {
  name?: string;
  tags?: string[];
  isActive?: boolean;
  /** Listed first whatever the other filters say. */
  includeAppId?: number;
  limit: number;
  offset: number;
}

export async function searchApplications(db: DbOrTx, q: ApplicationSearch) {
  const filters: SQL[] = [];
  if (q.name) filters.push(ilike(applications.name, `%${q.name.replace(/[\\%_]/g, '\\$&')}%`));
  if (q.tags && q.tags.length > 0) {
    filters.push(
      sql`${applications.tags} ?| array[${sql.join(
        q.tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  if (q.isActive !== undefined) filters.push(eq(applications.isActive, q.isActive));
  const matching = filters.length > 0 ? and(...filters) : undefined;
  const forced = q.includeAppId === undefined ? undefined : eq(applications.id, q.includeAppId);
  const rows = await db
    .select({ app: applications, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(applications)
    .where(and(eq(applications.inCatalogue, true), forced && matching ? or(matching, forced) : matching))
    .orderBy(
      forced ? sql`case when ${forced} then 0 else 1 end` : sql`1`,
      asc(applications.sortOrder),
      asc(applications.id),
    )
    .limit(q.limit)
    .offset(q.offset);
  const total = rows[0]?.total ?? (q.offset > 0 ? await countApplications(db, matching, forced) : 0);
  return { rows: rows.map((r) => r.app), total };
}

/** Total for a page past the end, where the window count has no row to ride on. */
async function countApplications(db: DbOrTx, matching: SQL | undefined, forced: SQL | undefined) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(applications)
    .where(and(eq(applications.inCatalogue, true), forced && matching ? or(matching, forced) : matching));
  return row?.n ?? 0;
}

export const listApplicationTags = (db: DbOrTx) =>
  db
    .select()
    .from(applicationTags)
    .where(eq(applicationTags.inCatalogue, true))
    .orderBy(asc(applicationTags.sortOrder));

export const listPaymentGateways = (db: DbOrTx) =>
  db
    .select()
    .from(paymentGateways)
    .where(eq(paymentGateways.inCatalogue, true))
    .orderBy(asc(paymentGateways.sortOrder));

export async function getDocument(db: DbOrTx, name: 'appConfig' | 'banner'): Promise<unknown> {
  const [row] = await db.select().from(catalogueDocuments).where(eq(catalogueDocuments.name, name));
  return row?.value ?? null;
}

/** The application settings billing needs outside an order: hours in a month, days of credit checked. */
export async function billingSettings(db: DbOrTx) {
  const stored = (await getDocument(db, 'appConfig')) as FileAppConfig | null;
  if (!stored) throw new Error('The catalogue has not been loaded.');
  return {
    oneMonthInHours: stored.oneMonthInHours,
    numberOfDaysForCreditCheck: stored.numberOfDaysForCreditCheck,
  };
}

/**
 * Whether a region exists at all, in the data file or not (the simulator serves instances in regions
 * that have left it).
 */
export async function regionExists(db: DbOrTx, regionId: number): Promise<boolean> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, regionId));
  return row !== undefined;
}

/** The GPU models of the products ever sold in a region (in the data file or not), by name. */
export async function gpuModelsSoldIn(db: DbOrTx, regionId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ model: products.gpuName })
    .from(products)
    .innerJoin(productRegions, eq(productRegions.productId, products.id))
    .where(
      and(
        eq(productRegions.regionId, regionId),
        isNotNull(products.gpuName),
        sql`${products.gpuQuantity} > 0`,
      ),
    )
    .orderBy(asc(products.gpuName));
  return rows.map((r) => r.model as string);
}

/** An OS family by name, in the data file or not (an image names its family). */
export async function findOsFamily(db: DbOrTx, name: string) {
  const [row] = await db.select().from(osFamilies).where(eq(osFamilies.name, name));
  return row ?? null;
}

/**
 * What the hypervisor needs of the catalogue to build an existing instance: its product's GPU and its
 * features' names, found by id whether or not they are still in the data file.
 */
export async function productGpuOf(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({ gpuName: products.gpuName, gpuQuantity: products.gpuQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}

export async function featureNamesOf(db: DbOrTx, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ name: features.name }).from(features).where(inArray(features.id, ids));
  return rows.map((r) => r.name);
}
