import { Alert } from '@mui/material';
import { paymentFee } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/money';
import { feePercentText, type KnownGateway } from './top-up-form';

/** The gateway's fee on top of the credit, and the total the payer is asked for. */
export function FeeNotice({ amount, gateway }: { amount: number; gateway: KnownGateway }) {
  const { t } = useTranslation('payments');
  const { moneyOfMicros } = useMoney();
  const fee = paymentFee(amount, gateway.feePercent);
  if (fee === 0) return null;
  return (
    <Alert severity="info" role="status">
      {t('fee.notice', {
        fee: moneyOfMicros(fee),
        percent: feePercentText(gateway.feePercent),
        total: moneyOfMicros(amount + fee),
      })}
    </Alert>
  );
}
