import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import {
  DEFAULT_METRIC_PERIOD,
  type Instance,
  type MetricPeriod,
  metricNames,
  metricPeriods,
} from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { MetricCard } from './MetricCard';
import { MetricGauge } from './MetricGauge';

const periods = Object.keys(metricPeriods) as MetricPeriod[];

/**
 * /instances/{id}/performance: CPU, memory and disk dials of the latest minute, and a chart per metric over
 * a period (instances.md §9). Samples arrive each minute (server push, or a poll every 60 s without it);
 * memory and disk usage need the monitoring agent.
 */
export function PerformanceTab({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceTabs');
  const [period, setPeriod] = useState<MetricPeriod>(DEFAULT_METRIC_PERIOD);
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <MetricGauge
          instanceId={instance.id}
          metric="cpu:usage:%"
          title={t('performance.gauges.cpu')}
          capacity={t('performance.vcpu', { count: instance.vcpuCount })}
        />
        <MetricGauge
          instanceId={instance.id}
          metric="memory:usage:%"
          title={t('performance.gauges.memory')}
          capacity={t('performance.gb', { size: instance.ram / 1024 })}
        />
        <MetricGauge
          instanceId={instance.id}
          metric="disk:usage:%"
          title={t('performance.gauges.disk')}
          capacity={t('performance.gb', { size: instance.disk })}
        />
      </Box>
      <SectionCard title={t('performance.title')} intro={t('performance.intro')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
          <Typography id="metric-period-label" color="text.secondary">
            {t('performance.period')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={period}
            onChange={(_e, next: MetricPeriod | null) => next && setPeriod(next)}
            aria-labelledby="metric-period-label"
          >
            {periods.map((p) => (
              <ToggleButton key={p} value={p}>
                {t(`performance.periods.${p}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
          {metricNames.map((metric) => (
            <MetricCard key={metric} instanceId={instance.id} metric={metric} period={period} />
          ))}
        </Box>
      </SectionCard>
    </Stack>
  );
}
