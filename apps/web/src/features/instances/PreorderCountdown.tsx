import { preorderCountdown } from '@nimbus/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Re-renders once a minute: the countdown shows minutes, no finer. */
function useNow(periodMs = 60_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

/**
 * Time left until a GPU preorder's hardware is due: days, hours and minutes, or "Due". One value: it
 * does not wrap, so a narrow column never splits "13d 23h | 59m left".
 */
export function PreorderCountdown({ dueDate }: { dueDate: string }) {
  const { t } = useTranslation('instances');
  const left = preorderCountdown(dueDate, useNow());
  return (
    <span style={{ whiteSpace: 'nowrap' }}>{left ? t('preorder.countdown', left) : t('preorder.due')}</span>
  );
}
