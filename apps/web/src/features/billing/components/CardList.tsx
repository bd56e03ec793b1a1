import { Box, Card, CardContent } from '@mui/material';
import type { LinkOptions, RegisteredRouter, ValidateLinkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ListStatus, type ListTexts } from './ListStatus';
import { LoadMore } from './LoadMore';
import { CardActionAreaLink } from './links';
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
  emptyAction?: ReactNode;
  /** One `LinkCard` per entry. */
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
  emptyAction,
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
      emptyAction={emptyAction}
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

/** One entry of a CardList: an outlined card that opens the entry (`link`: where to, type-checked). */
export function LinkCard<TOptions>(props: {
  link: ValidateLinkOptions<RegisteredRouter, TOptions>;
  children: ReactNode;
}): ReactNode;
export function LinkCard({ link, children }: { link: LinkOptions; children: ReactNode }) {
  return (
    <li>
      <Card variant="outlined">
        <CardActionAreaLink {...link}>
          <CardContent sx={{ display: 'grid', gap: 0.75 }}>{children}</CardContent>
        </CardActionAreaLink>
      </Card>
    </li>
  );
}
