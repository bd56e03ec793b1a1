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
