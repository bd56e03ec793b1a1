import { Alert, Box, Skeleton, Typography } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../api/mutations';
import { ConfirmDialog, DEFAULT_DIALOG_WIDTH } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast/ToastProvider';
import { useMoney } from '../../lib/money';
import { subscriptionRefundQuery } from '../instances/queries';
import { offerSurvey } from '../surveys/pending-survey';
import { serverDetail } from './action-errors';
import { HostnameText } from './HostnameText';
import { useDeleteInstanceMutation } from './queries';

interface Props {
  instance: Instance;
  open: boolean;
  onClose: () => void;
}

/**
 * Deleting an instance, guarded the way providers guard it (Linode's type-to-confirm): the customer types
 * the hostname, having read what is lost for good and what of a subscription's unused days comes back.
 * Then back to the instance list, where the customer is asked why they deleted it (the survey waits in
 * pending-survey.ts for the list's layout to show it).
 */
export function DeleteInstanceDialog({ instance, open, onClose }: Props) {
  const { t } = useTranslation('instanceDetail');
  const toast = useToast();
  const navigate = useNavigate();
  const remove = useDeleteInstanceMutation(instance.id);

  const confirm = () =>
    runMutation(remove, undefined, {
      onSuccess: () => {
        toast.success(t('delete.success', { hostname: instance.hostname }));
        offerSurvey('delete-instance', String(instance.id));
        void navigate({ to: '/services/$tab', params: { tab: 'instanceList' } });
      },
      onError: (error) => toast.error(serverDetail(error, t('common:errors.tryAgain'))),
    });

  return (
    <ConfirmDialog
      open={open}
      title={<HostnameText i18nKey="delete.title" hostname={instance.hostname} />}
      message={t('delete.lost.intro')}
      confirmPhrase={instance.hostname}
      phraseLabel={<HostnameText i18nKey="delete.typeHostname" hostname={instance.hostname} bold />}
      confirmLabel={t('delete.confirm')}
      destructive
      loading={remove.isPending}
      width={DEFAULT_DIALOG_WIDTH * 1.4}
      onConfirm={confirm}
      onClose={onClose}
    >
      <LostList instance={instance} />
      <RefundPreview instance={instance} open={open} />
    </ConfirmDialog>
  );
}

/** What goes for good: the server, its disks with their data, its addresses. */
function LostList({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceDetail');
  const addresses = [instance.mainIp, instance.mainIpv6].filter((ip): ip is string => Boolean(ip));
  return (
    <Box component="ul" aria-label={t('delete.lost.label')} sx={{ my: 1.5, paddingInlineStart: 3 }}>
      <Typography component="li">{t('delete.lost.server')}</Typography>
      <Typography component="li">{t('delete.lost.disks')}</Typography>
      <Typography component="li" sx={{ overflowWrap: 'anywhere' }}>
        {addresses.length > 0 ? (
          <>
            {t('delete.lost.addressesOf')}{' '}
            {addresses.map((ip, i) => (
              <span key={ip}>
                {i > 0 && ', '}
                <bdi>{ip}</bdi>
              </span>
            ))}
          </>
        ) : (
          t('delete.lost.addresses')
        )}
      </Typography>
    </Box>
  );
}

/** The refund preview of the contract: a subscription's unused days; hourly billing gets nothing back. */
function RefundPreview({ instance, open }: { instance: Instance; open: boolean }) {
  const { t } = useTranslation('instanceDetail');
  const { money } = useMoney();
  const refund = useQuery({ ...subscriptionRefundQuery(instance.id), enabled: open });
  if (refund.isPending) return <Skeleton variant="text" aria-label={t('delete.refundLoading')} />;
  if (refund.isError) return <Alert severity="warning">{t('delete.refundUnknown')}</Alert>;
  if (refund.data.refundable)
    return (
      <Alert severity="info">
        {t('delete.refund', { amount: money(refund.data.refundAmount), count: refund.data.unusedDays })}
      </Alert>
    );
  return (
    <Alert severity="info">
      {refund.data.billingCycle === 'hourly' ? t('delete.noRefundHourly') : t('delete.noRefund')}
    </Alert>
  );
}
