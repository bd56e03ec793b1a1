import { Box, Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { instanceStatsQuery, preordersQuery } from '../queries';

/**
 * How many services there are and in which state; nothing while loading or when it failed. The instance
 * counts leave GPU preorders out while the list shows them: a chip of their own makes the figures add
 * up to the rows.
 */
export function InstanceStatsLine() {
  const { t } = useTranslation('instances');
  const stats = useQuery(instanceStatsQuery());
  const preorders = useQuery(preordersQuery());
  if (!stats.data) return null;
  const { instanceCount, poweredOnInstanceCount, shutdownInstanceCount, suspendedInstanceCount } = stats.data;
  const preorderCount = preorders.data?.length ?? 0;
  const chips = [
    t('stats.total', { count: instanceCount }),
    t('stats.on', { count: poweredOnInstanceCount }),
    t('stats.off', { count: shutdownInstanceCount }),
    t('stats.suspended', { count: suspendedInstanceCount }),
    ...(preorderCount > 0 ? [t('stats.preorders', { count: preorderCount })] : []),
  ];
  return (
    <Box
      component="ul"
      aria-label={t('stats.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 2 }}
    >
      {chips.map((label) => (
        <li key={label}>
          <Chip size="small" variant="outlined" label={label} />
        </li>
      ))}
    </Box>
  );
}
