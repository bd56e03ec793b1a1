import { useCallback, useEffect, useState } from 'react';

const secondsLeft = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

/**
 * A countdown that survives the component: the end time is kept in session storage under `key`, so
 * leaving and coming back does not re-open a resend the server would refuse.
 */
export function useCooldown(key: string, seconds: number) {
  const storageKey = `nimbus.cooldown.${key}`;
  const [until, setUntil] = useState(() => Number(sessionStorage.getItem(storageKey)) || 0);
  const [remaining, setRemaining] = useState(() => secondsLeft(until));

  useEffect(() => {
    setRemaining(secondsLeft(until));
    if (secondsLeft(until) === 0) return;
    const timer = setInterval(() => {
      const left = secondsLeft(until);
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback(() => {
    const end = Date.now() + seconds * 1000;
    sessionStorage.setItem(storageKey, String(end));
    setUntil(end);
  }, [storageKey, seconds]);

  return { remaining, start };
}
