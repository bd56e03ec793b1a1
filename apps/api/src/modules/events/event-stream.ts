import type { ServerResponse } from 'node:http';
import type { ServerEventTopic } from '@nimbus/contract';
import type { EventBus } from './event-bus';

/** A comment line now and then keeps proxies and the browser from dropping a quiet stream. */
const HEARTBEAT_MS = 25_000;
/**
 * A change goes out at once; those that follow within this window (an order touching instances, balance
 * and invoice; a burst of provisioning steps) go together at its end, so a burst costs one refetch.
 */
const COALESCE_MS = 100;
/** A stream ends after an hour; the panel opens a new one with a new ticket (sign-out or a closed account then show). */
const MAX_LIFETIME_MS = 60 * 60_000;
/** How soon the browser retries by itself; the panel normally takes over with a fresh ticket. */
const RETRY_MS = 5_000;

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Serves one customer's stream on a hijacked response until the client goes, the process stops or the
 * lifetime ends. Returns a function that ends it from outside (shutdown).
 */
export async function serveEventStream(
  res: ServerResponse,
  bus: EventBus,
  customerId: number,
  headers: Record<string, string>,
): Promise<() => void> {
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and other buffering proxies must pass each event on at once.
    'x-accel-buffering': 'no',
  });
  let pending = new Set<ServerEventTopic>();
  let flushTimer: NodeJS.Timeout | null = null;
  let lastSent = 0;
  const flush = () => {
    flushTimer = null;
    if (pending.size === 0 || res.writableEnded) return;
    // A resync covers everything: the others need not be named.
    const topics: ServerEventTopic[] = pending.has('resync') ? ['resync'] : [...pending];
    pending = new Set();
    lastSent = Date.now();
    res.write(frame('change', { topics }));
  };

  let ended = false;
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const lifetime = setTimeout(() => end(), MAX_LIFETIME_MS);
  const unsubscribe = await bus.subscribe(customerId, (topics) => {
    for (const topic of topics) pending.add(topic);
    if (flushTimer) return;
    const wait = lastSent + COALESCE_MS - Date.now();
    if (wait <= 0) flush();
    else flushTimer = setTimeout(flush, wait);
  });
  // Only now, listening: a change committed after the panel sees `ready` reaches this stream, so the
  // panel refetches just what it read before `ready` (a change in between would otherwise be lost).
  res.write(`retry: ${RETRY_MS}\n${frame('ready', { topics: [] })}`);

  function end() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    if (flushTimer) clearTimeout(flushTimer);
    unsubscribe();
    if (!res.writableEnded) res.end();
  }
  res.on('close', end);
  res.on('error', end);
  return end;
}
