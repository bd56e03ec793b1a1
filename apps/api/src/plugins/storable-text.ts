import { errorCodes, isStorableText, messageText } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

const MESSAGE = 'validation.text.invalidCharacters';
// JSON bodies nest shallowly; deeper values are no schema's and fail validation anyway.
const MAX_DEPTH = 32;

/** The path of the first string (or object key) in `value` that PostgreSQL cannot hold, or null. */
export function unstorableTextPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || path.length >= MAX_DEPTH) {
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key];
    const found = unstorableTextPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * One check for every route, inside /api and out (mailbox filter, sandbox checkout): a NUL or a lone
 * surrogate in the path, query or body is a 400 naming the field. PostgreSQL refuses both in text and
 * jsonb, so left to the query they were 500s; listing them in each schema would miss the next route.
 */
export function registerStorableTextCheck(app: FastifyInstance) {
  // A callback hook: most requests have nothing to refuse, and need no promise for it.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = unstorableTextPath(part);
      if (!path) continue;
      const field = path.join('.');
      done(
        new AppError(400, errorCodes.validation, `${field ? `${field}: ` : ''}${messageText(MESSAGE)}`, {
          issues: [{ path: field, message: MESSAGE }],
        }),
      );
      return;
    }
    done();
  });
}
