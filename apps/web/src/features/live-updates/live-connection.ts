import { type ServerEvent, type ServerEventTopic, serverEventTopics } from '@nimbus/contract';
import { type LiveStatus, liveStatus } from './live-status';

/** What a live connection needs from the browser and the panel; injected so tests can drive it. */
export interface LiveConnectionDeps {
  /** A fresh one-use ticket (`POST /api/events/ticket`); null when the server has push turned off. */
  requestTicket: () => Promise<string | null>;
  openStream: (url: string) => EventSource;
  /** Topics that changed: their queries are refetched. */
  onTopics: (topics: readonly ServerEventTopic[]) => void;
  /**
   * The stream is open and the server listening: what was loaded before `readyAt`, or is still loading,
   * may have been read before that and missed a change, so it is refetched.
   */
  onOpen: (readyAt: number) => void;
  /** The stream is gone: polling takes over, starting with a refetch of what it covers. */
  onLost: () => void;
  document: Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;
}

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** A stream that stayed open this long was healthy: the next failure retries quickly again. */
const HEALTHY_MS = 60_000;

/**
 * One event stream per signed-in tab: ticket, EventSource, and on any failure polling until a retry (1 s,
 * doubling up to 30 s) succeeds. A hidden tab closes its stream (and TanStack Query stops polling in
 * the background); showing it again reopens the stream, which refetches what went stale meanwhile.
 */
export function startLiveConnection(deps: LiveConnectionDeps) {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryMs = RETRY_MIN_MS;
  let openedAt = 0;
  let stopped = false;
  let attempt = 0;

  const setStatus = (next: LiveStatus) => {
    const was = liveStatus.get();
    liveStatus.set(next);
    if (was === 'live' && next === 'down') deps.onLost();
  };

  const close = () => {
    source?.close();
    source = null;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  };

  const retryLater = () => {
    close();
    if (stopped) return;
    setStatus('down');
    if (Date.now() - openedAt > HEALTHY_MS && openedAt > 0) retryMs = RETRY_MIN_MS;
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  async function connect() {
    retryTimer = null;
    if (stopped || deps.document.hidden) return;
    const mine = ++attempt;
    if (liveStatus.get() !== 'down') setStatus('connecting');
    let ticket: string | null;
    try {
      ticket = await deps.requestTicket();
    } catch {
      if (mine === attempt) retryLater();
      return;
    }
    if (stopped || mine !== attempt || deps.document.hidden) return;
    if (ticket === null) {
      // Turned off by the operator: poll for good, without asking again.
      stopped = true;
      setStatus('down');
      return;
    }
    const stream = deps.openStream(`/api/events?ticket=${encodeURIComponent(ticket)}`);
    source = stream;
    stream.addEventListener('ready', () => {
      openedAt = Date.now();
      setStatus('live');
      deps.onOpen(openedAt);
    });
    stream.addEventListener('change', (event) => {
      const data = safeJson((event as MessageEvent<string>).data);
      if (isServerEvent(data)) deps.onTopics(data.topics);
    });
    // The browser would retry with the spent ticket: the panel asks for a new one instead.
    stream.onerror = () => {
      if (source === stream) retryLater();
    };
  }

  const onVisibility = () => {
    if (deps.document.hidden) {
      attempt++;
      close();
      setStatus('paused');
    } else if (!source && !retryTimer) {
      retryMs = RETRY_MIN_MS;
      void connect();
    }
  };

  deps.document.addEventListener('visibilitychange', onVisibility);
  void connect();
  return () => {
    stopped = true;
    attempt++;
    close();
    deps.document.removeEventListener('visibilitychange', onVisibility);
    liveStatus.set('off');
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isTopic = (value: unknown): value is ServerEventTopic =>
  serverEventTopics.some((topic) => topic === value);

/**
 * A `change` event's data as `serverEventSchema` describes it: one or more known topics. Anything else
 * (a topic of a newer server, garbage) is ignored; a plain check keeps zod off every page's startup path.
 */
export function isServerEvent(value: unknown): value is ServerEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { topics } = value as { topics?: unknown };
  return Array.isArray(topics) && topics.length > 0 && topics.every(isTopic);
}
