import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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

/**
 * Where each product is sold, with what is left to sell. The one place remaining stock is computed:
 * today it is the capacity; instances will subtract their allocations here.
 */
export async function listOffers(db: DbOrTx): Promise<Offer[]> {
  const rows = await db
    .select({
      productId: productRegions.productId,
      regionId: productRegions.regionId,
      regionOffsetMonthlyMicros: productRegions.regionOffsetMonthlyMicros,
      remainingStock: sql<number>`greatest(${productRegions.stockCapacity}, 0)`.mapWith(Number),
      remainingDdosIpv4: sql<number>`greatest(${productRegions.ddosIpv4Capacity}, 0)`.mapWith(Number),
    })
    .from(productRegions)
    .innerJoin(regions, eq(regions.id, productRegions.regionId))
    .innerJoin(products, eq(products.id, productRegions.productId))
    .where(and(eq(productRegions.inCatalogue, true), eq(regions.inCatalogue, true)))
    .orderBy(asc(products.sortOrder), asc(regions.sortOrder));
  return rows;
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
