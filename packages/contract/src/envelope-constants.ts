// The zod-free part of envelope.ts (zod-free.test.ts): the panel loads it without zod.

export const OKAY = 'OKAY' as const;

/** Codes shared by the API and the panel. Areas add their own next to their other constants. */
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
