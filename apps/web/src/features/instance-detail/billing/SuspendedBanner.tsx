import { Alert, AlertTitle, Button } from '@mui/material';
import type { Instance, InsufficientBalance } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  InsufficientBalanceDialog,
  insufficientBalanceOf,
} from '../../../components/InsufficientBalanceDialog';
import { useToast } from '../../../components/toast/ToastProvider';
import { serverDetail } from '../action-errors';
import { useRenewMutation } from '../queries';

/**
 * A subscription suspended for a failed renewal: days left before termination and Renew now, which
 * charges the renewal (a short balance opens the balance dialog) and unsuspends the instance.
 */
export function SuspendedBanner({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceDetail');
  const toast = useToast();
  const renew = useRenewMutation(instance.id);
  const [balance, setBalance] = useState<InsufficientBalance | null>(null);
  const days = instance.billingDetail?.daysUntilTermination ?? 0;

  const renewNow = () =>
    renew.mutate(undefined, {
      onSuccess: () => toast.success(t('renew.success', { hostname: instance.hostname })),
      onError: (error) => {
        const short = insufficientBalanceOf(error);
        if (short) setBalance(short);
        else toast.error(serverDetail(error, t('common:errors.tryAgain')));
      },
    });

  return (
    <>
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            onClick={renewNow}
            loading={renew.isPending}
          >
            {t('renew.button')}
          </Button>
        }
        sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { paddingInlineStart: 1 } }}
      >
        <AlertTitle>{t('renew.title')}</AlertTitle>
        {t('renew.message', { count: days })}
      </Alert>
      <InsufficientBalanceDialog balance={balance} onClose={() => setBalance(null)} />
    </>
  );
}
