import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { cartStage, setCartStage } from '../draft';

/**
 * Mounted on the successful payment screen: a payment made from the cart goes straight on to deploying
 * the saved order (platform.md §4, payment with the cart flag).
 */
export function ResumeCartAfterPayment() {
  const navigate = useNavigate();
  useEffect(() => {
    if (cartStage() !== 'payment') return;
    setCartStage('deploy');
    void navigate({ to: '/cart', replace: true });
  }, [navigate]);
  return null;
}
