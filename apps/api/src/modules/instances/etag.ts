import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong ETag of a serialized answer: the same bytes give the same tag. */
export const etagOf = (body: string | Buffer) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** Whether an If-None-Match header names `etag` (a list, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * onSend hook for polled GET routes (`onSend: withEtag`): tags a 200 answer with a strong ETag of its
 * serialized body and answers 304 with no body when the client already holds it, so the panel's polling
 * (list every 6 s, detail every 3 s) costs one query and no transfer while nothing changes. `no-cache`
 * makes browsers revalidate instead of reusing a stale answer.
 */
export async function withEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  const etag = etagOf(payload);
  reply.header('etag', etag);
  reply.header('cache-control', 'private, no-cache');
  if (!matches(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  return '';
}
