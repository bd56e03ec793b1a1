import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { ListStatus, type ListTexts } from './ListStatus';
import { LoadMore } from './LoadMore';
import type { ListQueryState } from './PagedTable';

interface CardListProps {
  label: string;
  texts: ListTexts;
  query: ListQueryState & {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => unknown;
  };
  isEmpty: boolean;
  filtered: boolean;
  onClearFilters: () => void;
  /** One `<li>` per entry. */
  children: ReactNode;
}

/** A billing list on small screens: its states, cards, and the next page loading at the end. */
export function CardList({
  label,
  texts,
  query,
  isEmpty,
  filtered,
  onClearFilters,
  children,
}: CardListProps) {
  return (
    <ListStatus
      texts={texts}
      isPending={query.isPending}
      isError={query.isError}
      isEmpty={isEmpty}
      filtered={filtered}
      onRetry={() => query.refetch()}
      onClearFilters={onClearFilters}
    >
      <Box
        component="ul"
        aria-label={label}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {children}
      </Box>
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        isFetchNextPageError={query.isFetchNextPageError}
        fetchNextPage={query.fetchNextPage}
      />
    </ListStatus>
  );
}
