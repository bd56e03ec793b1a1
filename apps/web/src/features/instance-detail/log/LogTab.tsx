import HistoryIcon from '@mui/icons-material/History';
import { Box, Button } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InfrastructureError } from '../../../components/InfrastructureError';
import { SectionCard } from '../../../components/SectionCard';
import { EmptyState } from '../../../components/states/EmptyState';
import { ActivityEntries } from '../../account/activity/ActivityEntries';
import { ActivitySkeleton } from '../../account/activity/ActivityStates';
import { shouldOfferLoadMore, visibleEntries } from '../../account/activity/activity-paging';
import { instanceLogQuery } from '../queries';

/**
 * The instance's service log, newest first, in the activity log's words: a table on wide screens and
 * compact entries on small ones; Load more (by timestamp) once more than 18 entries have arrived.
 * A server error shows the infrastructure error screen (spec §8).
 */
export function LogTab({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceDetail');
  const log = useInfiniteQuery(instanceLogQuery(instance.id));
  const loaded = log.data?.pages.flat() ?? [];
  const entries = visibleEntries(loaded);
  if (log.isError && entries.length === 0) return <InfrastructureError onRetry={() => log.refetch()} />;
  return (
    <SectionCard title={t('log.title')}>
      {log.isPending ? (
        <ActivitySkeleton rows={8} />
      ) : entries.length === 0 ? (
        <EmptyState icon={<HistoryIcon />} title={t('log.empty')} />
      ) : (
        <>
          <ActivityEntries entries={entries} label={t('log.title')} />
          {log.isFetchNextPageError && (
            <Box sx={{ mt: 2 }}>
              <InfrastructureError variant="panel" onRetry={() => log.fetchNextPage()} />
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
