import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
} from '@mui/material';
import { INSUFFICIENT_BALANCE_STATUS, type InsufficientBalance } from '@nimbus/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { isRecord } from '../lib/guards';
import { useMoney } from '../lib/money';
import { ButtonLink } from './links';

/** The balance dialog is wider than the panel's default (spec §9: 580 px). */
export const INSUFFICIENT_BALANCE_DIALOG_WIDTH = 580;

/**
 * The figures of a 460 answer (instances.md §8), or null when the error is anything else. The API puts
 * them in the error envelope's `data`.
 */
export function insufficientBalanceOf(error: unknown): InsufficientBalance | null {
  if (!(error instanceof ApiError) || error.status !== INSUFFICIENT_BALANCE_STATUS) return null;
  // Read as typed, like every API answer: the server shapes it with `insufficientBalanceSchema`.
  const data: unknown = error.body?.data;
  return isRecord(data) ? (data as InsufficientBalance) : null;
}

interface InsufficientBalanceDialogProps {
  /** The 460 figures; the dialog is open while this is set. */
  balance: InsufficientBalance | null;
  onClose: () => void;
}

/**
 * The low-balance dialog of creation, resize and manual renew: what the customer has, what is needed
 * and why (the running hourly instances and snapshots for a number of days), and the way to top up.
 */
export function InsufficientBalanceDialog({ balance, onClose }: InsufficientBalanceDialogProps) {
  const { t } = useTranslation();
  // Hourly sums carry 4 decimals on the wire; whole-cent figures show 2.
  const { money: amount } = useMoney();
  const titleId = useId();
  const messageId = useId();
  const rows = balance
    ? [
        { label: t('insufficientBalance.customerBalance'), value: amount(balance.customerBalance) },
        { label: t('insufficientBalance.minimumRequired'), value: amount(balance.minimumRequiredBalance) },
        {
          label: t('insufficientBalance.payg', { count: balance.paygInstancesCount }),
          value: t('insufficientBalance.perHour', { amount: amount(balance.paygInstancesPriceSum, 4) }),
        },
        {
          label: t('insufficientBalance.snapshots', { count: balance.snapshotCount }),
          value: t('insufficientBalance.perHour', { amount: amount(balance.snapshotPriceSum, 4) }),
        },
      ]
    : [];
  return (
    <Dialog
      open={balance !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: INSUFFICIENT_BALANCE_DIALOG_WIDTH } } }}
    >
      <DialogTitle id={titleId}>{t('insufficientBalance.title')}</DialogTitle>
      <DialogContent>
        {balance && (
          <>
            <DialogContentText id={messageId} sx={{ mb: 2 }}>
              {balance.numberOfDaysBalanceValidatedAgainst > 0
                ? t('insufficientBalance.messageWithDays', {
                    count: balance.numberOfDaysBalanceValidatedAgainst,
                    required: amount(balance.minimumRequiredBalance),
                  })
                : t('insufficientBalance.message', { required: amount(balance.minimumRequiredBalance) })}
            </DialogContentText>
            <Table size="small" aria-label={t('insufficientBalance.figures')}>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.label}>
                    <TableCell component="th" scope="row" sx={{ paddingInlineStart: 0 }}>
                      {row.label}
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{ paddingInlineEnd: 0, whiteSpace: 'nowrap', fontWeight: 600 }}
                    >
                      {row.value}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t('actions.close')}
        </Button>
        <ButtonLink to="/payments" variant="contained" onClick={onClose}>
          {t('insufficientBalance.addCredit')}
        </ButtonLink>
      </DialogActions>
    </Dialog>
  );
}
