import { z } from 'zod';

/** Every JSON answer of the API: `code` is "OKAY" on success, a stable UPPER_SNAKE code otherwise. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.string(), detail: z.string(), data });

export const validationIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const errorEnvelopeSchema = z
  .object({
    code: z.string(),
    detail: z.string(),
    data: z.null(),
    requestId: z.string().optional(),
    issues: z.array(validationIssueSchema).optional(),
  })
  .catchall(z.unknown());
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
