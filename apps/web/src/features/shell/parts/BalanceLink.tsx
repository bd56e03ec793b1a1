import WalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import { Box } from '@mui/material';
import { toMicros } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../components/Hint';
import { ButtonLink } from '../../../components/links';
import { useMoney } from '../../../lib/money';
import { billingInfoQuery } from '../../billing/queries';

/**
 * The credit balance, always in sight and one click from adding credit. It reads the one billing-info
 * query, which payments, orders, renewals and deletions invalidate, so it follows every change the
 * customer makes; nothing is shown until the figure is known.
 */
export function BalanceLink() {
  const { t } = useTranslation('shell');
  const { money } = useMoney();
  const { data: info } = useQuery(billingInfoQuery());
  if (!info) return null;
  const amount = money(info.balance);
  const negative = toMicros(info.balance) < 0;
  return (
    <Hint title={t('balance.hint')} describeChild>
      <ButtonLink
        to="/payments"
        size="small"
        variant="outlined"
        color={negative ? 'error' : 'inherit'}
        aria-label={t('balance.label', { amount })}
        startIcon={<WalletIcon fontSize="small" />}
        sx={{
          minWidth: 0,
          px: 1,
          flexShrink: 0,
          borderColor: negative ? undefined : 'divider',
          whiteSpace: 'nowrap',
          fontVariantNumeric: 'tabular-nums',
          '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
        }}
      >
        <Box component="bdi" data-testid="top-bar-balance">
          {amount}
        </Box>
      </ButtonLink>
    </Hint>
  );
}
