import type { ServerEventTopic } from '@nimbus/contract';
import pg from 'pg';

/** The PostgreSQL channel the database's change triggers publish on (migration 0010). */
export const EVENTS_CHANNEL = 'nimbus_events';

type Deliver = (topics: ServerEventTopic[]) => void;
interface Log {
  warn(obj: object, msg: string): void;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;

/** A notification's payload: `{ c, t }`, or `{ t }` alone for every customer (a bulk statement). */
function parse(payload: string | undefined): { customerId: number | null; topic: ServerEventTopic } | null {
  try {
    const { c, t } = JSON.parse(payload ?? '') as { c?: unknown; t?: unknown };
    if (typeof t !== 'string') return null;
    return { customerId: typeof c === 'number' ? c : null, topic: t as ServerEventTopic };
  } catch {
    return null;
  }
}

/**
 * This process's end of the fan-out: one connection LISTENing on the channel, handing each notification
 * to the streams of the customer it names. Any number of API processes each hold their own, and any
 * process writing to the database publishes, so a server built by a worker reaches every tab. After the
 * connection was lost every stream gets `resync`, since notifications sent meanwhile are gone.
 */
export function createEventBus(connection: pg.ClientConfig, log: Log) {
  const subscribers = new Map<number, Set<Deliver>>();
  let client: pg.Client | null = null;
  let starting: Promise<void> | null = null;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  let closed = false;
  let lostConnection = false;

  const everyone = () => [...subscribers.values()].flatMap((set) => [...set]);

  function onNotification(message: pg.Notification) {
    const event = parse(message.payload);
    if (!event) return;
    const targets = event.customerId === null ? everyone() : [...(subscribers.get(event.customerId) ?? [])];
    for (const deliver of targets) deliver([event.topic]);
  }

  function scheduleReconnect(error?: unknown) {
    if (closed || retryTimer) return;
    if (error) log.warn({ err: String(error) }, 'event listener lost its database connection; reconnecting');
    lostConnection = true;
    client = null;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      starting = null;
      void start();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  function start(): Promise<void> {
    if (closed) return Promise.resolve();
    starting ??= (async () => {
      // A connection of its own, outside the pool: LISTEN holds it for the life of the process.
      const listener = new pg.Client({ ...connection, application_name: 'nimbus-events' });
      listener.on('notification', onNotification);
      listener.on('error', (error) => scheduleReconnect(error));
      listener.on('end', () => {
        if (client === listener) scheduleReconnect();
      });
      try {
        await listener.connect();
        await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
      } catch (error) {
        await listener.end().catch(() => {});
        scheduleReconnect(error);
        return;
      }
      if (closed) {
        await listener.end().catch(() => {});
        return;
      }
      client = listener;
      retryMs = RETRY_MIN_MS;
      if (lostConnection) {
        lostConnection = false;
        for (const deliver of everyone()) deliver(['resync']);
      }
    })();
    return starting;
  }

  return {
    /** Starts listening (once) and delivers the customer's topics to `deliver` until unsubscribed. */
    async subscribe(customerId: number, deliver: Deliver): Promise<() => void> {
      const set = subscribers.get(customerId) ?? new Set<Deliver>();
      subscribers.set(customerId, set);
      set.add(deliver);
      await start();
      return () => {
        set.delete(deliver);
        if (set.size === 0 && subscribers.get(customerId) === set) subscribers.delete(customerId);
      };
    },
    /** Whether the listener is connected (false while reconnecting). */
    get listening() {
      return client !== null;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const listener = client;
      client = null;
      subscribers.clear();
      await listener?.end().catch(() => {});
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
