import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { PaymentsHistory } from './history/PaymentsHistory';
import { useClearSavedConfigurationOnLeave } from './saved-configuration';
import { OrderSummarySlot } from './top-up/OrderSummarySlot';
import { TopUpSection } from './top-up/TopUpSection';

/** Top up credit through a gateway, and the customer's past payments with their receipts. */
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
        <OrderSummarySlot />
        <TopUpSection />
        <PaymentsHistory />
      </Box>
    </Box>
  );
}
