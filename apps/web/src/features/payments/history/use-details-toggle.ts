import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A payment's folded details (table row or card): whether they are open, and the toggle button's props. */
export function useDetailsToggle(paymentId: number) {
  const { t } = useTranslation('payments');
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return {
    open,
    detailsId,
    toggle: {
      onClick: () => setOpen((o) => !o),
      'aria-expanded': open,
      'aria-controls': detailsId,
      'aria-label': t(open ? 'history.hideDetails' : 'history.showDetails', { id: paymentId }),
    },
  };
}
