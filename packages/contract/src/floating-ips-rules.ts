// The zod-free part of floating-ips.ts (zod-free.test.ts): the panel loads it without zod.

/** Floating IPs (platform.md §2 Floating IP page, §3, §5, §6, §8, §9): monthly addresses bought from credit. */

export const floatingIpTypes = ['ipv4'] as const;
export type FloatingIpType = (typeof floatingIpTypes)[number];

/** Mails before expiry: a renewal reminder 48 hours ahead, a warning 24 hours ahead when it will not renew. */
export const FLOATING_IP_REMINDER_HOURS = 48;
export const FLOATING_IP_WARNING_HOURS = 24;

export const floatingIpErrorCodes = {
  /** 403: as many active as the configuration allows (`maxActiveFloatingIp`). */
  maxActive: 'FLOATING_IP_MAX_ACTIVE_REACHED',
  /** 403: as many created this calendar month (UTC) as `maxFloatingIpPerUserPerMonth`. */
  maxPerMonth: 'FLOATING_IP_MAX_PER_MONTH_REACHED',
  /** 400: the credit does not cover the first month. */
  lowBalance: 'FLOATING_IP_LOW_BALANCE',
  /** 400: the region is not offered (inactive, hidden or unknown). */
  regionInactive: 'FLOATING_IP_REGION_INACTIVE',
  /** 404 */
  notFound: 'FLOATING_IP_NOT_FOUND',
  /** 409: the address is attached to another instance. */
  alreadyAttached: 'FLOATING_IP_ALREADY_ATTACHED',
  /** 409: detach of an address that is not attached. */
  notAttached: 'FLOATING_IP_NOT_ATTACHED',
  /** 400: the instance is in another region than the address. */
  otherRegion: 'FLOATING_IP_OTHER_REGION',
  /** 409: the instance cannot take the address now (being built, deleted or changing). */
  instanceNotReady: 'FLOATING_IP_INSTANCE_NOT_READY',
  /** 403: a suspended account may release and stop renewals, not buy or attach. */
  accountSuspended: 'FLOATING_IP_ACCOUNT_SUSPENDED',
  /** 500-class: the infrastructure refused; retrying later may work. */
  infrastructure: 'FLOATING_IP_INFRASTRUCTURE_ERROR',
} as const;

/** Slots still open: the lower of the active limit's and the monthly limit's remainders, never negative. */
export function floatingIpSlotsLeft(input: {
  maxActive: number;
  active: number;
  maxPerMonth: number;
  createdThisMonth: number;
}): number {
  return Math.max(0, Math.min(input.maxActive - input.active, input.maxPerMonth - input.createdThisMonth));
}

/** The first instant of the calendar month (UTC) of `at`: the spec's `expiresAfter` and the monthly limit's start. */
export const startOfMonthUtc = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/** Floating IPs an instance order may ask for each instance (creation's `floatingIPCount`). */
export const MAX_FLOATING_IPS_PER_INSTANCE = 10;

/**
 * The most floating IPs per instance an order of `instances` can ask for, when `slotsLeft` more may be
 * created: each instance gets the same count, so the slots are shared out evenly.
 */
export const orderFloatingIpMax = (slotsLeft: number, instances: number) =>
  Math.min(MAX_FLOATING_IPS_PER_INSTANCE, Math.floor(Math.max(0, slotsLeft) / Math.max(1, instances)));
