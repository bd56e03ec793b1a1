import { z } from 'zod';

/** Every JSON answer of the API: `code` is "OKAY" on success, a stable UPPER_SNAKE code otherwise. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.string(), detail: z.string(), data });

export const OKAY = 'OKAY' as const;

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

/** Codes shared by the API and the panel. Areas add their own next to their schemas. */
export const errorCodes = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  tokenExpired: 'TOKEN_EXPIRED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  notAvailableYet: 'NOT_AVAILABLE_YET',
  // The HTTP layer's own refusals, before a route runs.
  badRequest: 'BAD_REQUEST',
  badUrl: 'BAD_URL',
  invalidJson: 'INVALID_JSON',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  uriTooLong: 'URI_TOO_LONG',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  requestTimeout: 'REQUEST_TIMEOUT',
  idempotencyKeyInvalid: 'IDEMPOTENCY_KEY_INVALID',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  idempotencyRequestInProgress: 'IDEMPOTENCY_REQUEST_IN_PROGRESS',
} as const;
