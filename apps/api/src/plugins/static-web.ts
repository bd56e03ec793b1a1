import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { webDistDir } from '../paths';

/**
 * Serves the built panel: hashed assets cached for a year, index.html never cached, and every
 * non-API GET falls back to index.html so the panel's router handles deep links.
 */
export async function registerStaticWeb(app: FastifyInstance) {
  const indexFile = join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built panel at ${webDistDir}; run "npm run build" (API only until then).`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // Our header below, not the plugin's default `max-age=0`.
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader(
        'cache-control',
        path.includes(`${join(webDistDir, 'assets')}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });
  const sendIndex = (reply: import('fastify').FastifyReply) =>
    reply.sendFile('index.html', webDistDir, { cacheControl: false }).header('cache-control', 'no-cache');
  app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') {
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', detail: `No route ${request.method} ${path}.`, data: null });
    }
    const file = join(webDistDir, path);
    if (file.startsWith(webDistDir) && path !== '/' && existsSync(file) && !path.endsWith('/')) {
      return reply.sendFile(path.slice(1), webDistDir);
    }
    return sendIndex(reply);
  });
}
