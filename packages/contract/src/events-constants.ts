// The zod-free part of events.ts (zod-free.test.ts): the panel loads it without zod.

/**
 * Server push (`GET /api/events`, Server-Sent Events): what changed for the signed-in customer, by topic,
 * never the data itself — the panel refetches the queries a topic names. `resync` means events may have
 * been missed (the server lost its database listener): refetch everything a topic covers.
 */
export const serverEventTopics = [
  'instances',
  'snapshots',
  'backups',
  'isos',
  'metrics',
  'balance',
  'payments',
  'account',
  'tickets',
  'notifications',
  'floatingIps',
  'resync',
] as const;

export const EVENT_TICKET_TTL_SECONDS = 60;

/** The ticket's answer (503) when the operator turned server push off (`EVENT_STREAM=false`): the panel polls. */
export const EVENT_STREAM_OFF = 'EVENT_STREAM_OFF';
