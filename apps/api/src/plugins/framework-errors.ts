import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorCodes } from '@nimbus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The HTTP layer's own refusals (Node's parser, Fastify's router and body parsers) as envelopes with
 * a stable code, so a client can tell them apart without parsing English.
 */
export interface FrameworkError {
  status: number;
  code: string;
  detail: string;
}

const byFastifyCode: Record<string, FrameworkError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: errorCodes.invalidJson,
    detail: 'The body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: errorCodes.invalidJson,
    detail: 'The body is empty but its content type is JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: errorCodes.payloadTooLarge,
    detail: 'The body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: errorCodes.unsupportedMediaType,
    detail: 'This content type is not accepted; send JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: errorCodes.badRequest,
    detail: 'The body does not match its Content-Length.',
  },
  FST_ERR_BAD_URL: { status: 400, code: errorCodes.badUrl, detail: 'The URL is not correctly encoded.' },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: errorCodes.uriTooLong,
    detail: 'A path parameter is too long.',
  },
};

/** The envelope for one of Fastify's own client errors, or null when `error` is not one. */
export function frameworkErrorOf(error: {
  code?: unknown;
  statusCode?: unknown;
  message?: unknown;
}): FrameworkError | null {
  const known = typeof error.code === 'string' ? byFastifyCode[error.code] : undefined;
  if (known) return known;
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status < 400 || status >= 500) return null;
  if (status === 413) return byFastifyCode.FST_ERR_CTP_BODY_TOO_LARGE!;
  if (status === 415) return byFastifyCode.FST_ERR_CTP_INVALID_MEDIA_TYPE!;
  const detail = typeof error.message === 'string' && error.message ? error.message : 'Bad request.';
  return { status, code: errorCodes.badRequest, detail };
}

const envelope = (e: FrameworkError) => ({ code: e.code, detail: e.detail, data: null });

/**
 * Fastify's `frameworkErrors` option: the router's refusals (bad URL encoding, over-long parameter)
 * happen before any route, so the error handler never sees them.
 */
export function onFrameworkError(
  error: Error & { code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const known = frameworkErrorOf(error) ?? {
    status: 500,
    code: errorCodes.internal,
    detail: 'Unexpected error occurred.',
  };
  reply.status(known.status).send(envelope(known));
}

/**
 * Node's `clientError`: a request Node's HTTP parser refused (oversized headers, a broken request
 * line, a timeout) never reaches Fastify, so the answer is written on the socket here.
 */
export function onClientError(error: Error & { code?: string }, socket: Duplex) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known: FrameworkError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? { status: 431, code: errorCodes.headersTooLarge, detail: 'The request headers are too large.' }
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? { status: 408, code: errorCodes.requestTimeout, detail: 'The request took too long to arrive.' }
        : { status: 400, code: errorCodes.badRequest, detail: 'The request is not valid HTTP.' };
  const body = JSON.stringify(envelope(known));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
