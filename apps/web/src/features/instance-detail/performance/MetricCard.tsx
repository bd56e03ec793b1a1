import { Paper, Typography } from '@mui/material';
import type { MetricName, MetricPeriod } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { LoadingState } from '../../../components/states/LoadingState';
import { MetricChart } from './MetricChart';
import { metricHistoryQuery } from './queries';

/** i18n keys of the metrics (i18next reads a colon as a namespace separator). */
const metricTextKeys: Record<MetricName, string> = {
  'cpu:usage:%': 'cpu',
  'memory:usage:%': 'memory',
  'disk:usage:%': 'diskUsage',
  'disk:iops': 'iops',
  'disk:write:mb': 'diskWrite',
  'disk:read:mb': 'diskRead',
  'network:in:mb': 'networkIn',
  'network:out:mb': 'networkOut',
};

/** One metric's chart over the period, or why there is none (no agent, no data yet, a failed fetch). */
export function MetricCard({
  instanceId,
  metric,
  period,
}: {
  instanceId: number;
  metric: MetricName;
  period: MetricPeriod;
}) {
  const { t } = useTranslation('instanceTabs');
  const title = t(`performance.metrics.${metricTextKeys[metric]}`);
  const history = useQuery(metricHistoryQuery(instanceId, metric, period));
  const noAgent = history.error instanceof ApiError && history.error.code === 'MONITORING_NOT_INSTALLED';
  let body: React.ReactNode;
  if (history.isPending) body = <LoadingState label={t('performance.loading', { title })} minHeight={120} />;
  else if (noAgent) body = <Typography color="text.secondary">{t('performance.needsAgent')}</Typography>;
  else if (history.isError)
    body = <Typography color="error">{t('performance.fetchFailed', { title })}</Typography>;
  else if (history.data.length === 0)
    body = <Typography color="text.secondary">{t('performance.noData')}</Typography>;
  else body = <MetricChart metric={metric} points={history.data} title={title} />;
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {body}
    </Paper>
  );
}
