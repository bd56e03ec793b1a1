// The zod-free part of preorders.ts (zod-free.test.ts): the panel loads it without zod.

export const preorderStatuses = ['pending', 'allocated', 'cancelled'] as const;

/** Time left until a preorder's due date, for the countdown; null once it is due. */
export function preorderCountdown(
  dueDate: string | Date,
  now: Date,
): { days: number; hours: number; minutes: number } | null {
  const ms = new Date(dueDate).getTime() - now.getTime();
  if (!(ms > 0)) return null;
  const minutes = Math.floor(ms / 60_000);
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}
