import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { customers } from '../auth/auth.tables';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { insertInvoice, insertInvoiceItem, monthStart, signedUpCustomer } from './billing-read.test-helpers';

/** A UTC day as the date filter takes it. */
const day = (d: Date) => d.toISOString().slice(0, 10);

describe('invoices and invoice items', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedUpCustomer>>;
  let stranger: Awaited<ReturnType<typeof signedUpCustomer>>;
  /** The owner's invoices by month offset from the current month. */
  const ids: Record<number, number> = {};
  let strangersInvoiceId: number;

  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
    owner = await signedUpCustomer(t.app, t.db, 'Grace Hopper');
    stranger = await signedUpCustomer(t.app, t.db);
    await t.db.update(customers).set({ country: 'NL' }).where(eq(customers.id, owner.id));

    for (const offset of [-13, -9, -5, -2, 0]) ids[offset] = (await insertInvoice(t.db, owner.id, offset)).id;
    const strangers = await insertInvoice(t.db, stranger.id, 0);
    strangersInvoiceId = strangers.id;
    await insertInvoiceItem(t.db, strangers, { subtotal: 1_000_000, instanceId: 7 });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = owner.headers) =>
    t.app.inject({ method: 'GET', url, headers });
  const list = async (query: string, headers?: Record<string, string>) => {
    const res = await get(`/api/invoices${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('lists the invoices newest first with amounts summed from their lines', async () => {
    const open = { id: ids[0]!, customerId: owner.id, periodStart: monthStart(0) };
    await insertInvoiceItem(t.db, open, { usage: 5, subtotal: 34_500, startTimestamp: monthStart(0) });
    await insertInvoiceItem(t.db, open, {
      type: 'subscription',
      billingCycle: 'monthly',
      usage: 1,
      subtotal: 12_500_000,
      startTimestamp: monthStart(0),
      endTimestamp: monthStart(1),
      closed: true,
    });

    const data = await list('');
    expect(data).toMatchObject({ totalCount: 5, totalPages: 1, pageSize: 25, page: 1 });
    expect(data.invoices.map((i: { id: number }) => i.id)).toEqual([0, -2, -5, -9, -13].map((o) => ids[o]));
    expect(data.invoices[0]).toEqual({
      id: ids[0],
      interval: { start: monthStart(0).toISOString(), end: monthStart(1).toISOString() },
      status: 'open',
      amount: '12.5345',
      roundedAmount: '12.53',
      itemCount: 2,
    });
    expect(data.invoices[1]).toMatchObject({
      status: 'closed',
      amount: '0.0000',
      roundedAmount: '0.00',
      itemCount: 0,
    });
  });

  it('filters by status and period', async () => {
    const idsOf = (data: { invoices: { id: number }[] }) => data.invoices.map((i) => i.id);
    expect(idsOf(await list('?status=closed'))).toEqual([-2, -5, -9, -13].map((o) => ids[o]));
    expect(idsOf(await list('?status=open'))).toEqual([ids[0]]);
    expect(idsOf(await list('?interval=last6Months'))).toEqual([0, -2, -5].map((o) => ids[o]));
    expect(idsOf(await list('?interval=last12Months'))).toEqual([0, -2, -5, -9].map((o) => ids[o]));
    expect(idsOf(await list('?interval=last12Months&status=closed'))).toEqual(
      [-2, -5, -9].map((o) => ids[o]),
    );
    const lastDayOfMonth = new Date(monthStart(-1).getTime() - 1);
    const custom = await list(`?interval=custom&from=${day(monthStart(-2))}&to=${day(lastDayOfMonth)}`);
    expect(idsOf(custom)).toEqual([ids[-2]]);
    expect(custom.totalCount).toBe(1);
    // A single day inside the month still finds the month's invoice.
    const oneDay = day(new Date(monthStart(-5).getTime() + 10 * 86_400_000));
    expect(idsOf(await list(`?interval=custom&from=${oneDay}&to=${oneDay}`))).toEqual([ids[-5]]);
  });

  it('pages', async () => {
    const data = await list('?pageSize=2&page=2');
    expect(data).toMatchObject({ totalCount: 5, totalPages: 3, pageSize: 2, page: 2 });
    expect(data.invoices.map((i: { id: number }) => i.id)).toEqual([ids[-5], ids[-9]]);
    const beyond = await list('?pageSize=2&page=9');
    expect(beyond).toMatchObject({ invoices: [], totalCount: 5, totalPages: 3, page: 9 });
  });

  it('refuses invalid filters with 400', async () => {
    for (const query of [
      '?interval=custom',
      '?interval=custom&from=2026-03-01',
      '?interval=custom&from=2026-03-10&to=2026-03-01',
      '?interval=custom&from=2026-13-01&to=2026-13-02',
      '?interval=custom&from=2026-02-30&to=2026-03-02',
      '?interval=custom&from=yesterday&to=today',
      '?interval=lastWeek',
      '?status=paid',
      '?page=0',
      '?pageSize=101',
    ]) {
      const res = await get(`/api/invoices${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('VALIDATION_ERROR');
    }
  });

  it("never lists another customer's invoices", async () => {
    const data = await list('');
    expect(data.invoices.map((i: { id: number }) => i.id)).not.toContain(strangersInvoiceId);
    expect((await list('', stranger.headers)).invoices.map((i: { id: number }) => i.id)).toEqual([
      strangersInvoiceId,
    ]);
  });

  it('gives one invoice with its lines in order, the customer and a print token that opens it', async () => {
    const invoice = { id: ids[-2]!, customerId: owner.id, periodStart: monthStart(-2) };
    const later = await insertInvoiceItem(t.db, invoice, {
      instanceId: 42,
      usage: 3,
      subtotal: 20_700,
      startTimestamp: new Date(monthStart(-2).getTime() + 86_400_000),
      endTimestamp: new Date(monthStart(-2).getTime() + 86_400_000 + 3 * 3_600_000),
      reason: 'terminated',
      closed: true,
    });
    const earlier = await insertInvoiceItem(t.db, invoice, {
      instanceId: 42,
      category: 'ipv4',
      description: 'IPv4 address',
      subDescription: '203.0.113.7',
      usage: 400,
      subtotal: 2_400_000,
      closed: true,
      endTimestamp: monthStart(-1),
      reason: 'ended',
    });

    const res = await get(`/api/v2/invoices/${ids[-2]}`);
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json().data;
    expect(details).toMatchObject({
      id: ids[-2],
      status: 'closed',
      amount: '2.4207',
      roundedAmount: '2.42',
      itemCount: 2,
      customer: { id: owner.id, fullname: 'Grace Hopper', email: owner.email, country: 'NL' },
    });
    expect(details.items).toEqual([
      {
        id: earlier.id,
        invoiceId: ids[-2],
        instanceId: 42,
        category: 'ipv4',
        type: 'hourly',
        billingCycle: 'hourly',
        reason: 'ended',
        description: 'IPv4 address',
        subDescription: '203.0.113.7',
        usage: 400,
        subtotal: '2.4000',
        roundedSubtotal: '2.40',
        startTimestamp: monthStart(-2).toISOString(),
        endTimestamp: monthStart(-1).toISOString(),
        closed: true,
      },
      expect.objectContaining({ id: later.id, usage: 3, subtotal: '0.0207', roundedSubtotal: '0.02' }),
    ]);
    expect(details.printToken).toEqual(expect.any(String));

    // The printable page opens with the token alone.
    const printed = await get(`/api/v2/invoices/print?token=${details.printToken}`, {});
    expect(printed.statusCode, printed.body).toBe(200);
    const { printToken: _fresh, ...printable } = printed.json().data;
    const { printToken: _given, ...expected } = details;
    expect(printable).toEqual(expected);
  });

  it("answers 404 for another customer's invoice and for one that does not exist", async () => {
    for (const id of [strangersInvoiceId, 999_999]) {
      const res = await get(`/api/v2/invoices/${id}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
    }
    expect((await get(`/api/v2/invoices/${strangersInvoiceId}`, stranger.headers)).statusCode).toBe(200);
  });

  it('keeps /v2/invoices/print apart from /v2/invoices/:id, and checks ids', async () => {
    const noToken = await get('/api/v2/invoices/print', {});
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().code).toBe('VALIDATION_ERROR');
    const badToken = await get('/api/v2/invoices/print?token=not-a-real-token', owner.headers);
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().code).toBe('INVALID_PRINT_TOKEN');
    // Past the int4 column: a validation error naming the id, never a database error.
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '99999999999']) {
      const res = await get(`/api/v2/invoices/${id}`);
      expect(res.statusCode, id).toBe(400);
    }
    expect((await get(`/api/v2/invoices/${ids[0]}`, {})).statusCode).toBe(401);
    expect((await get('/api/invoices', {})).statusCode).toBe(401);
  });

  it('lists invoice items newest first, of one instance when asked, paged', async () => {
    const user = await signedUpCustomer(t.app, t.db);
    const march = await insertInvoice(t.db, user.id, -1);
    const april = await insertInvoice(t.db, user.id, 0);
    const made = [];
    for (let i = 0; i < 12; i++) {
      const invoice = i < 6 ? march : april;
      made.push(
        await insertInvoiceItem(t.db, invoice, {
          instanceId: i % 3 === 0 ? 11 : 12,
          usage: i,
          subtotal: i * 6_900,
          startTimestamp: new Date(invoice.periodStart.getTime() + i * 3_600_000),
        }),
      );
    }
    const items = async (query: string) => {
      const res = await get(`/api/invoice-items${query}`, user.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const newestFirst = [...made].reverse().map((m) => m.id);

    const first = await items('');
    expect(first).toMatchObject({ totalCount: 12, totalPages: 2, pageSize: 10, page: 1 });
    expect(first.items.map((i: { id: number }) => i.id)).toEqual(newestFirst.slice(0, 10));
    expect(first.items[0]).toMatchObject({
      invoiceId: april.id,
      instanceId: 12,
      usage: 11,
      subtotal: '0.0759',
    });
    const second = await items('?page=2');
    expect(second.items.map((i: { id: number }) => i.id)).toEqual(newestFirst.slice(10));

    const ofInstance = await items('?instanceId=11&size=3');
    expect(ofInstance).toMatchObject({ totalCount: 4, totalPages: 2, pageSize: 3, page: 1 });
    expect(ofInstance.items.map((i: { instanceId: number }) => i.instanceId)).toEqual([11, 11, 11]);
    expect(ofInstance.items.map((i: { usage: number }) => i.usage)).toEqual([9, 6, 3]);

    // Another customer's instance shows nothing, nor does an id no instance can have.
    expect((await items('?instanceId=7')).totalCount).toBe(0);
    for (const query of [
      '?instanceId=99999999999',
      '?instanceId=abc',
      '?instanceId=0',
      '?size=0',
      '?size=101',
      '?page=-1',
    ]) {
      expect((await get(`/api/invoice-items${query}`, user.headers)).statusCode, query).toBe(400);
    }
    expect((await get('/api/invoice-items', {})).statusCode).toBe(401);
  });

  it('documents every call in OpenAPI', async () => {
    const res = await get('/api/openapi.json', {});
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const path of [
      '/api/profile/billing-info',
      '/api/invoices',
      '/api/v2/invoices/{id}',
      '/api/v2/invoices/print',
      '/api/invoice-items',
      '/api/transactions',
    ]) {
      expect(doc.paths[path]?.get?.tags, path).toEqual(['billing']);
    }
    expect(doc.paths['/api/v2/invoices/print'].get.security).toBeUndefined();
    expect(doc.paths['/api/invoices'].get.security).toBeDefined();
  });
});
