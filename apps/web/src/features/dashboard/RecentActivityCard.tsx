import { DASHBOARD_LOG_ITEMS } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { SectionCard } from '../../components/SectionCard';
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
    <SectionCard
      title={t('dashboard.activityTitle')}
      actions={
        <ButtonLink to="/account/$tab" params={{ tab: 'log' }} size="small">
          {t('dashboard.viewFullLog')}
        </ButtonLink>
      }
    >
      {recent.isPending ? (
        <ActivitySkeleton rows={DASHBOARD_LOG_ITEMS} />
      ) : recent.isError ? (
        <ActivityError onRetry={() => recent.refetch()} />
      ) : entries.length === 0 ? (
        <ActivityEmpty />
      ) : (
        <ActivityEntries entries={entries} label={t('dashboard.activityTitle')} />
      )}
    </SectionCard>
  );
}
