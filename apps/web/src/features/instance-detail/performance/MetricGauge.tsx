import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import type { MetricName } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useMetricFormat } from './metric-format';
import { latestMetricQuery } from './queries';

/** The latest minute of a percentage metric as a dial, with what it is a share of (2 vCPU, 4 GB). */
export function MetricGauge({
  instanceId,
  metric,
  title,
  capacity,
}: {
  instanceId: number;
  metric: MetricName;
  title: string;
  capacity: string;
}) {
  const { t } = useTranslation('instanceTabs');
  const latest = useQuery(latestMetricQuery(instanceId, metric));
  const value = latest.data?.[0]?.value ?? null;
  const noAgent = latest.error instanceof ApiError && latest.error.code === 'MONITORING_NOT_INSTALLED';
  const format = useMetricFormat();
  const text = latest.isPending ? '…' : value === null ? '—' : format(metric, value);
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
      <Box sx={{ position: 'relative', display: 'inline-flex' }}>
        <CircularProgress
          variant="determinate"
          value={100}
          size={64}
          thickness={5}
          sx={{ color: 'action.hover' }}
        />
        <CircularProgress
          variant="determinate"
          value={Math.min(100, value ?? 0)}
          size={64}
          thickness={5}
          sx={{ position: 'absolute', insetInlineStart: 0 }}
          aria-label={t('performance.gaugeLabel', { title, value: text })}
        />
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {text}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {capacity}
        </Typography>
        {noAgent && (
          <Typography variant="body2" color="text.secondary">
            {t('performance.needsAgent')}
          </Typography>
        )}
        {latest.isError && !noAgent && (
          <Typography variant="body2" color="error">
            {t('performance.fetchFailed', { title })}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
