import LinkOffIcon from '@mui/icons-material/LinkOff';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import { Box, Button, Divider, Typography } from '@mui/material';
import { billingErrorCodes, type InvoiceDetails } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { brandingQuery } from '../../../api/branding';
import { ApiError } from '../../../api/client';
import { DetailList } from '../../../components/DetailList';
import { ButtonLink } from '../../../components/links';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { useFormatPeriod } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { InvoiceStatusChip } from '../components/StatusChips';
import { invoicePrintQuery } from '../queries';
import { InvoiceItems } from './InvoiceItems';

const route = getRouteApi('/invoices/print');
const screenOnly = { '@media print': { display: 'none' } } as const;

/** /invoices/print?token=: the invoice on paper, opened from the invoice page without signing in. */
export function InvoicePrintPage() {
  const { token }: { token?: string } = route.useSearch();
  return token ? <PrintableInvoice token={token} /> : <InvalidLink />;
}

function PrintableInvoice({ token }: { token: string }) {
  const { t } = useTranslation('billing');
  const invoice = useQuery(invoicePrintQuery(token));
  if (invoice.isPending) return <LoadingState label={t('invoice.loading')} minHeight="50vh" />;
  if (invoice.isError) {
    const error = invoice.error;
    const badToken =
      error instanceof ApiError &&
      (error.code === billingErrorCodes.invalidPrintToken || error.status === 400 || error.status === 404);
    if (badToken) return <InvalidLink />;
    return (
      <>
        <Typography variant="h1" sx={{ textAlign: 'center', mt: 4 }}>
          {t('print.title')}
        </Typography>
        <ErrorState onRetry={() => invoice.refetch()} message={t('invoice.error')} />
      </>
    );
  }
  return <Printable invoice={invoice.data} />;
}

function Printable({ invoice }: { invoice: InvoiceDetails }) {
  const { t } = useTranslation('billing');
  const { data: branding } = useQuery(brandingQuery);
  const formatPeriod = useFormatPeriod();
  const { money } = useMoney();
  const { customer } = invoice;
  const id = useId();
  return (
    <Box component="article" sx={{ maxWidth: 960, mx: 'auto', display: 'grid', gap: 3 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 2,
        }}
      >
        <Typography variant="h1">{t('invoice.title', { id: invoice.id })}</Typography>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} sx={screenOnly}>
          {t('print.print')}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box component="section" aria-labelledby={`${id}-from`}>
          <Typography id={`${id}-from`} variant="overline" component="h2" color="text.secondary">
            {t('print.from')}
          </Typography>
          {branding && (
            <>
              <Typography sx={{ fontWeight: 600 }}>{branding.name}</Typography>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{branding.supportEmail}</Typography>
            </>
          )}
        </Box>
        <Box component="section" aria-labelledby={`${id}-to`}>
          <Typography id={`${id}-to`} variant="overline" component="h2" color="text.secondary">
            {t('print.billedTo')}
          </Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{customer.fullname}</Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{customer.email}</Typography>
          {customer.country && <Typography>{customer.country}</Typography>}
        </Box>
      </Box>
      <DetailList
        items={[
          { label: t('print.number'), value: `#${invoice.id}` },
          { label: t('invoice.period'), value: formatPeriod(invoice.interval.start, invoice.interval.end) },
          { label: t('invoice.status'), value: <InvoiceStatusChip status={invoice.status} /> },
        ]}
      />
      <InvoiceItems items={invoice.items} print />
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'baseline', gap: 3 }}>
        <Typography sx={{ fontWeight: 600 }}>{t('invoice.total')}</Typography>
        <Typography sx={{ fontWeight: 700, fontSize: '1.35rem', fontVariantNumeric: 'tabular-nums' }}>
          {money(invoice.roundedAmount)}
        </Typography>
      </Box>
    </Box>
  );
}

/** A missing, altered or expired token: say so plainly, and point to where a fresh link comes from. */
function InvalidLink() {
  const { t } = useTranslation('billing');
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, maxWidth: 520, mx: 'auto' }}>
      <Box aria-hidden sx={{ color: 'text.disabled', '& svg': { fontSize: 56 } }}>
        <LinkOffIcon />
      </Box>
      <Typography variant="h1" sx={{ mt: 1, mb: 1 }}>
        {t('print.invalid')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('print.invalidHint')}
      </Typography>
      <ButtonLink to="/invoices" variant="contained">
        {t('print.toInvoices')}
      </ButtonLink>
    </Box>
  );
}
