import { Skeleton, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useGatewaysQuery } from '../../../api/catalogue';
import { SectionCard } from '../../../components/SectionCard';
import { ErrorState } from '../../../components/states/ErrorState';
import { billingInfoQuery } from '../../billing/queries';
import { hasSavedConfigurationOrder } from '../saved-configuration';
import { NoPaymentMethod } from './NoPaymentMethod';
import { TopUpForm } from './TopUpForm';
import { knownGateways } from './top-up-form';

/** The "add credit" card: waits for the gateways, whose default the form starts with. */
export function TopUpSection() {
  const { t } = useTranslation('payments');
  const gateways = useGatewaysQuery();
  const billingInfo = useQuery(billingInfoQuery());
  const usable = gateways.data ? knownGateways(gateways.data) : [];
  const noMethod = gateways.isSuccess && usable.length === 0;
  return (
    <SectionCard title={t('topUp.title')} intro={noMethod ? undefined : t('topUp.intro')}>
      {/* A waiting order's preset amount is what it lacks on the balance: the form waits for it. */}
      {gateways.isPending || (billingInfo.isPending && hasSavedConfigurationOrder()) ? (
        <Stack spacing={2} role="status" aria-busy="true" aria-label={t('common:states.loading')}>
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : gateways.isError ? (
        <ErrorState onRetry={() => gateways.refetch()} message={t('gateway.loadError')} />
      ) : noMethod ? (
        <NoPaymentMethod />
      ) : (
        <TopUpForm gateways={usable} billingInfo={billingInfo.data} />
      )}
    </SectionCard>
  );
}
