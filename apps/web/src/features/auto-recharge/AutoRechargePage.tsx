import { Box, Button } from '@mui/material';
import type { AutoRechargeInfo } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGatewaysQuery } from '../../api/catalogue';
import { DetailList } from '../../components/DetailList';
import { PageHeader } from '../../components/PageHeader';
import { SectionCard } from '../../components/SectionCard';
import { useFormatDate } from '../../lib/dates';
import { useGatewayName } from '../payments/history/payment-display';
import { AutoRechargeCard } from './AutoRechargeCard';
import { currentGatewayState } from './activation';
import { CardLabel, CardSelector } from './CardSelector';
import { DeactivateAutoRechargeDialog } from './DeactivateAutoRechargeDialog';
import { useAutoRechargeInfo } from './queries';

/** Billing > Auto recharge: the state, the gateway and card it charges, the saved cards, and turning it off. */
export function AutoRechargePage() {
  const { t } = useTranslation('payments');
  const { info, billingId } = useAutoRechargeInfo();
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('autoRecharge.pageTitle')}
        breadcrumbs={[{ label: t('page.billing') }, { label: t('autoRecharge.pageTitle') }]}
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <AutoRechargeCard showManageLink={false} />
        {info?.isActive && billingId !== undefined && <ActiveSettings info={info} billingId={billingId} />}
      </Box>
    </Box>
  );
}

function ActiveSettings({ info, billingId }: { info: AutoRechargeInfo; billingId: number }) {
  const { t } = useTranslation('payments');
  const formatDate = useFormatDate();
  const gateways = useGatewaysQuery();
  const gatewayName = useGatewayName();
  const [deactivating, setDeactivating] = useState(false);
  const state = currentGatewayState(info);
  const gateway = gateways.data?.find((g) => g.id === info.gatewayId);
  const card = state?.metadata.defaultCard;
  return (
    <>
      <SectionCard
        title={t('autoRecharge.settings.title')}
        intro={t('autoRecharge.settings.intro')}
        actions={
          <Button color="error" variant="outlined" onClick={() => setDeactivating(true)}>
            {t('autoRecharge.deactivate.button')}
          </Button>
        }
      >
        <DetailList
          items={[
            { label: t('autoRecharge.settings.gateway'), value: gateway ? gatewayName(gateway.name) : '—' },
            {
              label: t('autoRecharge.settings.status'),
              value: t(`autoRecharge.gatewayStatus.${state?.status ?? 'NO_CARD'}`),
            },
            {
              label: t('autoRecharge.settings.card'),
              value: card ? (
                <CardLabel card={{ ...card, expMonth: null }} />
              ) : (
                t('autoRecharge.settings.noCard')
              ),
            },
            { label: t('autoRecharge.settings.since'), value: state ? formatDate(state.createdAt) : '—' },
          ]}
        />
      </SectionCard>
      {info.gatewayId !== null && (
        <SectionCard title={t('cards.title')} intro={t('cards.intro')}>
          <CardSelector gatewayId={info.gatewayId} billingId={billingId} />
        </SectionCard>
      )}
      <DeactivateAutoRechargeDialog
        open={deactivating}
        onClose={() => setDeactivating(false)}
        billingId={billingId}
      />
    </>
  );
}
