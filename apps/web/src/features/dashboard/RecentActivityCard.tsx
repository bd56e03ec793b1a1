import { Card, CardActions, CardContent, Typography } from '@mui/material';
import { DASHBOARD_LOG_ITEMS } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { ActivityEntries } from '../account/activity/ActivityEntries';
import { ActivityEmpty, ActivityError, ActivitySkeleton } from '../account/activity/ActivityStates';
import { visibleEntries } from '../account/activity/activity-paging';
import { LOG_PAGE_SIZE, useRecentActivityQuery } from '../account/queries';

/** The newest entries of the activity log, with the way to the full log. */
export function RecentActivityCard() {
  const { t } = useTranslation('account');
  // A page's worth is fetched so that hidden entries do not leave the card short.
  const recent = useRecentActivityQuery(LOG_PAGE_SIZE);
  const entries = visibleEntries(recent.data ?? []).slice(0, DASHBOARD_LOG_ITEMS);
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-activity-title">
      <CardContent>
        <Typography id="dashboard-activity-title" variant="h3" component="h2" gutterBottom>
          {t('dashboard.activityTitle')}
        </Typography>
        {recent.isPending ? (
          <ActivitySkeleton rows={DASHBOARD_LOG_ITEMS} />
        ) : recent.isError ? (
          <ActivityError onRetry={() => recent.refetch()} />
        ) : entries.length === 0 ? (
          <ActivityEmpty />
        ) : (
          <ActivityEntries entries={entries} label={t('dashboard.activityTitle')} />
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <ButtonLink to="/account/$tab" params={{ tab: 'log' }} size="small">
          {t('dashboard.viewFullLog')}
        </ButtonLink>
      </CardActions>
    </Card>
  );
}
