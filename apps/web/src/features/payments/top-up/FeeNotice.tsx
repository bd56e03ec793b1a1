import { Alert } from '@mui/material';
import { formatMoney, paymentFee } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { feePercentText, type KnownGateway } from './top-up-form';

/** The gateway's fee on top of the credit, and the total the payer is asked for. */
export function FeeNotice({
  amount,
  gateway,
  sign,
}: {
  amount: number;
  gateway: KnownGateway;
  sign: string;
}) {
  const { t } = useTranslation('payments');
  const fee = paymentFee(amount, gateway.feePercent);
  if (fee === 0) return null;
  return (
    <Alert severity="info" role="status">
      {t('fee.notice', {
        fee: formatMoney(fee, { sign }),
        percent: feePercentText(gateway.feePercent),
        total: formatMoney(amount + fee, { sign }),
      })}
    </Alert>
  );
}
