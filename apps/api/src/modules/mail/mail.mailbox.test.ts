import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { loadConfig } from '../../config';
import { createMailService } from './mail.service';

const link = 'https://panel.example/api/auth/verify-main-email?token=mbx';
const KEY = 'mailbox-key-for-tests-1234';
/** A mailbox address with the key in its query, as the start-up line prints it. */
const keyed = (url: string) => `${url}${url.includes('?') ? '&' : '?'}key=${KEY}`;

describe('development mailbox without SMTP', () => {
  let t: TestApp;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ DEV_MAILBOX_KEY: KEY }, { workers: true });
    const mail = createMailService({ jobs: t.jobs, config: loadConfig({}) });
    ids.push(
      await mail.enqueue(t.db, {
        customerId: null,
        to: 'Reader@Example.com',
        locale: 'en',
        template: 'verify-email',
        params: { fullname: 'Rita Reader', link, code: '246810' },
      }),
      await mail.enqueue(t.db, {
        customerId: null,
        to: 'other@example.com',
        locale: 'ar',
        template: 'password-changed',
        params: { fullname: '<i>Omar</i>' },
      }),
    );
    await mail.dispatch(ids);
  });
  afterAll(() => t.close());

  it('lists mail newest first as an HTML page that needs no script', async () => {
    const res = await t.app.inject({ method: 'GET', url: keyed('/dev/mailbox') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toContain('<script');
    expect(res.body.indexOf('تم تغيير كلمة المرور')).toBeLessThan(
      res.body.indexOf('Confirm your email address'),
    );
    expect(res.body).toContain(`href="/dev/mailbox/${ids[0]}?key=${KEY}"`);
    expect(res.body).toContain(`<input type="hidden" name="key" value="${KEY}">`);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toContain('Reader@Example.com');
  });

  it('filters the page by recipient', async () => {
    const res = await t.app.inject({ method: 'GET', url: keyed('/dev/mailbox?to=other@example.com') });
    expect(res.body).not.toContain('Confirm your email address');
    expect(res.body).toContain('value="other@example.com"');
    const none = await t.app.inject({ method: 'GET', url: keyed('/dev/mailbox?to=%22%3E%3Cb%3Ex') });
    expect(none.body).toContain('No mail for this recipient.');
    expect(none.body).not.toContain('"><b>x');
  });

  it('finds a mail by recipient as JSON, whatever the case of the address', async () => {
    const res = await t.app.inject({ method: 'GET', url: keyed('/dev/mailbox.json?to=reader@example.com') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('OKAY');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      id: ids[0],
      to: 'Reader@Example.com',
      subject: 'Confirm your email address',
      template: 'verify-email',
      locale: 'en',
    });
    expect(body.data[0].text).toContain('246810');
    expect(body.data[0].html).toContain(link);
    expect(new Date(body.data[0].createdAt).getTime()).not.toBeNaN();
    const all = await t.app.inject({ method: 'GET', url: keyed('/dev/mailbox.json') });
    expect(all.json().data.map((m: { id: number }) => m.id)).toEqual([ids[1], ids[0]]);
  });

  it('shows one mail with working links and its text version', async () => {
    const res = await t.app.inject({ method: 'GET', url: keyed(`/dev/mailbox/${ids[0]}`) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<a href="${link}"`);
    expect(res.body).toContain('>246810</div>');
    expect(res.body).toMatch(/<pre lang="en" dir="ltr">[\s\S]*246810[\s\S]*<\/pre>/);
    expect(res.body).not.toContain('<script');
    const arabic = await t.app.inject({ method: 'GET', url: keyed(`/dev/mailbox/${ids[1]}`) });
    expect(arabic.body).toContain('<section class="mail" lang="ar" dir="rtl">');
    expect(arabic.body).toContain('&lt;i&gt;Omar&lt;/i&gt;');
    expect(arabic.body).not.toContain('<i>Omar</i>');
  });

  it('answers 404 for an unknown mail and 400 for a malformed id', async () => {
    expect((await t.app.inject({ method: 'GET', url: keyed('/dev/mailbox/999999') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: keyed('/dev/mailbox/abc') })).statusCode).toBe(400);
  });

  it('is delivered by the running workers', async () => {
    const deadline = Date.now() + 20_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      const res = await t.app.inject({ method: 'GET', url: keyed('/dev/mailbox.json') });
      statuses = res.json().data.map((m: { status: string }) => m.status);
      if (statuses.every((s) => s === 'sent')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(statuses).toEqual(['sent', 'sent']);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox/{id}']),
    );
  });
});

describe('development mailbox with SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox.json?to=a@example.com', '/dev/mailbox/1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/dev'))).toEqual([]);
  });
});
