import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { getOrCreateSecret } from '../../lib/secrets';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { insertInvoice, signedUpCustomer } from './billing-read.test-helpers';
import { createPrintTokens, type PrintTokens } from './print-token';

describe('print tokens', () => {
  let t: TestApp;
  let tokens: PrintTokens;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
    tokens = createPrintTokens({ db: t.db, config: { PRINT_TOKEN_TTL_HOURS: 24 } });
  });
  afterAll(() => t.close());

  /** A token as `sign` makes it, with chosen claims, signed with the real key or another. */
  async function craft(opts: { aud?: string; sub?: string; cid?: unknown; exp?: number; key?: string }) {
    const secret = opts.key ?? (await getOrCreateSecret(t.db, 'print-token-key'));
    return new SignJWT({ cid: opts.cid ?? 5 })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(opts.aud ?? 'nimbus:print:invoice')
      .setSubject(opts.sub ?? '12')
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 3600)
      .sign(new TextEncoder().encode(secret));
  }

  it('opens what it was signed for, for the customer it was signed for', async () => {
    const token = await tokens.sign('invoice', 12, 5);
    expect(await tokens.verify('invoice', token)).toEqual({ id: 12, customerId: 5 });
    // A second instance (another API process) shares the key through the database.
    const again = createPrintTokens({ db: t.db, config: { PRINT_TOKEN_TTL_HOURS: 1 } });
    expect(await again.verify('invoice', token)).toEqual({ id: 12, customerId: 5 });
    const receipt = await tokens.sign('payment', 12, 5);
    expect(await tokens.verify('payment', receipt)).toEqual({ id: 12, customerId: 5 });
  });

  it('expires after PRINT_TOKEN_TTL_HOURS', async () => {
    const token = await tokens.sign('invoice', 12, 5);
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(24 * 3600);
    expect(
      await tokens.verify('invoice', await craft({ exp: Math.floor(Date.now() / 1000) - 1 })),
    ).toBeNull();
  });

  it('refuses tokens of another kind, tampered, forged or malformed', async () => {
    const invoice = await tokens.sign('invoice', 12, 5);
    const receipt = await tokens.sign('payment', 12, 5);
    expect(await tokens.verify('payment', invoice)).toBeNull();
    expect(await tokens.verify('invoice', receipt)).toBeNull();

    const [header, payload, signature] = invoice.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const otherInvoice = Buffer.from(JSON.stringify({ ...claims, sub: '13' })).toString('base64url');
    expect(await tokens.verify('invoice', `${header}.${otherInvoice}.${signature}`)).toBeNull();
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify('invoice', `${header}.${payload}.${flipped}`)).toBeNull();

    expect(
      await tokens.verify('invoice', await craft({ key: 'some-other-key-of-enough-length' })),
    ).toBeNull();
    expect(await tokens.verify('invoice', await craft({ aud: 'nimbus:print:other' }))).toBeNull();
    expect(await tokens.verify('invoice', await craft({ sub: 'twelve' }))).toBeNull();
    expect(await tokens.verify('invoice', await craft({ cid: '5' }))).toBeNull();
    expect(await tokens.verify('invoice', await craft({}))).toEqual({ id: 12, customerId: 5 });
    for (const junk of ['', 'not-a-token', 'a.b.c', `${header}.${payload}.`]) {
      expect(await tokens.verify('invoice', junk), junk).toBeNull();
    }
  });

  it('answers 400 INVALID_PRINT_TOKEN on the printable invoice for any token that does not open it', async () => {
    const user = await signedUpCustomer(t.app, t.db);
    const stranger = await signedUpCustomer(t.app, t.db);
    const invoice = await insertInvoice(t.db, user.id, 0);
    const print = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/v2/invoices/print?token=${encodeURIComponent(token)}` });

    const good = await print(await tokens.sign('invoice', invoice.id, user.id));
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toMatchObject({ id: invoice.id, customer: { id: user.id, email: user.email } });

    const sub = String(invoice.id);
    for (const token of [
      await craft({ sub, cid: user.id, exp: Math.floor(Date.now() / 1000) - 60 }),
      await tokens.sign('payment', invoice.id, user.id),
      await craft({ sub, cid: user.id, key: 'some-other-key-of-enough-length' }),
      // Signed for someone else: the invoice is not theirs.
      await tokens.sign('invoice', invoice.id, stranger.id),
      await tokens.sign('invoice', 999_999, user.id),
      'x'.repeat(40),
    ]) {
      const res = await print(token);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_PRINT_TOKEN', data: null });
    }
  });
});
