import { Dialog, DialogTitle } from '@mui/material';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../components/states/LoadingState';
import { lazyNamed } from '../shell/chunk-error';
import { AUTO_RECHARGE_DIALOG_WIDTH } from './activation';

/*
 * The survey's form (its fields, texts and the stars it shares with the other surveys) comes when the
 * dialog first opens: most visits of this page never deactivate.
 */
const DeactivationForm = lazyNamed(() => import('./DeactivationForm'), 'DeactivationForm');

interface Props {
  open: boolean;
  onClose: () => void;
  billingId: number;
}

/**
 * Turning auto-recharge off asks why first (platform.md §4): the deactivation survey's reasons, one or
 * more, with a few words for "Something else". The answer is sent as the survey and, in English words,
 * as the reason the deactivation keeps.
 */
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
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: AUTO_RECHARGE_DIALOG_WIDTH } } }}
    >
      <DialogTitle id={titleId}>{t('autoRecharge.deactivate.title')}</DialogTitle>
      {/* With its code come the reasons' texts, the surveys' chunk (namespace-groups.ts). */}
      <Suspense fallback={<LoadingState minHeight={160} />}>
        <DeactivationForm textId={textId} onClose={onClose} billingId={billingId} />
      </Suspense>
    </Dialog>
  );
}
