import { Box, Button } from '@mui/material';
import type { ActivityLogEntry } from '@nimbus/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityEntries } from './ActivityEntries';
import { ActivitySkeleton } from './ActivityStates';
import { shouldOfferLoadMore, visibleEntries } from './activity-paging';

type LogQuery = Pick<
  UseInfiniteQueryResult<InfiniteData<ActivityLogEntry[]>>,
  | 'data'
  | 'isPending'
  | 'isError'
  | 'refetch'
  | 'hasNextPage'
  | 'isFetchingNextPage'
  | 'isFetchNextPageError'
  | 'fetchNextPage'
>;

interface ActivityLogListingProps {
  /** The log paged by timestamp: the customer's (account) or one instance's (instance detail). */
  log: LogQuery;
  /** Accessible name of the table or list. */
  label: string;
  empty: ReactNode;
  /** What a failed load shows, with the way to try it again. */
  failure: (retry: () => void) => ReactNode;
}

/**
 * A log newest first, without the entries kept from the customer, with its loading, empty and error
 * states; Load more (by timestamp) once more than 18 entries have arrived (spec §9).
 */
export function ActivityLogListing({ log, label, empty, failure }: ActivityLogListingProps) {
  const { t } = useTranslation();
  const loaded = log.data?.pages.flat() ?? [];
  const entries = visibleEntries(loaded);
  if (log.isPending) return <ActivitySkeleton rows={8} />;
  if (log.isError && entries.length === 0) return failure(() => log.refetch());
  if (entries.length === 0) return empty;
  return (
    <>
      <ActivityEntries entries={entries} label={label} />
      {log.isFetchNextPageError && <Box sx={{ mt: 2 }}>{failure(() => log.fetchNextPage())}</Box>}
      {shouldOfferLoadMore(loaded.length, log.hasNextPage) && !log.isFetchNextPageError && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={() => log.fetchNextPage()} loading={log.isFetchingNextPage}>
            {t('actions.loadMore')}
          </Button>
        </Box>
      )}
    </>
  );
}
