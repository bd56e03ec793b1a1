import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Skeleton,
} from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DIALOG_WIDTH } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast/ToastProvider';
import { money } from '../billing/format';
import { subscriptionRefundQuery } from '../instances/queries';
import { serverDetail } from './action-errors';
import { useDeleteInstanceMutation } from './queries';

interface Props {
  instance: Instance;
  open: boolean;
  onClose: () => void;
}

/**
 * Deleting an instance: what comes back of a subscription's unused days, and the acknowledgement that
 * all services are suspended when credit is low (spec §5). Then back to the instance list.
 */
export function DeleteInstanceDialog({ instance, open, onClose }: Props) {
  const { t } = useTranslation('instanceDetail');
  const toast = useToast();
  const navigate = useNavigate();
  const titleId = useId();
  const [acknowledged, setAcknowledged] = useState(false);
  const refund = useQuery({ ...subscriptionRefundQuery(instance.id), enabled: open });
  const remove = useDeleteInstanceMutation(instance.id);
  // Opened again, the dialog asks for the acknowledgement again.
  const close = () => {
    setAcknowledged(false);
    onClose();
  };

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('delete.success', { hostname: instance.hostname }));
        void navigate({ to: '/services/$tab', params: { tab: 'instanceList' } });
      },
      onError: (error) => toast.error(serverDetail(error, t('common:errors.tryAgain'))),
    });

  return (
    <Dialog
      open={open}
      onClose={remove.isPending ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: DEFAULT_DIALOG_WIDTH * 1.25 } } }}
    >
      <DialogTitle id={titleId}>{t('delete.title', { hostname: instance.hostname })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('delete.message')}</DialogContentText>
        {refund.isPending ? (
          <Skeleton variant="text" aria-label={t('delete.refundLoading')} />
        ) : refund.isError ? (
          <Alert severity="warning">{t('delete.refundUnknown')}</Alert>
        ) : refund.data.refundable ? (
          <Alert severity="info">
            {t('delete.refund', {
              amount: money(refund.data.refundAmount),
              count: refund.data.unusedDays,
            })}
          </Alert>
        ) : (
          <Alert severity="info">{t('delete.noRefund')}</Alert>
        )}
        <FormControlLabel
          sx={{ mt: 2, alignItems: 'flex-start' }}
          control={
            <Checkbox
              checked={acknowledged}
              onChange={(e) => setAcknowledged(e.target.checked)}
              sx={{ mt: -0.75 }}
            />
          }
          label={t('delete.acknowledge')}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={remove.isPending} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={!acknowledged}
          loading={remove.isPending}
          onClick={confirm}
        >
          {t('delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
