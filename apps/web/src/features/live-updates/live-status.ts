/**
 * Whether the server's event stream is carrying this tab's changes. While it is, the panel does not poll:
 * the polled queries ask `unlessLive` for their interval.
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'paused' | 'down';

let status: LiveStatus = 'off';
const listeners = new Set<() => void>();

export const liveStatus = {
  get: () => status,
  set(next: LiveStatus) {
    if (next === status) return;
    status = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** A polled query's interval: none while the stream is live (events refetch it), else the fallback. */
export const unlessLive = (interval: number | false): number | false =>
  status === 'live' ? false : interval;

/**
 * How often a query that only the stream keeps fresh (the bell, an open ticket's thread: changes staff
 * make) is fetched while the stream is not live. Six seconds, the instance list's rhythm: a reply shows
 * about as soon as a polled server status would, and only a visible tab asks (hidden tabs do not poll).
 */
export const FALLBACK_POLL_MS = 6_000;
