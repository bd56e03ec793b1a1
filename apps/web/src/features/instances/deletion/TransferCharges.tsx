import { Alert, Box, Typography } from '@mui/material';
import { type SubscriptionRefund, toMicros } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/money';
import { bulkNetworkStatsQuery } from '../../instance-detail/network/queries';

/**
 * Transfer beyond the allowance that deleting now charges (the cycle is closed at deletion): one line per
 * instance that will be charged (instances.md §7 bulk network-stats, "will be charged in case of
 * termination"); nothing when none will be.
 */
export function TransferCharges({ refunds }: { refunds: readonly SubscriptionRefund[] }) {
  const { t, i18n } = useTranslation('instances');
  const { moneyOfMicros } = useMoney();
  const stats = useQuery(bulkNetworkStatsQuery(refunds.map((r) => r.instanceId)));
  if (stats.isPending) return null;
  if (stats.isError)
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {t('deletion.networkStatsFailed')}
      </Alert>
    );
  const charged = stats.data.items.filter((s) => s.willBeChargedInCaseOfTermination);
  if (charged.length === 0) return null;
  const number = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const hostnameOf = (id: number) => refunds.find((r) => r.instanceId === id)?.hostname ?? `#${id}`;
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {t('deletion.overageIntro')}
      </Typography>
      <Box component="ul" sx={{ m: 0, ps: 2 }}>
        {charged.map((s) => (
          <li key={s.externalId}>
            {t('deletion.overage', {
              hostname: hostnameOf(s.externalId),
              over: number.format(s.exceedance),
              amount: moneyOfMicros(toMicros(s.overageAmount)),
            })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
