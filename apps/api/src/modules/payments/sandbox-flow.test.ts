import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits, signUp } from '../auth/auth.test-helpers';
import { createGatewayRegistry } from './gateways/registry';
import { webhookInbox } from './payments.tables';
import { processWebhook } from './webhooks';

describe('sandbox top-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const processAll = async () => {
    const gateways = createGatewayRegistry({ config: t.config, db: t.db });
    for (const row of await t.db.select().from(webhookInbox))
      await processWebhook({ db: t.db, gateways }, row.id);
  };

  it('credits what the sandbox checkout paid, once', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: user.headers,
      payload: { credit: 60, gateway: 'sandbox' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url, postData, paymentId } = res.json().data;
    expect(postData).toBeNull();
    const path = new URL(url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$60.00');
    const paid = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe(`/paymentssuccess?paymentId=${paymentId}`);
    await processAll();
    await processAll();
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/profile/billing-info',
      headers: user.headers,
    });
    expect(info.json().data.balance).toBe('60.00');
    const list = await t.app.inject({ method: 'GET', url: '/api/payments', headers: user.headers });
    expect(list.json().data.payments[0]).toMatchObject({ status: 'PAID', creditedAmount: '60.00' });
    const again = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(again.body).toContain('already paid');
    const [inbox] = await t.db.select().from(webhookInbox).where(eq(webhookInbox.gateway, 'sandbox'));
    expect(inbox?.processedAt).not.toBeNull();
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/payments/print?token=${list.json().data.payments[0].printToken}`,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const pdf = await t.app.inject({ method: 'GET', url: receipt.json().data.pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
