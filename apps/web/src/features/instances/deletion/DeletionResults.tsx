import { Alert, Box, Typography } from '@mui/material';
import { formatMoney, toMicros } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { money } from '../../billing/format';
import { Hostname } from '../Hostname';
import type { DeletionResults as Results } from './deletion-queue';

/** The total the deletions gave back to the credit, as the money helper shows it. */
export const refundedTotal = (results: Results) =>
  formatMoney(results.deleted.reduce((sum, refund) => sum + toMicros(refund.refundAmount), 0));

/**
 * After the deletions: what each one gave back, from the DELETE answers (not a new preview, which is
 * nothing once the instance is gone), and what could not be deleted.
 */
export function DeletionResults({ results }: { results: Results }) {
  const { t } = useTranslation('instances');
  const { deleted, failed } = results;
  const total = refundedTotal(results);
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
      {deleted.length > 0 && (
        <Box
          component="ul"
          aria-label={t('deletion.deletedLabel')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {deleted.map((refund) => (
            <Box
              component="li"
              key={refund.instanceId}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                justifyContent: 'space-between',
                gap: 1,
                py: 1,
                borderBlockEnd: 1,
                borderColor: 'divider',
              }}
            >
              <Typography sx={{ fontWeight: 500, minWidth: 0, flex: '1 1 12rem' }}>
                <Hostname hostname={refund.hostname} truncate={false} />
              </Typography>
              <Typography variant="body2" sx={{ textAlign: 'end' }}>
                {refund.refundable
                  ? t('deletion.refunded', { amount: money(refund.refundAmount) })
                  : t('deletion.noRefund')}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
