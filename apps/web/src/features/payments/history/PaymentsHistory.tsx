import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Box, Button, Pagination, useMediaQuery, useTheme } from '@mui/material';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { paymentsInfiniteQuery, paymentsPageQuery } from '../queries';
import { PaymentCards } from './PaymentCards';
import { PaymentsTable } from './PaymentsTable';

/** The customer's payments: a paged table on medium and larger screens, cards with "load more" below. */
export function PaymentsHistory() {
  const { t } = useTranslation('payments');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  return <SectionCard title={t('history.title')}>{wide ? <PagedPayments /> : <MorePayments />}</SectionCard>;
}

function PaymentsEmpty() {
  const { t } = useTranslation('payments');
  return (
    <EmptyState icon={<ReceiptLongIcon />} title={t('history.empty')} message={t('history.emptyHint')} />
  );
}

function PagedPayments() {
  const { t } = useTranslation('payments');
  const [page, setPage] = useState(1);
  const list = useQuery(paymentsPageQuery(page));
  if (list.isPending) return <LoadingState label={t('history.loading')} />;
  if (list.isError) return <ErrorState onRetry={() => list.refetch()} message={t('history.loadError')} />;
  if (list.data.payments.length === 0 && page === 1) return <PaymentsEmpty />;
  return (
    <>
      <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isPlaceholderData}>
        <PaymentsTable payments={list.data.payments} />
      </Box>
      {list.data.totalPages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination
            count={list.data.totalPages}
            page={page}
            onChange={(_e, next) => setPage(next)}
            getItemAriaLabel={(type, item, selected) =>
              type === 'page'
                ? t(selected ? 'history.pagination.current' : 'history.pagination.page', { page: item })
                : t(`history.pagination.${type}`)
            }
          />
        </Box>
      )}
    </>
  );
}

function MorePayments() {
  const { t } = useTranslation('payments');
  const list = useInfiniteQuery(paymentsInfiniteQuery());
  if (list.isPending) return <LoadingState label={t('history.loading')} />;
  const payments = list.data?.pages.flatMap((p) => p.payments) ?? [];
  if (list.isError && payments.length === 0) {
    return <ErrorState onRetry={() => list.refetch()} message={t('history.loadError')} />;
  }
  if (payments.length === 0) return <PaymentsEmpty />;
  return (
    <>
      <PaymentCards payments={payments} />
      {list.isFetchNextPageError && (
        <Box sx={{ mt: 2 }}>
          <ErrorState onRetry={() => list.fetchNextPage()} message={t('history.loadError')} />
        </Box>
      )}
      {list.hasNextPage && !list.isFetchNextPageError && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('common:actions.loadMore')}
          </Button>
        </Box>
      )}
    </>
  );
}
