import { Alert, Box, Button, Chip, Typography } from '@mui/material';
import type { AppConfig, Instance } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import {
  InsufficientBalanceDialog,
  insufficientBalanceOf,
} from '../../../components/InsufficientBalanceDialog';
import { ButtonLink } from '../../../components/links';
import { SectionCard } from '../../../components/SectionCard';
import { useToast } from '../../../components/toast/ToastProvider';
import { useMoney } from '../../../lib/money';
import { regionsQuery } from '../../instance-creation/queries';
import { serverDetail } from '../action-errors';
import { isChanging } from '../instance-rules';
import { useEnableDdosMutation } from './queries';

/** Why protection cannot be enabled now, as a key under `network.ddos.blocked`, or null (instances.md §6). */
function ddosBlocked(instance: Instance, regionSupports: boolean | undefined): string | null {
  if (regionSupports === false) return 'region';
  if (instance.mainIp === null) return 'noIp';
  if (instance.status === 'rescue') return 'rescue';
  if (isChanging(instance)) return 'changing';
  return null;
}

/**
 * DDoS protection of the main IPv4: on, or enabled here after a confirmation that says it moves the
 * instance to a new address and cannot be undone (disabling is through a support ticket).
 */
export function DdosCard({ instance, appConfig }: { instance: Instance; appConfig: AppConfig | undefined }) {
  const { t } = useTranslation(['instanceTabs', 'instanceDetail']);
  const toast = useToast();
  const { money } = useMoney();
  const regions = useQuery(regionsQuery);
  const enable = useEnableDdosMutation(instance.id);
  const [confirm, setConfirm] = useState(false);
  const [short, setShort] = useState<ReturnType<typeof insufficientBalanceOf>>(null);
  const region = regions.data?.find((r) => r.id === instance.region.id);
  const supports = region ? region.config.supportDdosIpv4 && region.ddosActiveness : undefined;
  const blocked = ddosBlocked(instance, supports);
  const price = money(appConfig?.ddosIpv4MonthlyPrice ?? '0');

  const run = () => {
    if (instance.isSuspended) return toast.warning(t('instanceDetail:suspended.access'));
    runMutation(enable, undefined, {
      onSuccess: (fresh) => {
        setConfirm(false);
        toast.success(t('network.ddos.enabled', { ip: fresh.mainIp ?? '' }));
      },
      onError: (error) => {
        setConfirm(false);
        const balance = insufficientBalanceOf(error);
        if (balance) return setShort(balance);
        toast.error(serverDetail(error, t('network.ddos.failed')));
      },
    });
  };

  return (
    <SectionCard title={t('network.ddos.title')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Chip
          size="small"
          color={instance.isDdosProtected ? 'success' : 'default'}
          label={t(instance.isDdosProtected ? 'network.ddos.on' : 'network.ddos.off')}
        />
      </Box>
      {instance.isDdosProtected ? (
        <Alert
          severity="info"
          action={
            <ButtonLink to="/support/new-ticket" size="small" color="inherit">
              {t('network.ddos.openTicket')}
            </ButtonLink>
          }
        >
          {t('network.ddos.disableViaSupport')}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('network.ddos.intro', { price })}
          </Typography>
          {blocked && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {t(`network.ddos.blocked.${blocked}`)}
            </Alert>
          )}
          <Button
            variant="contained"
            disabled={blocked !== null || instance.isSuspended}
            onClick={() => setConfirm(true)}
          >
            {t('network.ddos.enable')}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirm}
        title={t('network.ddos.confirmTitle')}
        message={t('network.ddos.confirm', { price })}
        confirmLabel={t('network.ddos.enable')}
        destructive
        loading={enable.isPending}
        onConfirm={run}
        onClose={() => setConfirm(false)}
      />
      <InsufficientBalanceDialog balance={short} onClose={() => setShort(null)} />
    </SectionCard>
  );
}
