import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { customerWithCredit, post } from '../billing/billing.test-helpers';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp(relaxedLimits);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

async function ticketOf(headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/events/ticket', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.ticket as string;
}

/** An open stream: its events as they come (name and parsed data), comments left out. */
async function openStream(ticket: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  });
  const events: { event: string; data: { topics: string[] } }[] = [];
  let buffer = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (name && data) events.push({ event: name, data: JSON.parse(data) });
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    res,
    events,
    /** Waits until an event with `topic` arrived (or fails after 10 s). */
    async waitFor(topic: string) {
      await expect
        .poll(() => events.some((e) => e.event === 'change' && e.data.topics.includes(topic)), {
          timeout: 10_000,
        })
        .toBe(true);
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

describe('server push', () => {
  it('asks for a sign-in before giving a ticket', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/events/ticket' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', data: null });
  });

  it("streams the customer's own changes, never another customer's", async () => {
    const ada = await customerWithCredit(t.app, t.db, 0);
    const bob = await customerWithCredit(t.app, t.db, 0);
    const stream = await openStream(await ticketOf(ada.headers));
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('x-request-id')).toMatch(/\S/);
    await expect.poll(() => stream.events.map((e) => e.event)).toEqual(['ready']);

    // Another customer's credit moves: nothing for Ada.
    await post(t.db, bob.id, 5_000_000);
    await post(t.db, ada.id, 1_000_000);
    await stream.waitFor('balance');
    const changes = stream.events.filter((e) => e.event === 'change');
    expect(changes).toEqual([{ event: 'change', data: { topics: ['balance'] } }]);

    // A rolled-back change publishes nothing.
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update customers set status = 'suspended_by_admin' where id = ${ada.id}`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.db.execute(sql`update customers set fullname = 'Ada L.' where id = ${ada.id}`);
    await post(t.db, ada.id, 1_000_000);
    await expect.poll(() => stream.events.filter((e) => e.event === 'change').length).toBe(2);
    expect(stream.events.flatMap((e) => e.data.topics)).not.toContain('account');
    await stream.close();
  });

  it('spends a ticket on first use, and refuses an expired one or one of an ended sign-in', async () => {
    const ada = await customerWithCredit(t.app, t.db, 0);
    const ticket = await ticketOf(ada.headers);
    const first = await openStream(ticket);
    expect(first.res.status).toBe(200);
    await first.close();

    const again = await fetch(`${base}/api/events?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 'UNAUTHENTICATED', data: null });

    const stale = await ticketOf(ada.headers);
    await t.db.execute(sql`update event_tickets set expires_at = now() - interval '1 second'`);
    expect((await fetch(`${base}/api/events?ticket=${stale}`)).status).toBe(401);

    const signedOut = await ticketOf(ada.headers);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: ada.headers });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await fetch(`${base}/api/events?ticket=${signedOut}`)).status).toBe(401);
    expect((await fetch(`${base}/api/events?ticket=not-a-ticket`)).status).toBe(401);

    // An account closed between the ticket and the stream gets the guard's own answer.
    const bob = await customerWithCredit(t.app, t.db, 0);
    const closing = await ticketOf(bob.headers);
    await t.db.execute(sql`update customers set status = 'closed_by_admin' where id = ${bob.id}`);
    const closed = await fetch(`${base}/api/events?ticket=${closing}`);
    expect(closed.status).toBe(401);
    expect(await closed.json()).toMatchObject({ code: 'ACCOUNT_CLOSED', data: null });
  });

  it('tells every stream to resync after the database listener was lost, then carries on', async () => {
    const ada = await customerWithCredit(t.app, t.db, 0);
    const stream = await openStream(await ticketOf(ada.headers));
    await expect.poll(() => stream.events.length).toBe(1);
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'nimbus-events'`,
    );
    await stream.waitFor('resync');
    await post(t.db, ada.id, 1_000_000);
    await stream.waitFor('balance');
    await stream.close();
  });

  it('answers 503 EVENT_STREAM_OFF for a ticket when the operator turned push off', async () => {
    const off = await createTestApp({ ...relaxedLimits, EVENT_STREAM: false });
    try {
      const ada = await customerWithCredit(off.app, off.db, 0);
      const res = await off.app.inject({ method: 'POST', url: '/api/events/ticket', headers: ada.headers });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'EVENT_STREAM_OFF', data: null });
    } finally {
      await off.close();
    }
  });

  // Last: it closes the server. An open stream must not hold the shutdown.
  it('ends open streams when the server shuts down', async () => {
    const ada = await customerWithCredit(t.app, t.db, 0);
    const stream = await openStream(await ticketOf(ada.headers));
    await expect.poll(() => stream.events.length).toBe(1);
    await t.app.close();
    await stream.close();
    expect(stream.res.bodyUsed).toBe(true);
  });
});
