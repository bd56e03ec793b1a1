import RocketIcon from '@mui/icons-material/RocketLaunchOutlined';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { useRouteMeta } from '../shell/useRouteMeta';

/**
 * Every route of an area that a later release delivers shows this: the route exists and is guarded, and
 * the customer is told plainly that the area is coming, rather than meeting a 404 or an empty page.
 * Tabs of a later release (e.g. an instance's snapshots) show it too, passing their own `area` name and
 * their own `action`: inside a page, the way back is to that page, not to the dashboard.
 */
export function UnavailablePage({ area: areaName, action }: { area?: string; action?: ReactNode } = {}) {
  const { t } = useTranslation('shell');
  const { title } = useRouteMeta();
  // A tab of a page that is partly delivered names itself; a whole route is named by its title.
  const area = areaName ?? (title ? t(title) : t('unavailable.thisArea'));
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, px: 2, maxWidth: 560, mx: 'auto' }}>
      <Box
        aria-hidden
        sx={{
          width: 88,
          height: 88,
          mx: 'auto',
          mb: 3,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
      >
        <RocketIcon sx={{ fontSize: 44 }} />
      </Box>
      <Typography variant="h1" component={areaName ? 'h2' : 'h1'} sx={{ mb: 1.5 }}>
        {area}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, fontSize: '1.05rem' }}>
        {t('unavailable.message', { area })}
      </Typography>
      {action ?? (
        <ButtonLink to="/dashboard" variant="contained">
          {t('unavailable.backToDashboard')}
        </ButtonLink>
      )}
    </Box>
  );
}
