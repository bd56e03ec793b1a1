import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { COMPRESSION_THRESHOLD_BYTES, registerCompression } from './compression';

const envelope = (size: number) => ({
  code: 'OKAY',
  detail: 'Okay.',
  data: { items: Array.from({ length: size }, (_, i) => ({ id: i, hostname: `server-${i}.example` })) },
});
const bigEnvelope = envelope(200);
const smallEnvelope = envelope(1);
const events = `${'data: {"type":"instances"}\n\n'.repeat(100)}`;

describe('API compression', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await registerCompression(app);
    app.get('/big', async () => bigEnvelope);
    app.get('/small', async () => smallEnvelope);
    app.get('/events', (_req, reply) => {
      reply.type('text/event-stream').send(Readable.from([events]));
    });
    app.post('/echo', async (req) => ({ code: 'OKAY', detail: 'Okay.', data: req.body }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends a JSON answer above the threshold in brotli when accepted, the envelope intact', async () => {
    expect(JSON.stringify(bigEnvelope).length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const res = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(bigEnvelope);
  });

  it('falls back to gzip, and to identity for a client that accepts neither', async () => {
    const gzip = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(bigEnvelope);
    const plain = await app.inject({ url: '/big', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(bigEnvelope);
  });

  it('leaves an answer under the threshold as it is', async () => {
    const res = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(smallEnvelope);
  });

  it('never compresses an event stream, whatever its size', async () => {
    const res = await app.inject({ url: '/events', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(events);
  });

  it('reads request bodies as sent: a compressed body is not decoded', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'bogus' },
      payload: JSON.stringify({ a: 1 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ a: 1 });
  });
});

describe('API compression in the whole app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('compresses a large JSON answer of the API', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('keeps the envelope of an error answer whole when compressed', async () => {
    const res = await t.app.inject({ url: '/api/no-such-route', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(404);
    const body =
      res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
    expect(JSON.parse(body)).toMatchObject({ code: 'NOT_FOUND', data: null });
  });
});
