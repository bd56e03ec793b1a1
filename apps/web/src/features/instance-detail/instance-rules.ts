import {
  INSTANCE_DETAIL_ERROR_RETRIES,
  INSTANCE_DETAIL_POLL_MS,
  type Instance,
  isStableInstanceStatus,
  passwordResetUnsupportedFamilies,
} from '@nimbus/contract';
import { ApiError } from '../../api/client';

/** What the detail page may do with an instance, as instances.md §4 and §5 list it. */

/**
 * Poll every 3 s while the instance is changing; stop once it is stable, and once loading failed for
 * good (the error screen's Try again starts over), so a down API is not asked every 3 s behind it.
 */
export const detailRefetchInterval = (instance: Instance | undefined, failed = false): number | false =>
  failed || (instance && isStableInstanceStatus(instance.status)) ? false : INSTANCE_DETAIL_POLL_MS;

/** A 500 is retried every 3 s, five times; anything else is final at once. */
export const detailRetry = (failureCount: number, error: unknown) =>
  error instanceof ApiError && error.status >= 500 && failureCount < INSTANCE_DETAIL_ERROR_RETRIES;
export const detailRetryDelay = () => INSTANCE_DETAIL_POLL_MS;

/** Changing (any unstable state, snapshot pending included): actions are disabled with a spinner. */
export const isChanging = (instance: Pick<Instance, 'status'>) => !isStableInstanceStatus(instance.status);

/**
 * A running instance (active, or in rescue) can be turned off; any other can be turned on. Turning off
 * in rescue ends rescue mode (docs/decisions.md).
 */
export const powerAction = (instance: Pick<Instance, 'status'>): 'poweroff' | 'poweron' =>
  instance.status === 'active' || instance.status === 'rescue' ? 'poweroff' : 'poweron';

/** The console works on a running machine: active or in rescue. */
export const consoleEnabled = (instance: Pick<Instance, 'status'>) =>
  instance.status === 'active' || instance.status === 'rescue';

/** Hostname change and its save are off while changing or in rescue. */
export const hostnameLocked = (instance: Pick<Instance, 'status'>) =>
  isChanging(instance) || instance.status === 'rescue';

/** Reset password is off for mikrotik, in rescue and while changing (snapshot pending is a changing state). */
export function resetPasswordDisabled(instance: Pick<Instance, 'status' | 'os'>): boolean {
  const family = instance.os?.family?.toLowerCase() ?? '';
  return (
    isChanging(instance) ||
    instance.status === 'rescue' ||
    (passwordResetUnsupportedFamilies as readonly string[]).includes(family)
  );
}

/** Hostname save: disabled when unchanged, empty or invalid (the problem key says which rule). */
export const hostnameSaveDisabled = (current: string, typed: string, problem: string | null) =>
  typed === current || typed === '' || problem !== null;

/** SSH keys show their first and last characters: 20 on small screens, 50 otherwise (spec §2). */
export const sshKeyVisibleChars = (small: boolean) => (small ? 20 : 50);
export function truncateSshKey(key: string, visible: number): string {
  if (key.length <= visible * 2 + 1) return key;
  return `${key.slice(0, visible)}…${key.slice(-visible)}`;
}

/** Non-hourly cycles have auto-renew. */
export const isSubscription = (instance: Pick<Instance, 'billingCycle'>) =>
  instance.billingCycle !== 'hourly';
/** A suspended billing item (a renewal not paid, or hourly in negative credit) counts down to termination. */
export const showsSuspendedBanner = (instance: Pick<Instance, 'billingCycle' | 'billingDetail'>) =>
  instance.billingDetail?.status === 'suspended';
