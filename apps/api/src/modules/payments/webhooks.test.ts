import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { getOrCreateSecret } from '../../lib/secrets';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { sandboxSignature } from './gateways/sandbox';
import { webhookInbox } from './payments.tables';
import {
  balanceText,
  deliverWebhook,
  eventsOf,
  newCustomer,
  openSandboxCheckout,
  paymentRow,
  processInbox,
  registryOf,
  sandboxEvent,
} from './payments.test-helpers';
import { findUnprocessedWebhooks, processWebhook, webhookJobKey } from './webhooks';

/** Receiving (verify, store, queue) and processing (apply once) gateway webhooks. */
describe('payment webhooks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  /** A customer with a sandbox checkout of `credit` dollars, as stored. */
  async function checkout(credit = '25') {
    const user = await newCustomer(t);
    const { paymentId } = await openSandboxCheckout(t, user, credit);
    return { user, payment: await paymentRow(t, paymentId) };
  }
  const inboxCount = async () => (await t.db.select({ id: webhookInbox.id }).from(webhookInbox)).length;
  const inboxRowOf = async (eventId: string) => {
    const [row] = await t.db.select().from(webhookInbox).where(eq(webhookInbox.eventId, eventId));
    return row;
  };
  const process = (id: number) => processWebhook({ db: t.db, gateways: registryOf(t) }, id);

  describe('signature', () => {
    const now = () => Math.floor(Date.now() / 1000);

    // Options are made when the test runs: a time taken at collection would be stale by then.
    it.each([
      ['missing', () => ({ signature: null })],
      ['malformed', () => ({ signature: 'v1=abc' })],
      ['signed with another key', () => ({ secret: 'not-the-sandbox-key' })],
      ['expired (over 5 minutes old)', () => ({ at: now() - 301 })],
      ['from over 5 minutes in the future', () => ({ at: now() + 301 })],
    ])('refuses a %s signature with 400 INVALID_WEBHOOK_SIGNATURE, storing nothing', async (_name, opts) => {
      const { user, payment } = await checkout();
      const before = await inboxCount();
      const res = await deliverWebhook(t, sandboxEvent(payment, 'PAID', payment.price), opts());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_WEBHOOK_SIGNATURE', data: null });
      expect(await inboxCount()).toBe(before);
      expect(await processInbox(t)).toBe(0);
      expect(await balanceText(t, user)).toBe('0.00');
    });

    it('refuses a body changed after signing', async () => {
      const { payment } = await checkout();
      const before = await inboxCount();
      const signed = JSON.stringify(sandboxEvent(payment, 'PAID', 25_000_000));
      const key = await getOrCreateSecret(t.db, 'sandbox-gateway-key');
      const signature = sandboxSignature(key, now(), signed);
      const tampered = signed.replace('"25.000000"', '"2500.000000"');
      expect(tampered).not.toBe(signed);
      const res = await deliverWebhook(t, tampered, { signature });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_WEBHOOK_SIGNATURE');
      // The untouched body with the same signature passes.
      expect((await deliverWebhook(t, signed, { signature })).statusCode).toBe(200);
      expect(await inboxCount()).toBe(before + 1);
    });

    it('accepts a signature a few minutes old', async () => {
      const { user, payment } = await checkout();
      const res = await deliverWebhook(t, sandboxEvent(payment, 'PAID', null), { at: now() - 240 });
      expect(res.statusCode, res.body).toBe(200);
      await processInbox(t);
      expect(await balanceText(t, user)).toBe('25.00');
    });
  });

  it('answers 404 for a gateway that is unknown or not enabled here', async () => {
    const { payment } = await checkout();
    for (const gateway of ['acme', 'stripe', 'paypal']) {
      const res = await deliverWebhook(t, sandboxEvent(payment, 'PAID', null), { gateway });
      expect(res.statusCode, `${gateway}: ${res.body}`).toBe(404);
      expect(res.json().code).toBe('GATEWAY_NOT_AVAILABLE');
    }
  });

  it('stores a webhook raw and queues its processing', async () => {
    const { payment } = await checkout();
    const event = sandboxEvent(payment, 'PAID', null);
    const res = await deliverWebhook(t, event);
    expect(res.json()).toMatchObject({ data: { received: true, duplicate: false } });
    const row = await inboxRowOf(event.id);
    expect(row).toMatchObject({ gateway: 'sandbox', eventType: event.type, processedAt: null, attempts: 0 });
    expect(JSON.parse(row!.rawBody)).toEqual(event);
    const jobs = await t.db.execute<{ name: string }>(
      sql`select name from pgboss.job where singleton_key = ${webhookJobKey(row!.id)}`,
    );
    expect(jobs.rows.map((j) => j.name)).toEqual(['payments.process-webhook']);
  });

  it('stores the same event (same id) once and credits it once', async () => {
    const { user, payment } = await checkout();
    const event = sandboxEvent(payment, 'PAID', null);
    const first = await deliverWebhook(t, event);
    const second = await deliverWebhook(t, event);
    expect(first.json().data).toEqual({ received: true, duplicate: false });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual({ received: true, duplicate: true });
    expect((await t.db.select().from(webhookInbox).where(eq(webhookInbox.eventId, event.id))).length).toBe(1);
    await processInbox(t);
    expect(await deliverWebhook(t, event).then((r) => r.json().data.duplicate)).toBe(true);
    await processInbox(t);
    expect(await balanceText(t, user)).toBe('25.00');
  });

  it('does not credit a replayed outcome again (new event id, same outcome)', async () => {
    const { user, payment } = await checkout();
    await deliverWebhook(t, sandboxEvent(payment, 'PAID', payment.price));
    await processInbox(t);
    const replay = await deliverWebhook(t, sandboxEvent(payment, 'PAID', payment.price));
    expect(replay.json().data.duplicate).toBe(false);
    expect(await processInbox(t)).toBe(1);
    expect(await balanceText(t, user)).toBe('25.00');
    expect((await eventsOf(t, payment.id)).map((e) => [e.toStatus, e.applied])).toEqual([
      ['PAID', true],
      ['PAID', false],
    ]);
  });

  it('ignores a refund that arrives before the payment, then the payment credits', async () => {
    const { user, payment } = await checkout('30');
    const { payment: other } = await checkout('30');
    await deliverWebhook(t, sandboxEvent(payment, 'REFUNDED', null));
    await deliverWebhook(t, sandboxEvent(other, 'PAID', null));
    await processInbox(t);
    expect((await paymentRow(t, payment.id)).status).toBe('NEW');
    expect(await balanceText(t, user)).toBe('0.00');
    await deliverWebhook(t, sandboxEvent(payment, 'PAID', null));
    await processInbox(t);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'PAID', credited: 30_000_000 });
    expect(await balanceText(t, user)).toBe('30.00');
    expect((await eventsOf(t, payment.id)).map((e) => [e.fromStatus, e.toStatus, e.applied])).toEqual([
      ['NEW', 'REFUNDED', false],
      ['NEW', 'PAID', true],
    ]);
  });

  it('processes one inbox row once, however often and however concurrently it is run', async () => {
    const { user, payment } = await checkout();
    const event = sandboxEvent(payment, 'PAID', null);
    await deliverWebhook(t, event);
    const row = await inboxRowOf(event.id);
    await Promise.all(Array.from({ length: 6 }, () => process(row!.id)));
    await process(row!.id);
    expect(await balanceText(t, user)).toBe('25.00');
    expect(await eventsOf(t, payment.id)).toHaveLength(1);
    expect((await inboxRowOf(event.id))?.processedAt).not.toBeNull();
    // A row that does not exist is nothing to do.
    await expect(process(987_654)).resolves.toBeUndefined();
  });

  it('marks an event for an unknown payment processed without touching any balance', async () => {
    const { user, payment } = await checkout();
    const event = sandboxEvent({ id: 999_999, externalId: 'sbx_unknown' }, 'PAID', 25_000_000);
    await deliverWebhook(t, event);
    await processInbox(t);
    expect((await inboxRowOf(event.id))?.processedAt).not.toBeNull();
    expect(await balanceText(t, user)).toBe('0.00');
    expect((await paymentRow(t, payment.id)).status).toBe('NEW');
  });

  it('finds rows left unprocessed (a lost job) once they are a minute old, and only those', async () => {
    const { user, payment } = await checkout();
    await processInbox(t);
    const event = sandboxEvent(payment, 'PAID', null);
    await deliverWebhook(t, event);
    const row = await inboxRowOf(event.id);
    // Just received: its job may still be on its way.
    expect(await findUnprocessedWebhooks(t.db)).not.toContain(row!.id);
    await t.db
      .update(webhookInbox)
      .set({ receivedAt: sql`now() - interval '2 minutes'` })
      .where(eq(webhookInbox.id, row!.id));
    expect(await findUnprocessedWebhooks(t.db)).toEqual([row!.id]);
    expect(await findUnprocessedWebhooks(t.db, 600)).toEqual([]);
    for (const id of await findUnprocessedWebhooks(t.db)) await process(id);
    expect(await findUnprocessedWebhooks(t.db)).toEqual([]);
    expect(await balanceText(t, user)).toBe('25.00');
  });

  it('keeps a row that fails to process for a retry, counting attempts', async () => {
    const [row] = await t.db
      .insert(webhookInbox)
      .values({
        gateway: 'sandbox',
        eventId: 'evt_broken',
        eventType: 'test',
        rawBody: '{"id":"evt_broken"}',
      })
      .returning();
    await expect(process(row!.id)).rejects.toThrow();
    await expect(process(row!.id)).rejects.toThrow();
    const [after] = await t.db.select().from(webhookInbox).where(eq(webhookInbox.id, row!.id));
    expect(after).toMatchObject({ processedAt: null, attempts: 2 });
    expect(after!.lastError).toBeTruthy();
    await t.db
      .update(webhookInbox)
      .set({ receivedAt: sql`now() - interval '2 minutes'` })
      .where(eq(webhookInbox.id, row!.id));
    expect(await findUnprocessedWebhooks(t.db)).toContain(row!.id);
    await t.db.delete(webhookInbox).where(eq(webhookInbox.id, row!.id));
  });
});
