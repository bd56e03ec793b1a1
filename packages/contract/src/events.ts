import { z } from 'zod';
import { serverEventTopics } from './events-constants';

/** Server push (`GET /api/events`): the topics and limits are in events-constants.ts. */
export const serverEventTopicSchema = z.enum(serverEventTopics);
export type ServerEventTopic = z.infer<typeof serverEventTopicSchema>;

/** The `data` of a `change` event. */
export const serverEventSchema = z.object({ topics: z.array(serverEventTopicSchema).min(1) });
export type ServerEvent = z.infer<typeof serverEventSchema>;

/** A one-use ticket for opening the stream, good for `EVENT_TICKET_TTL_SECONDS`. */
export const eventTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export type EventTicket = z.infer<typeof eventTicketSchema>;
export const eventStreamQuerySchema = z.object({ ticket: z.string().min(1).max(128) });
