import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import {
  type ActivateAutoRechargeRequest,
  type AutoRechargeInfo,
  activateAutoRechargeRequestSchema,
  daysCovered,
  type PaymentGateway,
  toMicros,
} from '@nimbus/contract';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast/ToastProvider';
import { useMoney } from '../../lib/money';
import {
  AUTO_RECHARGE_DIALOG_WIDTH,
  activationOutcome,
  currentGatewayState,
  matchingOption,
  submitLabel,
} from './activation';
import { useAutoRechargeErrorToast } from './error-toast';
import { OptionRadios } from './OptionRadios';
import { useActivateAutoRechargeMutation } from './queries';

interface Props {
  open: boolean;
  onClose: () => void;
  info: AutoRechargeInfo;
  billingId: number;
  /** The card gateways of the catalogue. */
  gateways: PaymentGateway[];
}

/** Turns auto-recharge on, or changes its amount, threshold or gateway. */
export function AutoRechargeModal({ open, onClose, ...rest }: Props) {
  const { t } = useTranslation('payments');
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: AUTO_RECHARGE_DIALOG_WIDTH } } }}
    >
      <DialogTitle id={titleId}>{t('autoRecharge.modal.title')}</DialogTitle>
      {/* Mounted while open only: every opening starts from the current settings. */}
      <ModalForm onClose={onClose} onBusy={setBusy} {...rest} />
    </Dialog>
  );
}

function ModalForm({
  onClose,
  onBusy,
  info,
  billingId,
  gateways,
}: Omit<Props, 'open'> & { onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation('payments');
  const toast = useToast();
  const errorToast = useAutoRechargeErrorToast();
  const activate = useActivateAutoRechargeMutation(billingId);
  const { control, handleSubmit, formState } = useForm<ActivateAutoRechargeRequest>({
    resolver: zodResolver(activateAutoRechargeRequestSchema),
    defaultValues: {
      gatewayId: currentGatewayState(info)?.gatewayId ?? gateways[0]?.id ?? 0,
      amount: matchingOption(info.amountOptions, info.amount),
      minimumCreditThreshold: matchingOption(info.thresholdOptions, info.minimumCreditThreshold),
    },
  });
  const gatewayId = useWatch({ control, name: 'gatewayId' });
  const label = submitLabel(info, gatewayId);
  const { money } = useMoney();
  const usage = toMicros(info.usageRate);
  const busy = formState.isSubmitting;
  useEffect(() => onBusy(busy), [busy, onBusy]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const outcome = activationOutcome(await activate.mutateAsync(values));
      if (outcome.kind === 'redirect') {
        // The gateway saves the card; activation completes when the customer comes back.
        window.location.assign(outcome.url);
        return;
      }
      if (outcome.kind === 'failed') {
        toast.error(t('autoRecharge.toasts.activationFailed'));
        return;
      }
      toast.success(t(label === 'update' ? 'autoRecharge.toasts.updated' : 'autoRecharge.toasts.activated'));
      onClose();
    } catch (error) {
      errorToast(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: 0 }}>
        <OptionRadios
          control={control}
          name="gatewayId"
          label={t('autoRecharge.modal.gateway')}
          options={gateways.map((g) => ({ value: g.id, label: g.displayName }))}
        />
        <OptionRadios
          control={control}
          name="amount"
          label={t('autoRecharge.modal.amount')}
          options={info.amountOptions.map((value) => {
            const days = daysCovered(toMicros(value), usage);
            return {
              value,
              label:
                days === null
                  ? money(value)
                  : t('autoRecharge.modal.amountCovers', { amount: money(value), count: days }),
            };
          })}
        />
        <OptionRadios
          control={control}
          name="minimumCreditThreshold"
          label={t('autoRecharge.modal.threshold')}
          options={info.thresholdOptions.map((value) => ({ value, label: money(value) }))}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {t(`autoRecharge.modal.submit.${label}`)}
        </Button>
      </DialogActions>
    </form>
  );
}
