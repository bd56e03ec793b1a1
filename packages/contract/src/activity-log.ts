import { z } from 'zod';
import { idParamSchema } from './ids';

export const activityLogEntrySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  data: z.record(z.string(), z.unknown()),
  payload: z.object({ mainIp: z.string().nullable().optional() }).nullable(),
  iid: z.number().int().nullable(),
  timestamp: z.string(),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntrySchema>;

/**
 * Cursor paging: `endTimestamp` is the timestamp of the last entry seen (entries strictly older follow);
 * an empty page is the end. Timestamps carry microseconds (`2025-01-31T12:00:00.123456Z`) and must be sent
 * back unchanged; a page never ends inside a group of entries sharing one timestamp, so none is skipped.
 */
export const activityLogQuerySchema = z.object({
  instanceId: idParamSchema.optional(),
  endTimestamp: z.iso.datetime({ offset: true, local: false }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ActivityLogQuery = z.input<typeof activityLogQuerySchema>;

export const activityLogListSchema = z.object({ logs: z.array(activityLogEntrySchema) });
export type ActivityLogList = z.infer<typeof activityLogListSchema>;
