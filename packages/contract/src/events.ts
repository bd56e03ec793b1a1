import { z } from 'zod';

/**
 * Server push (`GET /api/events`, Server-Sent Events): what changed for the signed-in customer, by topic,
 * never the data itself — the panel refetches the queries a topic names. `resync` means events may have
 * been missed (the server lost its database listener): refetch everything a topic covers.
 */
export const serverEventTopics = ['instances', 'balance', 'payments', 'account', 'resync'] as const;
export const serverEventTopicSchema = z.enum(serverEventTopics);
export type ServerEventTopic = z.infer<typeof serverEventTopicSchema>;

/** The `data` of a `change` event. */
export const serverEventSchema = z.object({ topics: z.array(serverEventTopicSchema).min(1) });
export type ServerEvent = z.infer<typeof serverEventSchema>;

/** A one-use ticket for opening the stream, good for `EVENT_TICKET_TTL_SECONDS`. */
export const eventTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export type EventTicket = z.infer<typeof eventTicketSchema>;
export const EVENT_TICKET_TTL_SECONDS = 60;
export const eventStreamQuerySchema = z.object({ ticket: z.string().min(1).max(128) });

/** The ticket's answer (503) when the operator turned server push off (`EVENT_STREAM=false`): the panel polls. */
export const EVENT_STREAM_OFF = 'EVENT_STREAM_OFF';
