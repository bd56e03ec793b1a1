import {
  METRIC_GAUGE_REFRESH_MS,
  type MetricName,
  type MetricPeriod,
  type MetricPoint,
  metricPeriods,
} from '@nimbus/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { unlessLive } from '../../live-updates/live-status';

/** Query keys of the Performance tab; the event stream's `metrics` topic refetches them each minute. */
export const metricKeys = {
  all: ['metrics'] as const,
  latest: (instanceId: number, metric: MetricName) =>
    [...metricKeys.all, instanceId, 'latest', metric] as const,
  history: (instanceId: number, metric: MetricName, period: MetricPeriod) =>
    [...metricKeys.all, instanceId, 'history', metric, period] as const,
};

/** The latest minute of a metric, for a gauge: read again every minute without server push (spec §9). */
export const latestMetricQuery = (instanceId: number, metric: MetricName) =>
  queryOptions({
    queryKey: metricKeys.latest(instanceId, metric),
    queryFn: () =>
      api<MetricPoint[]>(`/instances/${instanceId}/metrics`, {
        query: { typeQuery: 'simple', type: metric },
      }),
    refetchInterval: () => unlessLive(METRIC_GAUGE_REFRESH_MS),
    retry: false,
  });

/** A metric over the period up to now, averaged by the period's step. */
export const metricHistoryQuery = (instanceId: number, metric: MetricName, period: MetricPeriod) =>
  queryOptions({
    queryKey: metricKeys.history(instanceId, metric, period),
    queryFn: () => {
      const { rangeMinutes, stepMinutes } = metricPeriods[period];
      const end = Date.now();
      return api<MetricPoint[]>(`/instances/${instanceId}/metrics`, {
        query: {
          typeQuery: 'history',
          type: metric,
          start: end - rangeMinutes * 60_000,
          end,
          step: stepMinutes,
        },
      });
    },
    refetchInterval: () => unlessLive(METRIC_GAUGE_REFRESH_MS),
    retry: false,
  });
