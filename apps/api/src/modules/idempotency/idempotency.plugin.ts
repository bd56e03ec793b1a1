import {
  errorCodes,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  idempotencyKeySchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { customerOf } from '../auth/auth.guard';
import {
  createIdempotencyService,
  type HeldKey,
  type IdempotencyRecord,
  type IdempotencyScope,
  requestHashOf,
} from './idempotency.service';

interface IdempotencyState {
  held: HeldKey;
  record: IdempotencyRecord | null;
  scope: IdempotencyScope | null;
  replayed: boolean;
  done: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accept an `Idempotency-Key` header on this route (after `requireCustomer`). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: IdempotencyState | null;
  }
}

/** The scope an operation acts under when the request carried an `Idempotency-Key`, else null. */
export const idempotencyScopeOf = (request: FastifyRequest): IdempotencyScope | null =>
  request.idempotency?.scope ?? null;

const headerDescription =
  'Optional. 1–255 printable ASCII characters (a UUID per submit is a good choice). The same key with the ' +
  `same request within ${IDEMPOTENCY_KEY_TTL_HOURS} hours answers the first answer again (header ` +
  '`Idempotent-Replayed: true`) without acting twice; with another request 422 IDEMPOTENCY_KEY_REUSED; ' +
  'while the first is still running 409 IDEMPOTENCY_REQUEST_IN_PROGRESS.';

// Documented with its limits; checked in the pre-handler, which answers IDEMPOTENCY_KEY_INVALID.
const headersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .optional()
    .meta({ description: headerDescription, minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' }),
});

const listOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Stripe-style idempotency for the routes that charge or credit (marked `config: { idempotent: true }`):
 * the key is held by a session advisory lock for the request's run, the record says what the key was
 * first used for, and the answer is recorded before it is sent. See docs/decisions.md.
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Database }) {
  const service = createIdempotencyService(deps);
  app.decorateRequest('idempotency', null);
  app.addHook('onClose', async () => service.close());

  async function holdKey(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !idempotencyKeySchema.safeParse(key).success) {
      throw badRequest(
        errorCodes.idempotencyKeyInvalid,
        'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
      );
    }
    const customer = customerOf(request);
    const held = await service.tryHold(customer.id, key);
    if (!held) {
      throw new AppError(
        409,
        errorCodes.idempotencyRequestInProgress,
        'A request with this Idempotency-Key is still running; retry once it has answered.',
      );
    }
    const state: IdempotencyState = { held, record: null, scope: null, replayed: false, done: false };
    request.idempotency = state;
    const [path = '', query = ''] = request.url.split('?', 2);
    const requestHash = requestHashOf(query, request.body);
    const record = await service.claim(held, {
      customerId: customer.id,
      key,
      method: request.method,
      path,
      requestHash,
    });
    if (record.method !== request.method || record.path !== path || record.requestHash !== requestHash) {
      throw new AppError(
        422,
        errorCodes.idempotencyKeyReused,
        'This Idempotency-Key was already used for a different request; use a new key for a new request.',
      );
    }
    if (record.responseStatus !== null) {
      state.replayed = true;
      return reply
        .status(record.responseStatus)
        .type('application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(JSON.stringify(record.responseBody));
    }
    state.record = record;
    state.scope = service.scopeOf(record);
  }

  // Runs before the answer is written: the client never sees an answer that is not recorded yet.
  async function recordAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const state = request.idempotency;
    if (!state || state.done) return payload;
    state.done = true;
    try {
      // 5xx answers are not final: the retry runs again and resumes from what committed.
      const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
      if (state.record && !state.replayed && reply.statusCode < 500 && json && typeof payload === 'string') {
        await service.recordAnswer(state.held, state.record.id, reply.statusCode, JSON.parse(payload));
      }
    } finally {
      await state.held.release();
    }
    return payload;
  }

  async function releaseKey(request: FastifyRequest) {
    await request.idempotency?.held.release();
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    route.schema = { ...route.schema, headers: route.schema?.headers ?? headersSchema };
    route.preHandler = [...listOf(route.preHandler), holdKey] as RouteOptions['preHandler'];
    route.onSend = [...listOf(route.onSend), recordAnswer] as RouteOptions['onSend'];
    route.onResponse = [...listOf(route.onResponse), releaseKey] as RouteOptions['onResponse'];
  });
}
