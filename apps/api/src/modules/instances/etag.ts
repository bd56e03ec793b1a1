import type { FastifyRequest } from 'fastify';

/** Whether an If-None-Match header names `etag` (a list, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Whether the client already holds the answer tagged `etag`, in which case the caller answers 304 without
 * computing the body: the tag names a version of the data (see `readVersion`), so a poll while nothing
 * changed costs one small query.
 */
export const clientHolds = (request: FastifyRequest, etag: string): boolean =>
  matches(request.headers['if-none-match'], etag);
