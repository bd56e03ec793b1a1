// The zod-free part of metrics.ts (zod-free.test.ts): the panel loads it without zod.

/** The metrics of the Performance tab (instances.md §9). */
export const metricNames = [
  'cpu:usage:%',
  'memory:usage:%',
  'disk:usage:%',
  'disk:iops',
  'disk:write:mb',
  'disk:read:mb',
  'network:in:mb',
  'network:out:mb',
] as const;
export type MetricName = (typeof metricNames)[number];

/** Percentages are charted up to 100 at most (instances.md §9). */
export const isPercentMetric = (metric: MetricName) => metric.endsWith(':%');

/**
 * Metrics only the guest agent (the monitoring feature) can read; the hypervisor sees the others (CPU
 * time, disk and network traffic) for every instance.
 */
export const agentMetrics: readonly MetricName[] = ['memory:usage:%', 'disk:usage:%'];

/** The chart periods with their step (instances.md §9): 1h by 5 minutes … 14d by a day; 1h by default. */
export const metricPeriods = {
  '1h': { rangeMinutes: 60, stepMinutes: 5 },
  '6h': { rangeMinutes: 360, stepMinutes: 30 },
  '12h': { rangeMinutes: 720, stepMinutes: 60 },
  '1d': { rangeMinutes: 1440, stepMinutes: 120 },
  '7d': { rangeMinutes: 10080, stepMinutes: 720 },
  '14d': { rangeMinutes: 20160, stepMinutes: 1440 },
} as const;
export type MetricPeriod = keyof typeof metricPeriods;
export const DEFAULT_METRIC_PERIOD: MetricPeriod = '1h';

/** How long samples are kept: minutes for a day, hours for 14 days (bounded storage per instance). */
export const MINUTE_SAMPLES_KEPT_HOURS = 25;
export const HOUR_SAMPLES_KEPT_DAYS = 15;

/** The gauges are read again every minute (instances.md §9), as samples arrive. */
export const METRIC_GAUGE_REFRESH_MS = 60_000;
