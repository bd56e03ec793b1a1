import { Box, Card, CardContent, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListStatus, type ListViewProps } from '../components/ListStatus';
import { LoadMore } from '../components/LoadMore';
import { CardActionAreaLink } from '../components/links';
import { InvoiceStatusChip } from '../components/StatusChips';
import { money, useFormatPeriod } from '../format';
import { type InvoiceFilters, invoicePagesQuery } from '../queries';

/** Invoices on small screens: cards, the next page loading as the end of the list comes into view. */
export function InvoiceCards({ filters, filtered, texts, onClearFilters }: ListViewProps<InvoiceFilters>) {
  const { t } = useTranslation('billing');
  const formatPeriod = useFormatPeriod();
  const list = useInfiniteQuery(invoicePagesQuery(filters));
  const invoices = list.data?.pages.flatMap((page) => page.invoices) ?? [];

  return (
    <ListStatus
      texts={texts}
      isPending={list.isPending}
      isError={list.isError}
      isEmpty={invoices.length === 0}
      filtered={filtered}
      onRetry={() => list.refetch()}
      onClearFilters={onClearFilters}
    >
      <Box
        component="ul"
        aria-label={t('invoices.title')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {invoices.map((invoice) => (
          <li key={invoice.id}>
            <Card variant="outlined">
              <CardActionAreaLink to="/invoices/$id" params={{ id: String(invoice.id) }}>
                <CardContent sx={{ display: 'grid', gap: 0.75 }}>
                  <Box
                    sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}
                  >
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {t('invoices.number', { id: invoice.id })}
                    </Typography>
                    <InvoiceStatusChip status={invoice.status} />
                  </Box>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {formatPeriod(invoice.interval.start, invoice.interval.end)}
                    </Typography>
                    <Typography component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                      {money(invoice.roundedAmount)}
                    </Typography>
                  </Box>
                </CardContent>
              </CardActionAreaLink>
            </Card>
          </li>
        ))}
      </Box>
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        isFetchNextPageError={list.isFetchNextPageError}
        fetchNextPage={list.fetchNextPage}
      />
    </ListStatus>
  );
}
