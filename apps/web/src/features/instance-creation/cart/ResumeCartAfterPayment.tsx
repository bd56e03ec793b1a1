import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { paymentsPageQuery } from '../../payments/queries';
import { readPaymentResultSearch } from '../../payments/search';
import { cartStage, setCartStage } from '../draft';

/**
 * Mounted on the successful payment screen: a payment made from the cart goes straight on to deploying
 * the saved order (platform.md §4, payment with the cart flag). The gateway sends the payer back before
 * its notice is processed: deploying waits until the payment has settled (the screen polls it), or the
 * order would meet the old balance and stop at the payment step again.
 */
export function ResumeCartAfterPayment() {
  const navigate = useNavigate();
  const { paymentId } = readPaymentResultSearch(useSearch({ strict: false }));
  const fromCart = cartStage() === 'payment';
  const payments = useQuery({ ...paymentsPageQuery(1), enabled: fromCart && paymentId !== undefined });
  const status = payments.data?.payments.find((p) => p.id === paymentId)?.status;
  const settled =
    paymentId === undefined || (status !== undefined && status !== 'NEW' && status !== 'PENDING');
  useEffect(() => {
    if (!fromCart || !settled) return;
    setCartStage('deploy');
    void navigate({ to: '/cart', replace: true });
  }, [fromCart, settled, navigate]);
  return null;
}
