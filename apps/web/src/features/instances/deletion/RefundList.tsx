import { Box, Typography } from '@mui/material';
import type { SubscriptionRefund } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/money';
import { Hostname } from '../Hostname';

/**
 * Each instance with its refund: what deleting it gives back (the queue), or, once `deleted`, what it
 * gave back (from the DELETE answers).
 */
export function RefundList({
  refunds,
  deleted = false,
}: {
  refunds: readonly SubscriptionRefund[];
  deleted?: boolean;
}) {
  const { t } = useTranslation('instances');
  const { money } = useMoney();
  const refundText = (refund: SubscriptionRefund) => {
    if (!refund.refundable) return t('deletion.noRefund');
    return deleted
      ? t('deletion.refunded', { amount: money(refund.refundAmount) })
      : t('deletion.refund', { amount: money(refund.refundAmount), count: refund.unusedDays });
  };
  return (
    <Box
      component="ul"
      aria-label={t(deleted ? 'deletion.deletedLabel' : 'deletion.queueLabel')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
    >
      {refunds.map((refund) => (
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
          <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Typography sx={{ fontWeight: 500 }}>
              <Hostname hostname={refund.hostname} truncate={false} />
            </Typography>
            {!deleted && (
              <Typography variant="body2" color="text.secondary">
                {t(`billingCycles.${refund.billingCycle}`)}
              </Typography>
            )}
          </Box>
          <Typography variant="body2" sx={{ textAlign: 'end' }}>
            {refundText(refund)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
