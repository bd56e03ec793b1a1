import { Box, Typography, useTheme } from '@mui/material';
import type { NetworkReport } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';

const WIDTH = 640;
const HEIGHT = 180;
const PAD = { top: 12, right: 8, bottom: 22, left: 48 };

/**
 * The cycle's cumulative transfer, one bar per day, against the allowance (a dashed line); a summary for
 * assistive technology says the last day's figure and the allowance.
 */
export function UsageChart({ report }: { report: NetworkReport }) {
  const { t, i18n } = useTranslation('instanceTabs');
  const theme = useTheme();
  const allowed = report.allowed.plan + report.allowed.package;
  const used = report.days.at(-1)?.usage ?? 0;
  const max = Math.max(allowed, used, 1) * 1.1;
  const n = Math.max(1, report.days.length);
  const slot = (WIDTH - PAD.left - PAD.right) / n;
  const y = (v: number) => PAD.top + (1 - v / max) * (HEIGHT - PAD.top - PAD.bottom);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const summary = t('network.usage.chartSummary', {
    used: number.format(used),
    allowed: number.format(allowed),
  });
  const first = report.days[0];
  const last = report.days.at(-1);
  return (
    <Box>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        <text
          x={PAD.left - 6}
          y={y(max / 1.1) + 4}
          textAnchor="end"
          fontSize="11"
          fill={theme.palette.text.secondary}
        >
          {number.format(Math.round(max / 1.1))}
        </text>
        <text x={PAD.left - 6} y={y(0)} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
          0
        </text>
        {report.days.map((d, i) => (
          <rect
            key={d.date}
            x={PAD.left + i * slot + slot * 0.15}
            y={y(d.usage)}
            width={slot * 0.7}
            height={Math.max(0, y(0) - y(d.usage))}
            fill={d.usage > allowed ? theme.palette.error.main : theme.palette.primary.main}
            opacity={0.85}
          />
        ))}
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={y(allowed)}
          y2={y(allowed)}
          stroke={theme.palette.warning.main}
          strokeDasharray="6 4"
          strokeWidth={2}
        />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke={theme.palette.divider} />
        {first && (
          <text x={PAD.left} y={HEIGHT - 6} fontSize="11" fill={theme.palette.text.secondary}>
            {day.format(new Date(first.date))}
          </text>
        )}
        {last && report.days.length > 1 && (
          <text
            x={WIDTH - PAD.right}
            y={HEIGHT - 6}
            textAnchor="end"
            fontSize="11"
            fill={theme.palette.text.secondary}
          >
            {day.format(new Date(last.date))}
          </text>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('network.usage.legend')}
      </Typography>
    </Box>
  );
}
