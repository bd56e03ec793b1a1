import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Followup, Ticket } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { parseAdminArgs } from '../admin/admin.args';
import { runAdminCommand } from '../admin/admin.run';
import { adminDeps } from '../admin/admin.test-helpers';
import { lastMail, mailCount, relaxedLimits } from '../auth/auth.test-helpers';
import { setAccountStatus } from '../auth/customers';
import { customerWithCredit } from '../billing/billing.test-helpers';
import { kycStatusOf } from '../billing/kyc';
import { insertInstance, type TestCustomer } from '../instances/instances.test-helpers';
import { attachmentsDir, imageWithMetadata, uploaded, validTicket } from './support.test-helpers';

describe('support tickets', () => {
  let t: TestApp;
  let alice: TestCustomer;
  let bob: TestCustomer;
  const dir = attachmentsDir();
  beforeAll(async () => {
    t = await createTestApp({
      ...relaxedLimits,
      ATTACHMENTS_DIR: dir,
      SUPPORT_FORBIDDEN_WORDS: ['casino bonus', 'free crypto'],
    });
    alice = await customerWithCredit(t.app, t.db, 0);
    bob = await customerWithCredit(t.app, t.db, 0);
  });
  afterAll(() => t.close());

  const call = (
    user: TestCustomer,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const open = async (user: TestCustomer, payload: object = validTicket): Promise<Ticket> => {
    const res = await call(user, 'POST', '/api/tickets', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const thread = async (user: TestCustomer, ticketId: number): Promise<Followup[]> => {
    const res = await call(user, 'GET', `/api/followups?ticketId=${ticketId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.followups;
  };
  const admin = (line: string[]) => runAdminCommand(parseAdminArgs(line), adminDeps(t.db, t.jobs, dir));

  it('opens a ticket with its first message, lists and filters it, and mails the support address', async () => {
    const instance = await insertInstance(t.db, alice.id, { hostname: 'web-1.example' });
    const ticket = await open(alice, { ...validTicket, department: 'sales', relatedServiceId: instance.id });
    expect(ticket).toMatchObject({
      title: 'Server unreachable',
      department: 'sales',
      status: 'open',
      kind: 'ticket',
      relatedServiceId: instance.id,
      relatedServiceHostname: 'web-1.example',
    });
    const [first] = await thread(alice, ticket.id);
    expect(first).toMatchObject({
      author: 'customer',
      message: validTicket.message,
      isLiked: null,
      attachments: [],
    });

    const mail = await lastMail(t.db, t.config.BRAND_SUPPORT_EMAIL, 'ticket-opened-staff');
    expect(mail.subject).toBe(`New ticket #${ticket.id}: Server unreachable`);
    expect(mail.text).toContain(alice.email);

    const other = await open(alice, validTicket);
    const list = async (query: string) =>
      (await call(alice, 'GET', `/api/tickets${query}`)).json().data as {
        tickets: Ticket[];
        totalCount: number;
      };
    expect((await list('')).tickets.map((x) => x.id)).toEqual([other.id, ticket.id]);
    expect((await list('?department=sales')).tickets.map((x) => x.id)).toEqual([ticket.id]);
    expect((await list(`?relatedServiceId=${instance.id}`)).tickets.map((x) => x.id)).toEqual([ticket.id]);
    expect((await list('?status=answered,resolved')).totalCount).toBe(0);
    const paged = (await call(alice, 'GET', '/api/tickets?page=2&pageSize=1')).json().data;
    expect(paged).toMatchObject({ totalCount: 2, totalPages: 2, pageSize: 1 });
    expect(paged.tickets.map((x: Ticket) => x.id)).toEqual([ticket.id]);
    expect((await call(alice, 'GET', '/api/tickets?page=9')).json().data).toMatchObject({
      tickets: [],
      totalCount: 2,
    });
  });

  it('refuses what the spec and the provider refuse, with messages the panel shows', async () => {
    const issues = async (payload: object) => {
      const res = await call(alice, 'POST', '/api/tickets', payload);
      expect(res.statusCode, res.body).toBe(400);
      return res.json();
    };
    const short = await issues({ ...validTicket, title: 'Hey', message: 'too short' });
    expect(short.code).toBe('VALIDATION_ERROR');
    expect(short.issues.map((i: { path: string; message: string }) => `${i.path}: ${i.message}`)).toEqual([
      'title: validation.ticket.subjectMin',
      'message: validation.ticket.messageMin',
    ]);
    expect((await issues({ ...validTicket, department: 'billing' })).code).toBe('VALIDATION_ERROR');
    const card = await issues({
      ...validTicket,
      message: 'Please charge my card 4242 4242 4242 4242 again.',
    });
    expect(card.issues[0].message).toBe('validation.ticket.cardNumber');
    const words = await issues({ ...validTicket, message: 'Get your Casino Bonus here, it is great!' });
    expect(words.code).toBe('FORBIDDEN_CONTENT');
    expect(words.detail).toContain('casino bonus');
    const bobsInstance = await insertInstance(t.db, bob.id);
    const related = await issues({ ...validTicket, relatedServiceId: bobsInstance.id });
    expect(related.code).toBe('RELATED_SERVICE_NOT_FOUND');
  });

  it('keeps one customer’s tickets from another', async () => {
    const ticket = await open(alice);
    const staffReply = await admin([
      'ticket',
      'reply',
      String(ticket.id),
      '--message',
      'We are looking at it.',
    ]);
    expect(staffReply.exitCode).toBe(0);
    const staffFollowup = (await thread(alice, ticket.id))[1]!;
    for (const [method, url, payload] of [
      ['GET', `/api/tickets/${ticket.id}`],
      ['PUT', `/api/tickets/${ticket.id}`, { status: 'resolved' }],
      ['GET', `/api/followups?ticketId=${ticket.id}`],
      ['POST', '/api/followups', { ticketId: ticket.id, message: 'I am not the owner of this.' }],
      ['PATCH', `/api/followups/${staffFollowup.id}`, { isLiked: false }],
    ] as const) {
      const res = await call(bob, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(bob, 'GET', '/api/tickets')).json().data.totalCount).toBe(0);
    expect((await thread(alice, ticket.id)).length).toBe(2);
    expect((await call(alice, 'GET', `/api/tickets/${ticket.id}`)).json().data.status).toBe('answered');
  });

  it('follows a conversation: staff reply with a file, rating, resolve, reopen by reply, closed', async () => {
    const ticket = await open(alice);
    const screenshot = join(dir, 'diagnosis.png');
    writeFileSync(screenshot, await imageWithMetadata('png'));
    const r = await admin([
      'ticket',
      'reply',
      String(ticket.id),
      '--message',
      'Port 22 was blocked by your firewall.',
      '--file',
      screenshot,
      '--as',
      'Grace',
    ]);
    expect(r.lines.join('\n')).toContain('with 1 file(s)');
    const mail = await lastMail(t.db, alice.email, 'ticket-reply');
    expect(mail.text).toContain(`/support/${ticket.id}`);
    expect(mail.text).not.toContain('firewall');

    const staff = (await thread(alice, ticket.id))[1]!;
    expect(staff).toMatchObject({
      author: 'staff',
      authorName: 'Grace',
      attachments: [{ fileName: 'diagnosis.png' }],
    });
    const file = await call(alice, 'GET', `/api/media/${staff.attachments[0]!.id}`);
    expect(file.statusCode).toBe(200);
    expect((await call(bob, 'GET', `/api/media/${staff.attachments[0]!.id}`)).statusCode).toBe(404);

    const liked = await call(alice, 'PATCH', `/api/followups/${staff.id}`, { isLiked: true });
    expect(liked.json().data.isLiked).toBe(true);
    const own = (await thread(alice, ticket.id))[0]!;
    const notRateable = await call(alice, 'PATCH', `/api/followups/${own.id}`, { isLiked: true });
    expect(notRateable.statusCode).toBe(400);
    expect(notRateable.json().code).toBe('FOLLOWUP_NOT_RATEABLE');

    const resolved = await call(alice, 'PUT', `/api/tickets/${ticket.id}`, { status: 'resolved' });
    expect(resolved.json().data.status).toBe('resolved');
    const before = await mailCount(t.db, t.config.BRAND_SUPPORT_EMAIL, 'ticket-customer-reply-staff');
    const note = await uploaded(
      t.app,
      alice.headers,
      'after.txt',
      Buffer.from('It happened again at 10:00.'),
    );
    const reply = await call(alice, 'POST', '/api/followups', {
      ticketId: ticket.id,
      message: 'Sorry, it is back again since ten.',
      attachmentIds: [note],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data.attachments).toEqual([
      expect.objectContaining({ id: note, fileName: 'after.txt' }),
    ]);
    expect((await call(alice, 'GET', `/api/tickets/${ticket.id}`)).json().data.status).toBe(
      'customer_replied',
    );
    expect(await mailCount(t.db, t.config.BRAND_SUPPORT_EMAIL, 'ticket-customer-reply-staff')).toBe(
      before + 1,
    );

    await admin(['ticket', 'assign', String(ticket.id), 'infra']);
    const counts = (await call(alice, 'GET', '/api/tickets/status')).json().data;
    expect(counts.statuses).toContainEqual({ status: 'pending', count: 1 });
    const pending = (await call(alice, 'GET', '/api/tickets?status=pending_infra')).json().data.tickets;
    expect(pending.map((x: Ticket) => x.id)).toEqual([ticket.id]);

    await admin(['ticket', 'status', String(ticket.id), 'closed']);
    const closed = await call(alice, 'POST', '/api/followups', {
      ticketId: ticket.id,
      message: 'One more thing to add.',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('TICKET_CLOSED');
    expect((await call(alice, 'PUT', `/api/tickets/${ticket.id}`, { status: 'resolved' })).statusCode).toBe(
      409,
    );
    const shown = await admin(['ticket', 'show', String(ticket.id)]);
    expect(shown.lines.join('\n')).toMatch(/Sorry, it is back again[\s\S]*after\.txt/);
  });

  it('lets a suspended account open a ticket: it is the way back', async () => {
    const carol = await customerWithCredit(t.app, t.db, 0);
    await setAccountStatus(t.db, carol.id, 'suspended_by_admin');
    await open(carol, { ...validTicket, title: 'Why am I suspended?' });
  });

  it('takes identity documents as a KYC ticket, one at a time, decided by staff', async () => {
    const dave = await customerWithCredit(t.app, t.db, 0);
    const kyc = { ...validTicket, title: 'KYC verification', department: 'other', kind: 'kyc' };
    const bare = await call(dave, 'POST', '/api/tickets', kyc);
    expect(bare.statusCode).toBe(400);
    const passport = await uploaded(t.app, dave.headers, 'passport.jpg', await imageWithMetadata('jpeg'));
    const ticket = await open(dave, { ...kyc, attachmentIds: [passport] });
    expect(ticket.kind).toBe('kyc');
    const another = await uploaded(t.app, dave.headers, 'id-card.png', await imageWithMetadata('png'));
    const twice = await call(dave, 'POST', '/api/tickets', { ...kyc, attachmentIds: [another] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('KYC_TICKET_EXISTS');

    const decided = await admin(['ticket', 'kyc', String(ticket.id), 'approve']);
    expect(decided.lines[0]).toContain('→ approved');
    expect(await kycStatusOf(t.db, dave.id)).toBe('approved');
    expect((await call(dave, 'GET', `/api/tickets/${ticket.id}`)).json().data.status).toBe('resolved');
    const after = await call(dave, 'POST', '/api/tickets', { ...kyc, attachmentIds: [another] });
    expect(after.json().code).toBe('KYC_TICKET_EXISTS');
  });
});
