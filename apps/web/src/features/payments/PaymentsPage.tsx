import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { CreditCard } from '../billing/CreditCard';
import { PaymentsHistory } from './history/PaymentsHistory';
import { useClearSavedConfigurationOnLeave } from './saved-configuration';
import { TopUpSection } from './top-up/TopUpSection';
import { WaitingOrderSummary } from './top-up/WaitingOrderSummary';

/**
 * The balance, the order waiting for credit when the customer came to pay for one, the top-up through
 * a gateway, and the customer's past payments with their receipts.
 */
export function PaymentsPage() {
  const { t } = useTranslation('payments');
  useClearSavedConfigurationOnLeave();
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('page.title')}
        breadcrumbs={[{ label: t('page.billing') }, { label: t('page.title') }]}
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <CreditCard addCredit={false} />
        <WaitingOrderSummary />
        <TopUpSection />
        <PaymentsHistory />
      </Box>
    </Box>
  );
}
