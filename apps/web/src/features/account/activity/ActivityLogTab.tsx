import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { useActivityLogInfiniteQuery } from '../queries';
import { ActivityEntries } from './ActivityEntries';
import { ActivityEmpty, ActivityError, ActivitySkeleton } from './ActivityStates';
import { shouldOfferLoadMore, visibleEntries } from './activity-paging';

/** The customer's full activity log, newest first, paged by timestamp. */
export function ActivityLogTab() {
  const { t } = useTranslation('account');
  const log = useActivityLogInfiniteQuery();
  const loaded = log.data?.pages.flat() ?? [];
  const entries = visibleEntries(loaded);
  return (
    <SectionCard title={t('activity.title')} intro={t('activity.intro')}>
      {log.isPending ? (
        <ActivitySkeleton rows={8} />
      ) : log.isError && entries.length === 0 ? (
        <ActivityError onRetry={() => log.refetch()} />
      ) : entries.length === 0 ? (
        <ActivityEmpty />
      ) : (
        <>
          <ActivityEntries entries={entries} label={t('activity.title')} />
          {log.isFetchNextPageError && (
            <Box sx={{ mt: 2 }}>
              <ActivityError onRetry={() => log.fetchNextPage()} />
            </Box>
          )}
          {shouldOfferLoadMore(loaded.length, log.hasNextPage) && !log.isFetchNextPageError && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Button variant="outlined" onClick={() => log.fetchNextPage()} loading={log.isFetchingNextPage}>
                {t('common:actions.loadMore')}
              </Button>
            </Box>
          )}
        </>
      )}
    </SectionCard>
  );
}
