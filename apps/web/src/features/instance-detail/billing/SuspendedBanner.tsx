import { Alert, AlertTitle, Button } from '@mui/material';
import type { Instance, InsufficientBalance } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import {
  InsufficientBalanceDialog,
  insufficientBalanceOf,
} from '../../../components/InsufficientBalanceDialog';
import { ButtonLink } from '../../../components/links';
import { useToast } from '../../../components/toast/ToastProvider';
import { useFormatDate } from '../../../lib/dates';
import { serverDetail } from '../action-errors';
import { useRenewMutation } from '../queries';

/**
 * A suspended instance counts down to termination. A subscription suspended for a failed renewal shows
 * the days left and Renew now, which charges the renewal (a short balance opens the balance dialog) and
 * unsuspends the instance; an hourly one, suspended by negative credit, shows the date and the way to
 * add credit (credit back at zero or above resumes it at once).
 */
export function SuspendedBanner({ instance }: { instance: Instance }) {
  if (instance.billingCycle === 'hourly') return <HourlySuspendedBanner instance={instance} />;
  return <RenewalSuspendedBanner instance={instance} />;
}

function HourlySuspendedBanner({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceTabs');
  const formatDate = useFormatDate();
  const terminatesAt = instance.billingDetail?.terminatesAt;
  return (
    <Alert
      severity="error"
      action={
        <ButtonLink to="/payments" color="inherit" variant="outlined" size="small">
          {t('common:insufficientBalance.addCredit')}
        </ButtonLink>
      }
      sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { paddingInlineStart: 1 } }}
    >
      <AlertTitle>{t('renew.title')}</AlertTitle>
      {t('renew.hourlyMessage', { date: terminatesAt ? formatDate(terminatesAt, 'dateTime') : '' })}
    </Alert>
  );
}

function RenewalSuspendedBanner({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceTabs');
  const toast = useToast();
  const renew = useRenewMutation(instance.id);
  const [balance, setBalance] = useState<InsufficientBalance | null>(null);
  const days = instance.billingDetail?.daysUntilTermination ?? 0;

  const renewNow = () =>
    runMutation(renew, undefined, {
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
