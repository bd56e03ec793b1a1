import { subscriptionRefundSchema } from '@nimbus/contract';
import { z } from 'zod';

/** The instances the customer chose to delete, kept for /instance-deletion across a reload. */
export const DELETION_QUEUE_KEY = 'nimbus.deletionQueue';

const queueSchema = z.array(z.number().int().positive()).max(100);

export function readDeletionQueue(): number[] {
  try {
    const parsed = queueSchema.safeParse(JSON.parse(sessionStorage.getItem(DELETION_QUEUE_KEY) ?? '[]'));
    return parsed.success ? [...new Set(parsed.data)] : [];
  } catch {
    return [];
  }
}

/** Queues instances for deletion; the caller then goes to /instance-deletion. */
export function queueDeletion(ids: readonly number[]) {
  sessionStorage.setItem(DELETION_QUEUE_KEY, JSON.stringify([...new Set(ids)]));
}

export const clearDeletionQueue = () => sessionStorage.removeItem(DELETION_QUEUE_KEY);

/** What the deletions of this page gave back, kept so a reload still shows it (issue 11). */
export const DELETION_RESULTS_KEY = 'nimbus.deletionResults';

const resultsSchema = z.object({
  /** The DELETE answers: each deleted instance with the refund its deletion gave. */
  deleted: z.array(subscriptionRefundSchema).max(100),
  /** Hostnames that could not be deleted. */
  failed: z.array(z.string().max(300)).max(100),
});
export type DeletionResults = z.infer<typeof resultsSchema>;

export function readDeletionResults(): DeletionResults | null {
  try {
    const raw = sessionStorage.getItem(DELETION_RESULTS_KEY);
    const parsed = raw === null ? null : resultsSchema.safeParse(JSON.parse(raw));
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const keepDeletionResults = (results: DeletionResults) =>
  sessionStorage.setItem(DELETION_RESULTS_KEY, JSON.stringify(results));

export const clearDeletionResults = () => sessionStorage.removeItem(DELETION_RESULTS_KEY);
