import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits, signIn, signUp } from '../auth/auth.test-helpers';
import { createCaptchaVerifier, turnstileCaptcha } from './captcha';

const SECRET = 'turnstile-secret';
const GOOD = 'good-token';

/** A stand-in for Cloudflare's siteverify on loopback: accepts GOOD with the right secret. */
function startSiteverify() {
  const received: URLSearchParams[] = [];
  let mode: 'normal' | 'error' | 'slow' = 'normal';
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      received.push(form);
      if (mode === 'error') {
        res.writeHead(500).end('oops');
        return;
      }
      const success = form.get('secret') === SECRET && form.get('response') === GOOD;
      const answer = () =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success, 'error-codes': success ? [] : ['invalid-input-response'] }));
      if (mode === 'slow') setTimeout(answer, 500);
      else answer();
    });
  });
  return new Promise<{
    url: string;
    received: URLSearchParams[];
    setMode(m: typeof mode): void;
    close(): Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/siteverify`,
        received,
        setMode: (m) => {
          mode = m;
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe('captcha', () => {
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  beforeAll(async () => {
    siteverify = await startSiteverify();
  });
  afterAll(() => siteverify.close());

  describe('Turnstile verifier', () => {
    it('accepts a good token, posting secret, response and remote IP', async () => {
      const verifier = turnstileCaptcha({ secret: SECRET, verifyUrl: siteverify.url });
      expect(await verifier.verify(GOOD, '198.51.100.4')).toBe(true);
      const form = siteverify.received.at(-1)!;
      expect(Object.fromEntries(form)).toEqual({ secret: SECRET, response: GOOD, remoteip: '198.51.100.4' });
    });

    it('rejects a bad or missing token without asking for the missing one', async () => {
      const verifier = turnstileCaptcha({ secret: SECRET, verifyUrl: siteverify.url });
      expect(await verifier.verify('bad-token')).toBe(false);
      const calls = siteverify.received.length;
      expect(await verifier.verify(undefined)).toBe(false);
      expect(siteverify.received.length).toBe(calls);
    });

    it('fails closed when the verifier errs, is slow or unreachable', async () => {
      siteverify.setMode('error');
      expect(await turnstileCaptcha({ secret: SECRET, verifyUrl: siteverify.url }).verify(GOOD)).toBe(false);
      siteverify.setMode('slow');
      const impatient = turnstileCaptcha({ secret: SECRET, verifyUrl: siteverify.url, timeoutMs: 100 });
      expect(await impatient.verify(GOOD)).toBe(false);
      siteverify.setMode('normal');
      const nowhere = turnstileCaptcha({ secret: SECRET, verifyUrl: 'http://127.0.0.1:9/siteverify' });
      expect(await nowhere.verify(GOOD)).toBe(false);
    });

    it('is chosen by configuration, and needs its secret', () => {
      const base = { CAPTCHA_VERIFY_URL: siteverify.url, CAPTCHA_SECRET: undefined };
      expect(() => createCaptchaVerifier({ ...base, CAPTCHA_PROVIDER: 'turnstile' })).toThrow(
        /CAPTCHA_SECRET/,
      );
      expect(createCaptchaVerifier({ ...base, CAPTCHA_PROVIDER: 'none' })).toBeTruthy();
    });
  });

  describe('on sign-in', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        ...relaxedLimits,
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SECRET: SECRET,
        CAPTCHA_VERIFY_URL: siteverify.url,
      });
    });
    afterAll(() => t.close());

    it('refuses sign-in without a passing captcha token, before looking at the password', async () => {
      const user = await signUp(t.app);
      const missing = await signIn(t.app, user.email, user.password);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('CAPTCHA_FAILED');
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer-login',
        headers: { 'x-captcha-token': 'bad-token' },
        payload: { email: user.email, password: 'wrong-anyway!1' },
      });
      expect(bad.json().code).toBe('CAPTCHA_FAILED');
      const good = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer-login',
        headers: { 'x-captcha-token': GOOD },
        payload: { email: user.email, password: user.password },
      });
      expect(good.statusCode).toBe(200);
      expect(siteverify.received.at(-1)!.get('remoteip')).toBe('127.0.0.1');
    });
  });
});
