import { createHash } from 'node:crypto';
import { type MetricName, metricNames } from '@nimbus/contract';

/**
 * Readings a simulated guest would report. Deterministic (a hash of the server, metric and instant), so
 * a chart drawn twice is the same chart and tests can pin values, yet they vary like real ones.
 */

/** A number in [0, 1) from the text. */
export function unitHash(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

const METRIC_RANGES: Record<MetricName, [number, number]> = {
  'cpu:usage:%': [1, 65],
  'memory:usage:%': [20, 80],
  'disk:usage:%': [10, 60],
  'disk:iops': [0, 800],
  'disk:write:mb': [0, 40],
  'disk:read:mb': [0, 60],
  'network:in:mb': [0, 25],
  'network:out:mb': [0, 25],
};

/** At most this many points per series, whatever the range and step. */
const MAX_METRIC_POINTS = 2000;

/**
 * A day's rhythm: busy in the afternoon (UTC), idle at night, so charts move like a real server's. Most
 * of a reading follows it; the rest varies per server and minute.
 */
function dayCurve(t: number): number {
  const hour = (t / 3_600_000) % 24;
  return 0.5 - 0.5 * Math.cos((2 * Math.PI * (hour - 3)) / 24);
}

/** The reading of one metric of a server at instant `t` (ms), deterministic. */
export function metricValue(ref: string, metric: MetricName, t: number): number {
  const [low, high] = METRIC_RANGES[metric];
  const level = 0.6 * dayCurve(t) + 0.4 * unitHash(`${ref}|${metric}|${t}`);
  return Math.round((low + (high - low) * level) * 100) / 100;
}

export function metricSeries(ref: string, metric: MetricName, from: Date, to: Date, stepSeconds: number) {
  const step = Math.max(1, Math.floor(stepSeconds)) * 1000;
  const points: { timestamp: number; value: number }[] = [];
  // Aligned to the step, so two overlapping queries agree on the shared points.
  for (let t = Math.ceil(from.getTime() / step) * step; t <= to.getTime(); t += step) {
    if (points.length >= MAX_METRIC_POINTS) break;
    points.push({ timestamp: Math.floor(t / 1000), value: metricValue(ref, metric, t) });
  }
  return points;
}

/** Bytes per second the server moves, steady per server: between 20 kB/s and 500 kB/s. */
const bandwidthRate = (ref: string) => Math.round(20_000 + 480_000 * unitHash(`${ref}|bandwidth`));

/** Bytes moved while the server existed within [from, to]. */
export function bandwidthBytes(
  ref: string,
  life: { createdAt: Date; deletedAt: Date | null },
  from: Date,
  to: Date,
): number {
  const start = Math.max(from.getTime(), life.createdAt.getTime());
  const end = Math.min(to.getTime(), life.deletedAt?.getTime() ?? to.getTime());
  return end > start ? Math.floor(((end - start) / 1000) * bandwidthRate(ref)) : 0;
}

/** Every metric of a server at one instant. */
export const metricSample = (ref: string, t: number) =>
  Object.fromEntries(metricNames.map((m) => [m, metricValue(ref, m, t)])) as Record<MetricName, number>;
