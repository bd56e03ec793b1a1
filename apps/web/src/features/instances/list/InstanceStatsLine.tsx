import { Box, Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { instanceStatsQuery } from '../queries';

/** How many services there are and in which state; nothing while loading or when it failed. */
export function InstanceStatsLine() {
  const { t } = useTranslation('instances');
  const stats = useQuery(instanceStatsQuery());
  if (!stats.data) return null;
  const { instanceCount, poweredOnInstanceCount, shutdownInstanceCount, suspendedInstanceCount } = stats.data;
  return (
    <Box
      component="ul"
      aria-label={t('stats.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 2 }}
    >
      <li>
        <Chip size="small" variant="outlined" label={t('stats.total', { count: instanceCount })} />
      </li>
      <li>
        <Chip size="small" variant="outlined" label={t('stats.on', { count: poweredOnInstanceCount })} />
      </li>
      <li>
        <Chip size="small" variant="outlined" label={t('stats.off', { count: shutdownInstanceCount })} />
      </li>
      <li>
        <Chip
          size="small"
          variant="outlined"
          label={t('stats.suspended', { count: suspendedInstanceCount })}
        />
      </li>
    </Box>
  );
}
