import { FormControlLabel, Switch } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionCard } from '../../../components/SectionCard';
import { useToast } from '../../../components/toast/ToastProvider';
import { useAutoRenewMutation } from '../queries';

/**
 * Subscription auto-renew: turning it off asks first (the service ends after the current cycle),
 * turning it on is immediate. Both tell the outcome with the hostname.
 */
export function AutoRenewCard({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceTabs');
  const toast = useToast();
  const mutation = useAutoRenewMutation(instance.id);
  const [confirmOff, setConfirmOff] = useState(false);
  const enabled = instance.isSubscriptionAutoRenewEnabled;
  const hostname = instance.hostname;

  const set = (autoRenew: boolean) =>
    runMutation(mutation, autoRenew, {
      onSuccess: () => {
        setConfirmOff(false);
        toast.success(t(autoRenew ? 'autoRenew.onSuccess' : 'autoRenew.offSuccess', { hostname }));
      },
      onError: () => {
        setConfirmOff(false);
        toast.error(t(autoRenew ? 'autoRenew.onFailed' : 'autoRenew.offFailed', { hostname }));
      },
    });

  return (
    <SectionCard title={t('autoRenew.title')} intro={t('autoRenew.intro')}>
      <FormControlLabel
        control={
          <Switch
            checked={enabled}
            disabled={mutation.isPending}
            onChange={(_e, checked) => (checked ? set(true) : setConfirmOff(true))}
          />
        }
        label={t('autoRenew.label')}
      />
      <ConfirmDialog
        open={confirmOff}
        title={t('autoRenew.confirmTitle')}
        message={t('autoRenew.confirmMessage', { hostname })}
        confirmLabel={t('autoRenew.confirmOff')}
        destructive
        loading={mutation.isPending}
        onConfirm={() => set(false)}
        onClose={() => setConfirmOff(false)}
      />
    </SectionCard>
  );
}
