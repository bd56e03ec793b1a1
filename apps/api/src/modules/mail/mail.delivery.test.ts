import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { loadConfig } from '../../config';
import type { JobDefinition } from '../../jobs/queue';
import { jobSender } from '../../jobs/sender';
import { MAIL_DELIVERY_MAX_ATTEMPTS, MailDeliveryError } from './mail.delivery';
import { mailJobs } from './mail.jobs';
import { createMailService } from './mail.service';
import { mailOutbox } from './mail.tables';
import { startSmtpSink } from './mail.testing';

const request = (to: string) => ({
  customerId: null,
  to,
  locale: 'en' as const,
  template: 'verify-email' as const,
  params: {
    fullname: 'Jane Doe',
    link: 'https://panel.example/api/auth/verify-main-email?token=t0k',
    code: '731904',
  },
});

describe('mail outbox and delivery', () => {
  let t: TestApp;
  const sinks: { close(): Promise<void> }[] = [];
  const config = (overrides: { SMTP_URL?: string } = {}) =>
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, overrides);
  const mail = () => createMailService({ jobs: t.jobs, config: config() });
  const job = (name: string, smtpUrl?: string) =>
    mailJobs({ config: config({ SMTP_URL: smtpUrl }), db: t.db, jobs: jobSender(t.db) }).find(
      (j) => j.name === name,
    ) as unknown as JobDefinition<Record<string, unknown>>;
  const deliver = (id: number, smtpUrl?: string) =>
    job('mail.deliver', smtpUrl).handler({ id }, { id: 'job', retryCount: 0 });
  const enqueue = (to: string) => mail().enqueue(t.db, request(to));
  const row = async (id: number) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  const queuedJobs = async (id: number) =>
    (
      await t.db.execute<{ state: string }>(
        sql`select state from pgboss.job where name = 'mail.deliver' and singleton_key = ${`mail:${id}`}`,
      )
    ).rows;
  const sink = async (opts?: Parameters<typeof startSmtpSink>[0]) => {
    const s = await startSmtpSink(opts);
    sinks.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await Promise.all(sinks.splice(0).map((s) => s.close()));
  });
  afterAll(() => t.close());

  it('writes nothing when the caller’s transaction rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await mail().enqueue(tx, request('rollback@example.com'));
        throw new Error('sign-up failed');
      }),
    ).rejects.toThrow('sign-up failed');
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'rollback@example.com'));
    expect(rows).toEqual([]);
  });

  it('stores the rendered mail with the commit and queues one delivery job per id', async () => {
    const id = await t.db.transaction((tx) => mail().enqueue(tx, request('commit@example.com')));
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'pending', attempts: 0, template: 'verify-email', locale: 'en' });
    expect(stored.subject).toBe('Confirm your email address');
    expect(stored.text).toContain('731904');
    expect(stored.html).toContain('731904');
    await mail().dispatch([id]);
    expect(await queuedJobs(id)).toEqual([{ state: 'created' }]);
  });

  it('delivers over SMTP and records the message id', async () => {
    const smtp = await sink();
    const id = await enqueue('smtp@example.com');
    await deliver(id, smtp.url);
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message!.to).toEqual(['smtp@example.com']);
    expect(message!.raw).toMatch(/^Subject: Confirm your email address$/m);
    expect(message!.raw).toMatch(/^To: smtp@example\.com$/m);
    expect(message!.raw).toMatch(/^From: Nimbus Cloud <no-reply@nimbus\.example>$/m);
    expect(message!.raw).toContain('731904');
    const sent = await row(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.messageId).toMatch(/^<.+@.+>$/);
    expect(message!.raw).toContain(`Message-ID: ${sent.messageId}`);
  });

  it('sends a mail once however often its job runs, even at the same time', async () => {
    const smtp = await sink();
    const id = await enqueue('once@example.com');
    await Promise.all([deliver(id, smtp.url), deliver(id, smtp.url)]);
    await deliver(id, smtp.url);
    expect(smtp.messages).toHaveLength(1);
    expect((await row(id)).attempts).toBe(1);
  });

  it('records a temporary SMTP failure and throws so the queue retries', async () => {
    const smtp = await sink({ refuseRecipientsWith: 451 });
    const id = await enqueue('busy@example.com');
    await expect(deliver(id, smtp.url)).rejects.toBeInstanceOf(MailDeliveryError);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/^451 /);

    // The retry succeeds once the server accepts the mail again.
    const healthy = await sink();
    await deliver(id, healthy.url);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(healthy.messages).toHaveLength(1);
  });

  it('marks the mail failed after the last attempt, or at once when the recipient is refused for good', async () => {
    const busy = await sink({ refuseRecipientsWith: 451 });
    const tired = await enqueue('tired@example.com');
    await t.db
      .update(mailOutbox)
      .set({ attempts: MAIL_DELIVERY_MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, tired));
    await expect(deliver(tired, busy.url)).rejects.toThrow(/451/);
    expect(await row(tired)).toMatchObject({ status: 'failed', attempts: MAIL_DELIVERY_MAX_ATTEMPTS });

    const refusing = await sink({ refuseRecipientsWith: 550 });
    const unknown = await enqueue('nobody@example.com');
    await expect(deliver(unknown, refusing.url)).rejects.toThrow(/550/);
    expect(await row(unknown)).toMatchObject({ status: 'failed', attempts: 1 });
    // A failed mail is never retried.
    const healthy = await sink();
    await deliver(unknown, healthy.url);
    expect(healthy.messages).toHaveLength(0);
  });

  it('without SMTP, delivers to the local mailbox', async () => {
    const id = await enqueue('local@example.com');
    await deliver(id);
    expect(await row(id)).toMatchObject({ status: 'sent', messageId: `local-${id}`, attempts: 1 });
  });

  it('re-dispatches pending mail older than a minute that no job is delivering', async () => {
    const lost = await enqueue('lost@example.com');
    const fresh = await enqueue('fresh@example.com');
    const queued = await enqueue('queued@example.com');
    await t.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(sql`${mailOutbox.id} in (${lost}, ${queued})`);
    await mail().dispatch([queued]);

    const sweep = job('mail.sweep');
    expect(sweep.schedule).toBe('* * * * *');
    await sweep.handler({}, { id: 'job', retryCount: 0 });
    await sweep.handler({}, { id: 'job', retryCount: 0 });
    expect(await queuedJobs(lost)).toEqual([{ state: 'created' }]);
    expect(await queuedJobs(fresh)).toEqual([]);
    expect(await queuedJobs(queued)).toEqual([{ state: 'created' }]);
  });
});
