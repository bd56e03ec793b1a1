import { errorCodes } from '@nimbus/contract';

/**
 * The one error type services throw. The error handler turns it into the envelope
 * `{ code, detail, data: null, ...extra }` with `status`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, detail: string, extra?: Record<string, unknown>) =>
  new AppError(400, code, detail, extra);
export const unauthorized = (detail = 'Sign in to continue.', code: string = errorCodes.unauthenticated) =>
  new AppError(401, code, detail);
export const forbidden = (code: string, detail: string, extra?: Record<string, unknown>) =>
  new AppError(403, code, detail, extra);
export const notFound = (detail = 'Not found.', code: string = errorCodes.notFound) =>
  new AppError(404, code, detail);
export const conflict = (code: string, detail: string) => new AppError(409, code, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new AppError(429, errorCodes.rateLimited, detail, { retryAfter: retryAfterSeconds });
