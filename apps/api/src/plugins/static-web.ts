import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { webDistDir } from '../paths';

/**
 * Serves the built panel: hashed assets cached for a year, index.html never cached, and every
 * non-API GET falls back to index.html so the panel's router handles deep links. The build writes a
 * brotli and a gzip copy beside each text file (apps/web/vite.config.ts); the copy the browser accepts
 * is sent with its `content-encoding`, and `vary: accept-encoding` keeps shared caches from handing it
 * to a client that did not ask for it.
 */
export async function registerStaticWeb(app: FastifyInstance, root = webDistDir) {
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built panel at ${root}; run "npm run build" (API only until then).`);
    return;
  }
  const assetsDir = join(root, 'assets');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Our header below, not the plugin's default `max-age=0`.
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader(
        'cache-control',
        path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const sendIndex = (reply: import('fastify').FastifyReply) =>
    reply.sendFile('index.html', root, { cacheControl: false }).header('cache-control', 'no-cache');
  app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') {
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', detail: `No route ${request.method} ${path}.`, data: null });
    }
    const file = join(root, path);
    if (file.startsWith(root) && path !== '/' && existsSync(file) && !path.endsWith('/')) {
      return reply.sendFile(path.slice(1), root);
    }
    return sendIndex(reply);
  });
}
