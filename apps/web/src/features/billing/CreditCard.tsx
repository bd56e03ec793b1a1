import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Skeleton, Typography } from '@mui/material';
import { type BillingInfo, toMicros } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { SectionCard } from '../../components/SectionCard';
import { ErrorState } from '../../components/states/ErrorState';
import { useFormatDate } from '../../lib/dates';
import { useMoney } from '../../lib/money';
import { billingInfoQuery } from './queries';

/**
 * The customer's credit: balance, this month's spending, the hourly burn and when it empties the
 * balance, with the way to add credit (left out on the payments page, where the top-up follows). For
 * the dashboard, the transactions and the payments page.
 */
export function CreditCard({ addCredit = true }: { addCredit?: boolean }) {
  const { t } = useTranslation('billing');
  const info = useQuery(billingInfoQuery());
  return (
    <SectionCard
      title={t('credit.title')}
      actions={
        addCredit && (
          <ButtonLink to="/payments" variant="contained" startIcon={<AddIcon />}>
            {t('credit.addCredit')}
          </ButtonLink>
        )
      }
    >
      {info.isPending ? (
        <Box role="status" aria-busy="true" aria-label={t('credit.loading')}>
          <Skeleton variant="text" width={160} sx={{ fontSize: '2.25rem' }} />
          <Skeleton variant="text" width="60%" />
        </Box>
      ) : info.isError ? (
        <ErrorState onRetry={() => info.refetch()} message={t('credit.error')} />
      ) : (
        <CreditFigures info={info.data} />
      )}
    </SectionCard>
  );
}

function CreditFigures({ info }: { info: BillingInfo }) {
  const { t } = useTranslation('billing');
  const { money } = useMoney();
  const formatDate = useFormatDate();
  const balance = toMicros(info.balance);
  const burning = toMicros(info.usageRate) > 0;
  const runsOut =
    !info.isSuspendedByBilling &&
    info.suspendTimestamp &&
    new Date(info.suspendTimestamp).getTime() > Date.now()
      ? info.suspendTimestamp
      : null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography color="text.secondary" variant="body2">
          {t('credit.balance')}
        </Typography>
        <Typography
          component="p"
          sx={{
            fontSize: '2.25rem',
            fontWeight: 700,
            lineHeight: 1.2,
            fontVariantNumeric: 'tabular-nums',
            overflowWrap: 'anywhere',
            color: balance < 0 ? 'error.main' : 'text.primary',
          }}
        >
          {money(info.balance)}
        </Typography>
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 4,
          rowGap: 1,
          '& dd': { m: 0, fontWeight: 600 },
        }}
      >
        <Box>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('credit.spentThisMonth')}
          </Typography>
          <Box component="dd" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {money(info.spentThisMonth)}
          </Box>
        </Box>
        {burning && (
          <Box>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('credit.usageRate')}
            </Typography>
            <Box component="dd" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('credit.perHour', { amount: money(info.usageRate, 4) })}
            </Box>
          </Box>
        )}
      </Box>
      {runsOut && (
        <Typography variant="body2" color="text.secondary">
          {t('credit.runsOut', { date: formatDate(runsOut, 'dateTime') })}
        </Typography>
      )}
      {info.isSuspendedByBilling && <Alert severity="warning">{t('credit.suspended')}</Alert>}
    </Box>
  );
}
