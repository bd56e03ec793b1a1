import { Alert, Box } from '@mui/material';
import { toMicros } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { type MoneyFormat, useMoney } from '../../../lib/money';
import type { DeletionResults as Results } from './deletion-queue';
import { RefundList } from './RefundList';

/** The total the deletions gave back to the credit, as the money helper shows it. */
export const refundedTotal = (results: Results, { moneyOfMicros }: MoneyFormat) =>
  moneyOfMicros(results.deleted.reduce((sum, refund) => sum + toMicros(refund.refundAmount), 0));

/**
 * After the deletions: what each one gave back, from the DELETE answers (not a new preview, which is
 * nothing once the instance is gone), and what could not be deleted.
 */
export function DeletionResults({ results }: { results: Results }) {
  const { t } = useTranslation('instances');
  const { deleted, failed } = results;
  const total = refundedTotal(results, useMoney());
  const anyRefund = deleted.some((refund) => refund.refundable);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {deleted.length > 0 && (
        <Alert severity="success">
          {anyRefund ? t('deletion.doneRefunded', { amount: total }) : t('deletion.doneNoRefund')}
        </Alert>
      )}
      {failed.length > 0 && (
        <Alert severity="error">
          {t('deletion.failed', { hostnames: failed.join(', '), count: failed.length })}
        </Alert>
      )}
      {deleted.length > 0 && <RefundList refunds={deleted} deleted />}
    </Box>
  );
}
