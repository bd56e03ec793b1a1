import { Alert, Box, Button, Typography } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionCard } from '../../../components/SectionCard';
import { useToast } from '../../../components/toast/ToastProvider';
import { HostnameText } from '../HostnameText';
import { isChanging } from '../instance-rules';
import { useDisableRescueMutation } from '../queries';
import { EnableRescueForm } from './EnableRescueForm';

/**
 * /instances/{id}/rescuemode: boots the server into a rescue system with a root password the customer
 * sets (instances.md §4, §5), and back. Blocked while the instance is changing, and on a suspended
 * instance or account (spec §6), where the buttons say why instead of calling the API.
 */
export function RescueTab({ instance }: { instance: Instance }) {
  const { t } = useTranslation(['instanceTabs', 'instanceDetail']);
  return (
    <SectionCard title={t('rescue.title')} intro={t('rescue.intro')}>
      {instance.status === 'rescue' ? (
        <LeaveRescue instance={instance} />
      ) : (
        <EnableRescueForm instance={instance} />
      )}
    </SectionCard>
  );
}

/** In rescue: how to get in, and the way back (a reboot into the instance's own system, confirmed). */
function LeaveRescue({ instance }: { instance: Instance }) {
  const { t } = useTranslation(['instanceTabs', 'instanceDetail']);
  const toast = useToast();
  const disable = useDisableRescueMutation(instance.id);
  const [confirming, setConfirming] = useState(false);

  const ask = () => {
    if (instance.isSuspended) toast.warning(t('instanceDetail:suspended.access'));
    else setConfirming(true);
  };
  const run = () =>
    runMutation(disable, undefined, {
      onSuccess: () => toast.success(t('rescue.disabled', { hostname: instance.hostname })),
      onError: () => toast.error(t('rescue.disableFailed')),
      onSettled: () => setConfirming(false),
    });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="info">
        <Typography sx={{ fontWeight: 500 }}>{t('rescue.active')}</Typography>
        {t('rescue.howToConnect', { address: instance.mainIp ?? instance.mainIpv6 ?? '' })}
      </Alert>
      <Box>
        <Button variant="contained" onClick={ask} disabled={isChanging(instance)} loading={disable.isPending}>
          {t('rescue.disable')}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={<HostnameText i18nKey="instanceTabs:rescue.disableTitle" hostname={instance.hostname} />}
        message={t('rescue.disableMessage')}
        confirmLabel={t('rescue.disable')}
        loading={disable.isPending}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
