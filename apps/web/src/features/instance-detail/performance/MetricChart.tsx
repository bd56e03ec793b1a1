import { Box, Typography, useTheme } from '@mui/material';
import { isPercentMetric, type MetricName, type MetricPoint } from '@nimbus/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMetricFormat } from './metric-format';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { top: 8, right: 8, bottom: 20, left: 36 };

/**
 * One metric over the period as a line over a filled area, with its scale (percentages up to 100) and
 * the period's first and last time; a summary for assistive technology says its range and last value.
 */
export function MetricChart({
  metric,
  points,
  title,
}: {
  metric: MetricName;
  points: MetricPoint[];
  title: string;
}) {
  const { t, i18n } = useTranslation('instanceTabs');
  const theme = useTheme();
  // useId's colons are not valid in a url(#…) reference.
  const gradientId = `metric-${useId().replace(/[^\w-]/g, '')}`;
  const percent = isPercentMetric(metric);
  const values = points.map((p) => p.value);
  const max = percent ? 100 : Math.max(1, ...values) * 1.1;
  const first = points[0]?.timestamp ?? 0;
  const last = points.at(-1)?.timestamp ?? 1;
  const span = Math.max(1, last - first);
  const x = (ts: number) => PAD.left + ((ts - first) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - Math.min(v, max) / max) * (HEIGHT - PAD.top - PAD.bottom);
  const line = points.map((p) => `${x(p.timestamp).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const area = `${x(first)},${y(0)} ${line} ${x(last)},${y(0)}`;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const format = useMetricFormat();
  const unit = (v: number) => format(metric, v);
  const lastValue = values.at(-1) ?? 0;
  const summary = t('performance.chartSummary', {
    title,
    min: unit(Math.min(...values)),
    max: unit(Math.max(...values)),
    last: unit(lastValue),
  });
  const color = theme.palette.primary.main;
  return (
    <Box>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        sx={{ width: '100%', height: 'auto', display: 'block', direction: 'ltr' }}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor={color} stopOpacity={0.3} />
            <stop offset="100%" stopColor={color} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(max * f)}
              y2={y(max * f)}
              stroke={theme.palette.divider}
              strokeWidth={1}
            />
            <text
              x={PAD.left - 4}
              y={y(max * f) + 3}
              textAnchor="end"
              fontSize={9}
              fill={theme.palette.text.secondary}
            >
              {unit(max * f)}
            </text>
          </g>
        ))}
        {points.length > 1 && <polygon points={area} fill={`url(#${gradientId})`} />}
        {points.length > 1 && <polyline points={line} fill="none" stroke={color} strokeWidth={1.5} />}
        {points.length === 1 && <circle cx={x(first)} cy={y(values[0]!)} r={2.5} fill={color} />}
        <text x={PAD.left} y={HEIGHT - 4} fontSize={9} fill={theme.palette.text.secondary}>
          {time.format(first * 1000)}
        </text>
        <text
          x={WIDTH - PAD.right}
          y={HEIGHT - 4}
          fontSize={9}
          textAnchor="end"
          fill={theme.palette.text.secondary}
        >
          {time.format(last * 1000)}
        </text>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('performance.last', { value: unit(lastValue) })}
      </Typography>
    </Box>
  );
}
