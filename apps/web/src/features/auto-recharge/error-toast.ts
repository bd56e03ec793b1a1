import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/client';
import { useToast } from '../../components/toast/ToastProvider';
import { autoRechargeErrorKey } from './activation';

/** Toasts a failed auto-recharge call: our wording for known codes, else the server's detail. */
export function useAutoRechargeErrorToast() {
  const { t } = useTranslation('payments');
  const toast = useToast();
  return (error: unknown) => {
    const key = autoRechargeErrorKey(error);
    toast.error(key ? t(key) : (error as ApiError).detail);
  };
}
