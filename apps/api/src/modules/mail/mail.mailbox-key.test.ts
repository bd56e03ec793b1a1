import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { loadConfig } from '../../config';
import { MAILBOX_KEY_HEADER, mailboxKey, mailboxUrl } from './mail.mailbox';
import { createMailService } from './mail.service';

// Every mailbox route, each with a query of its own (and one that would fail validation).
const routes = [
  '/dev/mailbox',
  '/dev/mailbox?to=victim@example.com',
  '/dev/mailbox.json',
  '/dev/mailbox.json?to=victim@example.com',
  '/dev/mailbox/1',
  '/dev/mailbox/abc',
];
const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

async function enqueueResetMail(t: TestApp) {
  const mail = createMailService({ jobs: t.jobs, config: loadConfig({}) });
  return mail.enqueue(t.db, {
    customerId: null,
    to: 'victim@example.com',
    locale: 'en',
    template: 'password-changed',
    params: { fullname: 'Victor Victim' },
  });
}

/** Asserts the answer is the envelope's 404, the same as for a path nothing serves. */
function expectUnknownRoute(res: { statusCode: number; json(): unknown }, url: string) {
  expect(res.statusCode, url).toBe(404);
  expect(res.json(), url).toEqual({
    code: 'NOT_FOUND',
    detail: expect.stringMatching(/^No route GET /),
    data: null,
  });
}

describe.each([
  { name: 'directly', env: {}, headers: {} },
  {
    name: 'behind a loopback proxy (TRUST_PROXY)',
    env: { TRUST_PROXY: true },
    headers: { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': '127.0.0.1' },
  },
])('development mailbox key, $name', ({ env, headers }) => {
  let t: TestApp;
  let key: string;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(env);
    id = await enqueueResetMail(t);
    key = await mailboxKey({ config: t.config, db: t.db });
  });
  afterAll(() => t.close());

  it('is generated once and shared through the database', async () => {
    expect(key).toMatch(/^[\w-]{32}$/);
    expect(await mailboxKey({ config: t.config, db: t.db })).toBe(key);
  });

  it('answers 404 in the envelope on every mailbox route without the key', async () => {
    for (const url of [...routes, `/dev/mailbox/${id}`]) {
      expectUnknownRoute(
        await t.app.inject({ method: 'GET', url, headers, remoteAddress: '127.0.0.1' }),
        url,
      );
    }
  });

  it('answers 404 with a wrong, empty, repeated or truncated key', async () => {
    const wrong = ['nope', '', encodeURIComponent(key.slice(0, -1)), `${key}x`, `${key}&key=${key}`];
    for (const url of routes) {
      for (const k of wrong) {
        const res = await t.app.inject({ method: 'GET', url: withQuery(url, `key=${k}`), headers });
        expectUnknownRoute(res, `${url} key=${k}`);
      }
      const header = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, [MAILBOX_KEY_HEADER]: 'nope' },
      });
      expectUnknownRoute(header, `${url} with a wrong header`);
    }
  });

  it('opens with the key in the query or the header', async () => {
    const page = await t.app.inject({ method: 'GET', url: withQuery('/dev/mailbox', `key=${key}`), headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('victim@example.com');
    const json = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox.json?to=victim@example.com',
      headers: { ...headers, [MAILBOX_KEY_HEADER]: key },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().data.map((m: { id: number }) => m.id)).toEqual([id]);
    const bad = await t.app.inject({
      method: 'GET',
      url: withQuery('/dev/mailbox/abc', `key=${key}`),
      headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('carries the key in every link of its pages, so they work when clicked', async () => {
    const start = mailboxUrl('', key);
    const list = await t.app.inject({ method: 'GET', url: `${start}&to=victim@example.com`, headers });
    const links = [...list.body.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(links).toContain(`/dev/mailbox/${id}?key=${key}`);
    expect(links).toContain(`/dev/mailbox?key=${key}`);
    for (const href of links) {
      expect((await t.app.inject({ method: 'GET', url: href, headers })).statusCode, href).toBe(200);
    }
    const message = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}?key=${key}`, headers });
    expect(message.body).toContain(`href="/dev/mailbox?key=${key}"`);
  });
});

describe('development mailbox key from configuration', () => {
  let t: TestApp;
  const key = 'configured-mailbox-key/+&=';
  beforeAll(async () => {
    t = await createTestApp({ DEV_MAILBOX_KEY: key });
  });
  afterAll(() => t.close());

  it('is the configured one, escaped in the printed link', async () => {
    expect(await mailboxKey({ config: t.config, db: t.db })).toBe(key);
    const url = mailboxUrl('', key);
    expect(url).toBe('/dev/mailbox?key=configured-mailbox-key%2F%2B%26%3D');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expectUnknownRoute(await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' }), 'no key');
  });
});
