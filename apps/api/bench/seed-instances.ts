import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/**
 * A thousand customers and `count` built, running hourly Cloud-S-sized instances spread over them, in the
 * first region; `monitored` gives every other one the monitoring feature (id 1).
 */
export async function seedRunningInstances(db: Database, count: number, opts: { monitored?: boolean } = {}) {
  await db.execute(sql`
    INSERT INTO customers (email, password_hash, fullname)
    SELECT 'bench-' || g || '@example.com', 'not-a-hash', 'Bench ' || g FROM generate_series(1, 1000) g`);
  const features = opts.monitored
    ? sql`CASE WHEN g % 2 = 0 THEN '[1]'::jsonb ELSE '[]'::jsonb END`
    : sql`'[]'::jsonb`;
  await db.execute(sql`
    WITH c AS (SELECT array_agg(id) AS ids FROM customers), r AS (SELECT min(id) AS id FROM regions)
    INSERT INTO instances (customer_id, order_id, hostname, lifecycle, status, network_status, plan_class,
      region_id, os_id, os_family, os_name, vcpu_count, ram_mb, disk_gb, bandwidth_tb, extra_resource,
      feature_ids, assign_ipv4, assign_ipv6, billing_cycle)
    SELECT c.ids[(g - 1) % cardinality(c.ids) + 1], 'bench-' || g, 'bench-' || g, 'ready', 'active', 'active',
      'default', r.id, 101, 'ubuntu', 'Ubuntu 24.04', 1, 1024, 25, 1,
      '{"cpu":0,"ramInGB":0,"diskInGB":0,"bandwidthInTB":0}'::jsonb, ${features}, true, false, 'hourly'
    FROM generate_series(1, ${count}) g, c, r`);
}
