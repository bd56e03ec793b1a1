import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { useActivityLogInfiniteQuery } from '../queries';
import { ActivityLogListing } from './ActivityLogListing';
import { ActivityEmpty, ActivityError } from './ActivityStates';

/** The customer's full activity log, newest first, paged by timestamp. */
export function ActivityLogTab() {
  const { t } = useTranslation('account');
  const log = useActivityLogInfiniteQuery();
  return (
    <SectionCard title={t('activity.title')} intro={t('activity.intro')}>
      <ActivityLogListing
        log={log}
        label={t('activity.title')}
        empty={<ActivityEmpty />}
        failure={(retry) => <ActivityError onRetry={retry} />}
      />
    </SectionCard>
  );
}
