import { Box, Button, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The end of an infinitely loading list: coming into view loads the next page; the button does the
 * same for keyboards, screen readers and browsers without IntersectionObserver.
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  fetchNextPage,
}: LoadMoreProps) {
  const { t } = useTranslation('billing');
  const sentinel = useRef<HTMLDivElement>(null);
  const loadAutomatically = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !loadAutomatically || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadAutomatically, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <Box
      ref={sentinel}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mt: 2 }}
    >
      {isFetchNextPageError && (
        <Typography role="alert" color="error" variant="body2">
          {t('list.loadMoreError')}
        </Typography>
      )}
      <Button variant="outlined" onClick={() => fetchNextPage()} loading={isFetchingNextPage}>
        {isFetchNextPageError ? t('common:actions.retry') : t('common:actions.loadMore')}
      </Button>
    </Box>
  );
}
