import { Box, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormatPeriod } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { CardList, LinkCard } from '../components/CardList';
import type { ListViewProps } from '../components/ListStatus';
import { InvoiceStatusChip } from '../components/StatusChips';
import { type InvoiceFilters, invoicePagesQuery } from '../queries';

/** Invoices on small screens: cards, the next page loading as the end of the list comes into view. */
export function InvoiceCards({ filters, filtered, texts, onClearFilters }: ListViewProps<InvoiceFilters>) {
  const { t } = useTranslation('billing');
  const formatPeriod = useFormatPeriod();
  const { money } = useMoney();
  const list = useInfiniteQuery(invoicePagesQuery(filters));
  const invoices = list.data?.pages.flatMap((page) => page.invoices) ?? [];

  return (
    <CardList
      label={t('invoices.title')}
      texts={texts}
      query={list}
      isEmpty={invoices.length === 0}
      filtered={filtered}
      onClearFilters={onClearFilters}
    >
      {invoices.map((invoice) => (
        <LinkCard key={invoice.id} link={{ to: '/invoices/$id', params: { id: String(invoice.id) } }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
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
        </LinkCard>
      ))}
    </CardList>
  );
}
