import { z } from 'zod';
import { metricNames } from './metrics-rules';

/** GET /instances/{id}/metrics (instances.md §7): the latest sample, or a history by the period's step. */
export const metricsQuerySchema = z
  .object({
    typeQuery: z.enum(['simple', 'history']).default('simple'),
    type: z.enum(metricNames),
    /** Epoch milliseconds, for a history. */
    start: z.coerce.number().int().nonnegative().optional(),
    end: z.coerce.number().int().nonnegative().optional(),
    /** The step of a history in minutes (the period's; 5 by default). */
    step: z.coerce.number().int().min(1).max(1440).default(5),
  })
  .refine(
    (q) => q.typeQuery === 'simple' || (q.start !== undefined && q.end !== undefined && q.start < q.end),
    {
      path: ['start'],
      message: 'validation.date.rangeRequired',
    },
  )
  .refine((q) => q.start === undefined || q.end === undefined || q.end - q.start <= 15 * 86_400_000, {
    path: ['end'],
    message: 'validation.invalid',
  });
export type MetricsQuery = z.input<typeof metricsQuerySchema>;

export const metricPointSchema = z.object({
  /** Epoch seconds of the start of the step. */
  timestamp: z.number().int(),
  value: z.number(),
});
export type MetricPoint = z.infer<typeof metricPointSchema>;
export const metricPointsSchema = z.array(metricPointSchema);
