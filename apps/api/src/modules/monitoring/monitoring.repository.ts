import {
  HOUR_SAMPLES_KEPT_DAYS,
  isPercentMetric,
  type MetricName,
  type MetricPoint,
  MINUTE_SAMPLES_KEPT_HOURS,
} from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { metricColumns, metricSamples } from './monitoring.tables';

export type NewMetricSample = typeof metricSamples.$inferInsert;

/** Stores a minute's samples; a sample already stored (a retried run) is kept as it is. */
export async function insertSamples(db: DbOrTx, rows: NewMetricSample[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(metricSamples)
    .values(rows)
    .onConflictDoNothing()
    .returning({ instanceId: metricSamples.instanceId });
  return inserted.length;
}

/**
 * Averages the minute samples of the hour starting at `hourStart` into one hourly sample per instance,
 * once (a repeated run changes nothing).
 */
export async function rollUpHour(db: DbOrTx, hourStart: Date): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO ${metricSamples}
      (instance_id, customer_id, resolution, at, cpu, memory, disk, iops, disk_write, disk_read, network_in, network_out)
    SELECT instance_id, min(customer_id), 60, ${hourStart}::timestamptz,
      avg(cpu), avg(memory), avg(disk), avg(iops), avg(disk_write), avg(disk_read), avg(network_in), avg(network_out)
    FROM ${metricSamples}
    WHERE resolution = 1 AND at >= ${hourStart}::timestamptz AND at < ${hourStart}::timestamptz + interval '1 hour'
    GROUP BY instance_id
    ON CONFLICT DO NOTHING`);
  return result.rowCount ?? 0;
}

/** Drops minute samples older than a day and hourly ones older than 14 days (plus a margin). */
export async function pruneSamples(db: DbOrTx, now: Date): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM ${metricSamples}
    WHERE (resolution = 1 AND at < ${now}::timestamptz - make_interval(hours => ${MINUTE_SAMPLES_KEPT_HOURS}))
       OR (resolution = 60 AND at < ${now}::timestamptz - make_interval(days => ${HOUR_SAMPLES_KEPT_DAYS}))`);
  return result.rowCount ?? 0;
}

const column = (metric: MetricName) => sql.raw(metricColumns[metric]);
/** Percentages are shown up to 100 at most (instances.md §9). */
const capped = (metric: MetricName, value: ReturnType<typeof sql>) =>
  isPercentMetric(metric) ? sql`least(${value}, 100)` : value;

/** The latest minute sample of one metric, as a list of at most one point. */
export async function latestPoint(
  db: DbOrTx,
  instanceId: number,
  metric: MetricName,
): Promise<MetricPoint[]> {
  const result = await db.execute<{ timestamp: number; value: number | null }>(sql`
    SELECT extract(epoch FROM at)::bigint AS timestamp, ${capped(metric, sql`${column(metric)}`)}::float8 AS value
    FROM ${metricSamples}
    WHERE instance_id = ${instanceId} AND resolution = 1
    ORDER BY at DESC
    LIMIT 1`);
  return result.rows
    .filter((r) => r.value !== null)
    .map((r) => ({ timestamp: Number(r.timestamp), value: round(r.value!) }));
}

/**
 * One metric between two instants, averaged per step (minutes). A range of up to a day with a step under
 * an hour reads the minute samples. Longer ones read the hourly samples, and the minutes of the hours not
 * rolled up yet (the current one, or all of a new instance's), each weighted by the minutes it stands for.
 */
export async function historyPoints(
  db: DbOrTx,
  instanceId: number,
  metric: MetricName,
  range: { from: Date; to: Date; stepMinutes: number },
): Promise<MetricPoint[]> {
  const step = range.stepMinutes * 60;
  const value = column(metric);
  const minutesOnly = range.to.getTime() - range.from.getTime() <= 25 * 3_600_000 && range.stepMinutes < 60;
  const samples = minutesOnly
    ? sql`SELECT at, ${value} AS v, 1 AS w FROM ${metricSamples}
        WHERE instance_id = ${instanceId} AND resolution = 1
          AND at >= ${range.from}::timestamptz AND at < ${range.to}::timestamptz`
    : sql`SELECT at, ${value} AS v, 60 AS w FROM ${metricSamples}
        WHERE instance_id = ${instanceId} AND resolution = 60
          AND at >= ${range.from}::timestamptz AND at < ${range.to}::timestamptz
        UNION ALL
        SELECT at, ${value}, 1 FROM ${metricSamples}
        WHERE instance_id = ${instanceId} AND resolution = 1
          AND at >= ${range.from}::timestamptz AND at < ${range.to}::timestamptz
          AND at >= coalesce((SELECT max(at) + interval '1 hour' FROM ${metricSamples}
            WHERE instance_id = ${instanceId} AND resolution = 60), '-infinity')`;
  const result = await db.execute<{ timestamp: number; value: number | null }>(sql`
    SELECT (floor(extract(epoch FROM at) / ${step}) * ${step})::bigint AS timestamp,
      ${capped(metric, sql`sum(v * w) / nullif(sum(w) FILTER (WHERE v IS NOT NULL), 0)`)}::float8 AS value
    FROM (${samples}) samples
    GROUP BY 1
    ORDER BY 1`);
  return result.rows
    .filter((r) => r.value !== null)
    .map((r) => ({ timestamp: Number(r.timestamp), value: round(r.value!) }));
}

const round = (value: number) => Math.round(value * 100) / 100;
