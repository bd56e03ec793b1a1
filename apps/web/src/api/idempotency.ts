import { errorCodes } from '@nimbus/contract';
import { useState } from 'react';
import { ApiError } from './client';

/**
 * One user intent (an order, a top-up, a renewal, a deletion) and its `Idempotency-Key`. Every send of
 * the intent carries the same key, so the server acts once however often it is sent:
 * - a double click joins the request in flight instead of sending a second one;
 * - a network error, a 5xx or a 409 "still running" keep the key: the retry is the same intent;
 * - any other answer ends the intent, and the next submit is a new one with a new key;
 * - with `storageKey`, the key lives in this tab's session storage until then, so a page reloaded while
 *   its request was pending (the cart deploying after a payment) sends the same key again.
 */
export interface IdempotentIntent {
  run<T>(send: (idempotencyKey: string) => Promise<T>): Promise<T>;
  /** Forgets the key: the next run is a new intent. */
  reset(): void;
}

const STILL_RUNNING_RETRIES = 10;
const STILL_RUNNING_WAIT_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the server may not have acted on (or answered) the request: the retry must be the same intent. */
function unanswered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.code === errorCodes.idempotencyRequestInProgress;
}

export function idempotentIntent(storageKey?: string, waitMs = STILL_RUNNING_WAIT_MS): IdempotentIntent {
  let current: string | null = storageKey ? sessionStorage.getItem(storageKey) : null;
  let inFlight: Promise<unknown> | null = null;

  const key = () => {
    if (!current) {
      current = crypto.randomUUID();
      if (storageKey) sessionStorage.setItem(storageKey, current);
    }
    return current;
  };
  const reset = () => {
    current = null;
    if (storageKey) sessionStorage.removeItem(storageKey);
  };

  async function attempt<T>(send: (idempotencyKey: string) => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries++) {
      try {
        const result = await send(key());
        reset();
        return result;
      } catch (error) {
        const code = error instanceof ApiError ? error.code : null;
        // The first send is still running (another tab, or before a reload): its answer comes on a retry.
        if (code === errorCodes.idempotencyRequestInProgress && tries < STILL_RUNNING_RETRIES) {
          await sleep(waitMs);
          continue;
        }
        // A key kept from an unanswered send, now with another order: that is a new intent.
        if (code === errorCodes.idempotencyKeyReused && tries === 0) {
          reset();
          continue;
        }
        if (!unanswered(error)) reset();
        throw error;
      }
    }
  }

  return {
    run<T>(send: (idempotencyKey: string) => Promise<T>): Promise<T> {
      if (!inFlight) {
        inFlight = attempt(send).finally(() => {
          inFlight = null;
        });
      }
      return inFlight as Promise<T>;
    },
    reset,
  };
}

/** The component's intent, kept across renders. */
export function useIdempotentIntent(storageKey?: string): IdempotentIntent {
  return useState(() => idempotentIntent(storageKey))[0];
}
