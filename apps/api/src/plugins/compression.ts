import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: below about a kilobyte compression saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/*
 * JSON (the envelope, the OpenAPI document) and text. Never `text/event-stream`: a compressor holds bytes
 * back until its block fills, so a server-sent event would reach the panel late or not at all.
 */
const COMPRESSIBLE = /^application\/(?:[\w.+-]+\+)?json(?:;|$)|^text\/(?!event-stream)/;

/**
 * Compresses API answers (brotli or gzip, as the client accepts) and sets `vary: accept-encoding`. Must be
 * registered before the routes: it attaches itself to each route as it is declared. The panel's built
 * files come precompressed (see static-web.ts) and keep their own `content-encoding`.
 */
export async function registerCompression(app: FastifyInstance) {
  // Request bodies stay as sent: the panel never compresses them, and a decoder on every route would
  // answer an unknown `content-encoding` with an error outside the envelope.
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
