import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { toMicros } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links';
import { useMoney } from '../../../lib/money';
import { billingInfoQuery } from '../../billing/queries';
import { CreationProvider, useCreation } from '../../instance-creation/creation-context';
import { loadDraft } from '../../instance-creation/draft';
import { defaultCreationValues } from '../../instance-creation/form-model';
import { OrderSummary } from '../../instance-creation/OrderSummary';
import {
  hasSavedConfigurationOrder,
  savedConfigurationAmount,
  savedOrderFromCart,
  waitingOrderCredit,
} from '../saved-configuration';

/**
 * The order a customer came to pay for (platform.md §2, "order summary when arriving from VPS
 * configuration"): what will be deployed and its price, read from the saved configuration, and how much
 * credit it still lacks. The flags are read once, so the summary stays while the page is left.
 */
export function WaitingOrderSummary() {
  const [draft] = useState(() => (hasSavedConfigurationOrder() ? loadDraft() : null));
  const [fromCart] = useState(savedOrderFromCart);
  if (!draft) return null;
  return (
    <CreationProvider initial={() => ({ ...defaultCreationValues(), ...draft })}>
      <OrderSummary action={<WaitingCredit fromCart={fromCart} />} />
    </CreationProvider>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography component="dt" sx={{ fontWeight: 'inherit' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', fontWeight: 'inherit' }}>
        {children}
      </Typography>
    </Box>
  );
}

function WaitingCredit({ fromCart }: { fromCart: boolean }) {
  const { t } = useTranslation('payments');
  const { hostnames } = useCreation().values;
  const balance = useQuery(billingInfoQuery()).data?.balance;
  const credit = waitingOrderCredit(balance);
  const preset = savedConfigurationAmount(balance);
  const { moneyOfMicros: money } = useMoney();
  const names = hostnames.filter(Boolean);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {names.length > 0 && (
        <Box component="dl" sx={{ m: 0 }}>
          <Figure label={t('waitingOrder.deploys')}>
            <bdi>{names.join(', ')}</bdi>
          </Figure>
        </Box>
      )}
      {credit && (
        <Alert
          severity={credit.missing > 0 ? 'info' : 'success'}
          data-testid="waiting-order-credit"
          sx={{ '& .MuiAlert-message': { flexGrow: 1, minWidth: 0 } }}
        >
          <AlertTitle>
            {credit.missing > 0
              ? t('waitingOrder.missingTitle', { amount: money(credit.missing) })
              : t('waitingOrder.coveredTitle')}
          </AlertTitle>
          <Box component="dl" sx={{ m: 0, mb: 1, display: 'grid', gap: 0.5, maxWidth: 360 }}>
            <Figure label={t('waitingOrder.balance')}>{money(credit.balance)}</Figure>
            <Figure label={t('waitingOrder.required')}>{money(credit.required)}</Figure>
            <Box sx={{ fontWeight: 700 }}>
              <Figure label={t('waitingOrder.missing')}>{money(credit.missing)}</Figure>
            </Box>
          </Box>
          {preset && (
            <Typography variant="body2">
              {t('waitingOrder.preset', { amount: money(toMicros(preset)) })}
            </Typography>
          )}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {t(fromCart ? 'waitingOrder.fromCart' : 'waitingOrder.fromCreation')}
      </Typography>
      <Box>
        <ButtonLink to={fromCart ? '/cart' : '/createinstance'} variant="outlined" size="small">
          {t('waitingOrder.back')}
        </ButtonLink>
      </Box>
    </Box>
  );
}
