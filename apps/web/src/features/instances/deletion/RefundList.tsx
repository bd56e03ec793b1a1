import { Box, Typography } from '@mui/material';
import type { SubscriptionRefund } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { money } from '../../billing/format';
import { Hostname } from '../Hostname';

/** Each queued instance with what deleting it gives back. */
export function RefundList({ refunds }: { refunds: readonly SubscriptionRefund[] }) {
  const { t } = useTranslation('instances');
  return (
    <Box
      component="ul"
      aria-label={t('deletion.queueLabel')}
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
            <Typography variant="body2" color="text.secondary">
              {t(`billingCycles.${refund.billingCycle}`)}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ textAlign: 'end' }}>
            {refund.refundable
              ? t('deletion.refund', { amount: money(refund.refundAmount), count: refund.unusedDays })
              : t('deletion.noRefund')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
