import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log';

describe('request log', () => {
  it('writes one line per answered request, with the request in it, and errors as before', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLinePerRequest() });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    await app.inject({ method: 'GET', url: '/ok' });
    expect(lines.map((l) => l.msg)).toEqual(['request completed']);
    expect(lines[0]).toMatchObject({ req: { method: 'GET', url: '/ok' }, res: { statusCode: 200 } });
    await app.inject({ method: 'GET', url: '/fails' });
    expect(lines.some((l) => l.msg === 'boom' && l.level === 50)).toBe(true);
    await app.close();
  });
});
