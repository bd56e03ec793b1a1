import { ApiError } from '../../api/client';

/** The server's detail of a failed call, or `fallback` when there is none (network, unreadable answer). */
export function serverDetail(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.detail) return error.detail;
  return fallback;
}

export const isServerError = (error: unknown) => error instanceof ApiError && error.status >= 500;
