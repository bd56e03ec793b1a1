import { Alert, AlertTitle, Box, Button, Chip, Dialog, Skeleton, Stack, Typography } from '@mui/material';
import type { AutoRechargeInfo } from '@nimbus/contract';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGatewaysQuery } from '../../api/catalogue';
import { DetailList } from '../../components/DetailList';
import { ButtonLink } from '../../components/links';
import { SectionCard } from '../../components/SectionCard';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { useToast } from '../../components/toast/ToastProvider';
import { useMoney } from '../../lib/money';
import { lazyNamed } from '../shell/chunk-error';
import { cardGatewaysOf, currentGatewayState } from './activation';
import { useAutoRechargeInfo } from './queries';

/*
 * The activation dialog's form (its schemas and card fields) comes when it is first opened: the card
 * sits on the dashboard, where most visits never open it.
 */
const AutoRechargeModal = lazyNamed(() => import('./AutoRechargeModal'), 'AutoRechargeModal');

/**
 * Auto-recharge at a glance (dashboard and the auto-recharge page): an invitation to turn it on, its
 * settings when it runs, or why the last automatic payment failed.
 */
export function AutoRechargeCard({ showManageLink = true }: { showManageLink?: boolean }) {
  const { t } = useTranslation('payments');
  const toast = useToast();
  const { info, billingId, isPending, isError, refetch } = useAutoRechargeInfo();
  const gateways = useGatewaysQuery();
  const [modalOpen, setModalOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps its transition.
  const [modalWanted, setModalWanted] = useState(false);

  // Platform.md §8: a failed fetch is also said in a toast, once per failure.
  const toasted = useRef(false);
  useEffect(() => {
    if (isError && !toasted.current) toast.error(t('autoRecharge.toasts.loadFailed'));
    toasted.current = isError;
  }, [isError, toast, t]);

  const cardGateways = cardGatewaysOf(gateways.data ?? []);
  const canOpen = info !== undefined && billingId !== undefined && cardGateways.length > 0;
  const openModal = () => {
    setModalWanted(true);
    setModalOpen(true);
  };
  return (
    <SectionCard
      title={t('autoRecharge.title')}
      actions={
        showManageLink && info?.isActive ? (
          <ButtonLink to="/auto-recharge" size="small">
            {t('autoRecharge.manage')}
          </ButtonLink>
        ) : undefined
      }
    >
      {isError ? (
        <ErrorState onRetry={refetch} message={t('autoRecharge.loadError')} />
      ) : isPending || !info ? (
        <Stack spacing={1} role="status" aria-busy="true" aria-label={t('common:states.loading')}>
          <Skeleton variant="text" width="70%" />
          <Skeleton variant="rounded" height={36} width={140} />
        </Stack>
      ) : info.isActive ? (
        <ActiveState info={info} onChange={canOpen ? openModal : undefined} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
          <Typography color="text.secondary">{t('autoRecharge.prompt')}</Typography>
          <Button variant="contained" onClick={openModal} disabled={!canOpen}>
            {t('autoRecharge.enableNow')}
          </Button>
        </Box>
      )}
      {info && billingId !== undefined && modalWanted && (
        <Suspense
          fallback={
            <Dialog open aria-label={t('autoRecharge.title')}>
              <LoadingState minHeight={160} />
            </Dialog>
          }
        >
          <AutoRechargeModal
            open={modalOpen}
            onClose={() => setModalOpen(false)}
            info={info}
            billingId={billingId}
            gateways={cardGateways}
          />
        </Suspense>
      )}
    </SectionCard>
  );
}

function ActiveState({ info, onChange }: { info: AutoRechargeInfo; onChange?: () => void }) {
  const { t } = useTranslation('payments');
  const format = useMoney();
  const gateway = currentGatewayState(info);
  const healthy = gateway?.status === 'ACTIVE';
  const money = (amount: string | null) => (amount === null ? '—' : format.money(amount));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {healthy ? (
        <Chip color="success" label={t('autoRecharge.active')} sx={{ justifySelf: 'start' }} />
      ) : (
        <Typography color="error" sx={{ fontWeight: 600 }}>
          {t(`autoRecharge.gatewayStatus.${gateway?.status ?? 'NO_CARD'}`)}
        </Typography>
      )}
      {!healthy && (
        <Alert severity="error">
          <AlertTitle>{t('autoRecharge.paymentFailed.title')}</AlertTitle>
          {t('autoRecharge.paymentFailed.text')}
          {gateway?.metadata.lastFailure && (
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              {t('autoRecharge.paymentFailed.reason', { reason: gateway.metadata.lastFailure.reason })}
            </Box>
          )}
        </Alert>
      )}
      <DetailList
        items={[
          { label: t('autoRecharge.amount'), value: money(info.amount) },
          { label: t('autoRecharge.threshold'), value: money(info.minimumCreditThreshold) },
        ]}
      />
      {onChange && (
        <Box>
          <Button variant="outlined" onClick={onChange}>
            {t('autoRecharge.change')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
