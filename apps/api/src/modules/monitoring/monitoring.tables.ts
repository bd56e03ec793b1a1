import { index, integer, pgTable, primaryKey, real, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * Metric samples of instances (instances.md §9): one row per instance and minute (resolution 1), kept a
 * day, and one per hour (resolution 60, the minutes' averages), kept 14 days, so storage per instance is
 * bounded (some 1,800 rows). Readings are measurements, not money: `real` is exact enough. The guest's
 * own readings (memory, disk usage) are null without the monitoring agent.
 */
export const metricSamples = pgTable(
  'metric_samples',
  {
    instanceId: integer().notNull(),
    /** For the event stream's per-customer notification, and nothing else. */
    customerId: integer().notNull(),
    /** Minutes per sample: 1 or 60. */
    resolution: smallint().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    cpu: real().notNull(),
    memory: real(),
    disk: real(),
    iops: real().notNull(),
    diskWrite: real().notNull(),
    diskRead: real().notNull(),
    networkIn: real().notNull(),
    networkOut: real().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.resolution, t.at] }),
    // Pruning by age, per resolution.
    index('metric_samples_age_idx').on(t.resolution, t.at),
  ],
);

/** Which column holds each metric. */
export const metricColumns = {
  'cpu:usage:%': 'cpu',
  'memory:usage:%': 'memory',
  'disk:usage:%': 'disk',
  'disk:iops': 'iops',
  'disk:write:mb': 'disk_write',
  'disk:read:mb': 'disk_read',
  'network:in:mb': 'network_in',
  'network:out:mb': 'network_out',
} as const;
