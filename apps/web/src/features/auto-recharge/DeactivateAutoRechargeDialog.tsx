import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { deactivateAutoRechargeRequestSchema } from '@nimbus/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form/FormTextField';
import { useToast } from '../../components/toast/ToastProvider';
import { AUTO_RECHARGE_DIALOG_WIDTH } from './activation';
import { useAutoRechargeErrorToast } from './error-toast';
import { useDeactivateAutoRechargeMutation } from './queries';

interface Props {
  open: boolean;
  onClose: () => void;
  billingId: number;
}

/** Turning auto-recharge off asks why first (platform.md §4); the reason is required and kept. */
export function DeactivateAutoRechargeDialog({ open, onClose, billingId }: Props) {
  const { t } = useTranslation('payments');
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ paper: { sx: { maxWidth: AUTO_RECHARGE_DIALOG_WIDTH } } }}
    >
      <DialogTitle id={titleId}>{t('autoRecharge.deactivate.title')}</DialogTitle>
      <ReasonForm textId={textId} onClose={onClose} billingId={billingId} />
    </Dialog>
  );
}

function ReasonForm({
  textId,
  onClose,
  billingId,
}: {
  textId: string;
  onClose: () => void;
  billingId: number;
}) {
  const { t } = useTranslation('payments');
  const toast = useToast();
  const errorToast = useAutoRechargeErrorToast();
  const deactivate = useDeactivateAutoRechargeMutation(billingId);
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(deactivateAutoRechargeRequestSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await deactivate.mutateAsync(reason);
      toast.success(t('autoRecharge.toasts.deactivated'));
      onClose();
    } catch (error) {
      errorToast(error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogContent sx={{ pt: 0 }}>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {t('autoRecharge.deactivate.text')}
        </DialogContentText>
        <FormTextField
          control={control}
          name="reason"
          label={t('autoRecharge.deactivate.reason')}
          multiline
          minRows={3}
          required
          autoFocus
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={formState.isSubmitting} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" color="error" loading={formState.isSubmitting}>
          {t('autoRecharge.deactivate.confirm')}
        </Button>
      </DialogActions>
    </form>
  );
}
