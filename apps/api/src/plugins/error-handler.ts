import { errorCodes, messageText } from '@nimbus/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { frameworkErrorOf } from './framework-errors';

type Issue = { path: string; message: string };

function issuesOf(error: unknown): Issue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((v) => ({
    path: (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
    message: v.message ?? 'validation.invalid',
  }));
}

/** Maps every error to the envelope in one place; unknown errors never leak internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 429 && typeof error.extra.retryAfter === 'number') {
        reply.header('retry-after', String(error.extra.retryAfter));
      }
      return reply
        .status(error.status)
        .send({ code: error.code, detail: error.detail, data: null, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = issuesOf(error);
      const first = issues[0];
      const detail = first
        ? `${first.path ? `${first.path}: ` : ''}${messageText(first.message)}`
        : 'Invalid input.';
      return reply.status(400).send({ code: errorCodes.validation, detail, data: null, issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({
        code: errorCodes.internal,
        detail: 'Unexpected error occurred.',
        data: null,
        requestId: request.id,
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send({
        code: errorCodes.rateLimited,
        detail: 'Too many requests. Please wait a moment and try again.',
        data: null,
      });
    }
    // Fastify's own client errors: bad JSON, body too large, unsupported media type, …
    const framework = frameworkErrorOf(error);
    if (framework) {
      return reply
        .status(framework.status)
        .send({ code: framework.code, detail: framework.detail, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      code: errorCodes.internal,
      detail: 'Unexpected error occurred.',
      data: null,
      requestId: request.id,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      code: errorCodes.notFound,
      detail: `No route ${request.method} ${request.url.split('?')[0]}.`,
      data: null,
    });
  });
}
