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
