import { billingCycles, MONEY_DECIMAL_PATTERN, type SubscriptionRefund } from '@nimbus/contract';
import { isArrayOf, isId, isOneOf, isRecord, isString, readStored } from '../../../lib/guards';

/** The instances the customer chose to delete, kept for /instance-deletion across a reload. */
export const DELETION_QUEUE_KEY = 'nimbus.deletionQueue';

/** Session storage is the tab's own but outlives releases and can be edited: what does not fit is dropped. */
export function readDeletionQueue(): number[] {
  const held = readStored(DELETION_QUEUE_KEY, (v): v is number[] => isArrayOf(v, isId, { max: 100 }));
  return held ? [...new Set(held)] : [];
}

/** Queues instances for deletion; the caller then goes to /instance-deletion. */
export function queueDeletion(ids: readonly number[]) {
  sessionStorage.setItem(DELETION_QUEUE_KEY, JSON.stringify([...new Set(ids)]));
}

export const clearDeletionQueue = () => sessionStorage.removeItem(DELETION_QUEUE_KEY);

/** What the deletions of this page gave back, kept so a reload still shows it (issue 11). */
export const DELETION_RESULTS_KEY = 'nimbus.deletionResults';

export interface DeletionResults {
  /** The DELETE answers: each deleted instance with the refund its deletion gave. */
  deleted: SubscriptionRefund[];
  /** Hostnames that could not be deleted. */
  failed: string[];
}

/** A refund as `subscriptionRefundSchema` describes it. */
export const isSubscriptionRefund = (value: unknown): value is SubscriptionRefund =>
  isRecord(value) &&
  isId(value.instanceId) &&
  isString(value.hostname) &&
  isOneOf(billingCycles)(value.billingCycle) &&
  typeof value.refundable === 'boolean' &&
  isString(value.refundAmount) &&
  MONEY_DECIMAL_PATTERN.test(value.refundAmount) &&
  Number.isSafeInteger(value.unusedDays) &&
  (value.unusedDays as number) >= 0 &&
  (value.cycleEnd === null || isString(value.cycleEnd));

export const isDeletionResults = (value: unknown): value is DeletionResults =>
  isRecord(value) &&
  isArrayOf(value.deleted, isSubscriptionRefund, { max: 100 }) &&
  isArrayOf(value.failed, (name): name is string => isString(name) && name.length <= 300, { max: 100 });

export const readDeletionResults = () => readStored(DELETION_RESULTS_KEY, isDeletionResults);

export const keepDeletionResults = (results: DeletionResults) =>
  sessionStorage.setItem(DELETION_RESULTS_KEY, JSON.stringify(results));

export const clearDeletionResults = () => sessionStorage.removeItem(DELETION_RESULTS_KEY);
