import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression';
import { registerStaticWeb } from './static-web';

const script = `export const panel = "${'x'.repeat(4000)}";\n`;
const indexHtml = '<!doctype html><html><body><div id="root"></div></body></html>\n';

/** A built panel as `vite build` leaves it: each text file beside its brotli and gzip copies. */
function fakeDist() {
  const root = mkdtempSync(join(tmpdir(), 'nimbus-dist-'));
  mkdirSync(join(root, 'assets'));
  const write = (path: string, text: string) => {
    writeFileSync(join(root, path), text);
    writeFileSync(join(root, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(root, `${path}.gz`), gzipSync(text));
  };
  write('index.html', indexHtml);
  write('assets/index-abc123.js', script);
  writeFileSync(join(root, 'assets', 'logo-abc123.png'), 'png');
  return root;
}

describe('the built panel', () => {
  let app: FastifyInstance;
  let root: string;
  beforeAll(async () => {
    root = fakeDist();
    app = Fastify();
    // As in the app: API compression is registered first and must leave precompressed files alone.
    await registerCompression(app);
    await registerStaticWeb(app, root);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the brotli copy of a script to a browser that accepts it, cached for good', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The copy the build made, not one compressed on the fly.
    expect(res.rawPayload).toEqual(readFileSync(join(root, 'assets', 'index-abc123.js.br')));
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when only gzip is accepted, the file itself otherwise', async () => {
    const gzip = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload).toEqual(readFileSync(join(root, 'assets', 'index-abc123.js.gz')));
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('serves a file without compressed copies as it is', async () => {
    const res = await app.inject({ url: '/assets/logo-abc123.png', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('png');
  });

  it('never lets index.html be cached, on / and on a deep link, compressed or not', async () => {
    for (const url of ['/', '/dashboard', '/instances/7/access']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.rawPayload).toEqual(readFileSync(join(root, 'index.html.br')));
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(indexHtml);
    }
  });

  it('answers an unknown API path with the envelope, not the panel', async () => {
    const res = await app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
  });
});
