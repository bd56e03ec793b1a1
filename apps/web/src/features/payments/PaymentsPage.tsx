import { Box, Skeleton } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { CreditCard } from '../billing/CreditCard';
import { lazyNamed } from '../shell/chunk-error';
import { PaymentsHistory } from './history/PaymentsHistory';
import { hasSavedConfigurationOrder, useClearSavedConfigurationOnLeave } from './saved-configuration';
import { TopUpSection } from './top-up/TopUpSection';

/*
 * The waiting order's summary brings the creation screen's order model and summary; only a customer sent
 * here to pay for an order sees it, so its code comes only then.
 */
const WaitingOrderSummary = lazyNamed(() => import('./top-up/WaitingOrderSummary'), 'WaitingOrderSummary');

/**
 * The balance, the order waiting for credit when the customer came to pay for one, the top-up through
 * a gateway, and the customer's past payments with their receipts.
 */
export function PaymentsPage() {
  const { t } = useTranslation('payments');
  useClearSavedConfigurationOnLeave();
  const [orderWaiting] = useState(hasSavedConfigurationOrder);
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('page.title')}
        breadcrumbs={[{ label: t('page.billing') }, { label: t('page.title') }]}
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <CreditCard addCredit={false} />
        {orderWaiting && (
          <Suspense fallback={<Skeleton variant="rounded" height={180} />}>
            <WaitingOrderSummary />
          </Suspense>
        )}
        <TopUpSection />
        <PaymentsHistory />
      </Box>
    </Box>
  );
}
