import { type AnyColumn, sql } from 'drizzle-orm';
import { instances } from './instances.tables';

/**
 * How many instances hold a product's capacity in a region: every one not failed or deleted (only the
 * DDoS-protected ones with `ddosProtected`). A correlated subquery over the caller's product and region
 * columns, so the catalogue computes remaining stock in the statement that reads (or locks) the offer.
 */
export const liveInstancesCount = (
  on: { productId: AnyColumn; regionId: AnyColumn },
  opts: { ddosProtected?: boolean } = {},
) => sql<number>`(
  SELECT count(*) FROM ${instances} i
  WHERE i.product_id = ${on.productId} AND i.region_id = ${on.regionId}
    AND i.lifecycle IN ('provisioning', 'ready', 'deleting') AND ${opts.ddosProtected ? sql`i.is_ddos_protected` : sql`true`})`;
