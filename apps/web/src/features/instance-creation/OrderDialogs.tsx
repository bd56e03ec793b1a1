import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { InsufficientBalanceDialog } from '../../components/InsufficientBalanceDialog';
import type { useSubmitOrder } from './use-submit-order';

interface OrderDialogsProps {
  order: ReturnType<typeof useSubmitOrder>;
  /** The cart answers a low balance with its payment step instead of the dialog. */
  balanceDialog?: boolean;
}

/** The dialogs an order can open: low balance (460) and the promotion limit confirmation (409). */
export function OrderDialogs({ order, balanceDialog = true }: OrderDialogsProps) {
  const { t } = useTranslation('instanceCreation');
  return (
    <>
      {balanceDialog && <InsufficientBalanceDialog balance={order.balance} onClose={order.closeBalance} />}
      <ConfirmDialog
        open={order.promotion !== null}
        title={t('promotionLimit.title')}
        message={t('promotionLimit.message', {
          allowed: order.promotion?.allowed ?? 0,
          requested: order.promotion?.requested ?? 0,
        })}
        confirmLabel={t('promotionLimit.confirm')}
        onConfirm={order.confirmPromotion}
        onClose={order.cancelPromotion}
      />
    </>
  );
}
