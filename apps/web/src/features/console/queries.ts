import type { EventTicket } from '@nimbus/contract';
import { api } from '../../api/client';

/** A one-use ticket for the instance's console WebSocket (asked anew for every connection). */
export const consoleTicket = (instanceId: number) =>
  api<EventTicket>(`/instances/${instanceId}/console`, { method: 'POST' });

/** Where the console's WebSocket is, on the panel's own origin. */
export function consoleSocketUrl(instanceId: number, ticket: string, location: Location = window.location) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/instances/${instanceId}/console?ticket=${encodeURIComponent(ticket)}`;
}
