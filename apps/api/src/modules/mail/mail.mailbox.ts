import { bigIdParamSchema } from '@nimbus/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { ok, okSchema } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { getOrCreateSecret } from '../../lib/secrets';
import { sameHash, sha256 } from '../auth/auth.crypto';
import { mailboxListPage, mailboxMessagePage } from './mail.mailbox-pages';
import { mailOutbox } from './mail.tables';

const tags = ['dev-mailbox'];
const html = ['text/html'];

/** Header a script may send the mailbox key in, instead of the `key` query parameter. */
export const MAILBOX_KEY_HEADER = 'x-mailbox-key';

const keyParam = z
  .string()
  .optional()
  .describe(`The mailbox key printed at start (or DEV_MAILBOX_KEY); also accepted as ${MAILBOX_KEY_HEADER}`);

const listQuery = z.object({
  key: keyParam,
  to: z.string().trim().max(320).optional().default(''),
  limit: z.coerce.number().int().min(1).max(500).optional().default(100),
});

export const mailboxEntrySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  locale: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  createdAt: z.string(),
});

/**
 * The secret that opens the mailbox: DEV_MAILBOX_KEY, else one generated on first use and kept in the
 * database, so every process of the install (and the start-up line) agrees on it.
 */
export function mailboxKey(deps: { config: Config; db: Database }): Promise<string> {
  const configured = deps.config.DEV_MAILBOX_KEY;
  return configured ? Promise.resolve(configured) : getOrCreateSecret(deps.db, 'dev-mailbox-key', 24);
}

/** The key a request presents, in the header or the query; links in the pages carry it on. */
function presentedKey(request: FastifyRequest): string {
  const given = request.headers[MAILBOX_KEY_HEADER] ?? (request.query as { key?: unknown }).key;
  return typeof given === 'string' ? given : '';
}

/** The mailbox's address with its key, as printed at start. */
export const mailboxUrl = (publicUrl: string, key: string) =>
  `${publicUrl}/dev/mailbox?key=${encodeURIComponent(key)}`;

/**
 * Development mailbox: every mail in the outbox, readable in the browser and as JSON for
 * browser tests. Mounted only when `config.devMailbox` is on. The outbox holds sign-in and
 * password-reset links, so without the key every route answers exactly as an unknown one: nothing
 * tells a stranger the mailbox exists, and no client address (proxy or loopback) is trusted instead.
 */
export function mailboxRoutes(deps: { config: Config; db: Database }) {
  const { db, config } = deps;
  const newest = (to: string, limit: number) =>
    db
      .select()
      .from(mailOutbox)
      .where(to ? sql`lower(${mailOutbox.toAddress}) = lower(${to})` : undefined)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit);

  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const expected = sha256(await mailboxKey(deps));
    // onRequest runs before validation, so a keyless malformed request gets the same 404 too.
    app.addHook('onRequest', async (request, reply) => {
      if (!sameHash(sha256(presentedKey(request)), expected)) {
        reply.callNotFound();
        return reply;
      }
    });
    // The key rides in the pages' links; do not hand it to the sites a mail links to.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
    });

    app.get(
      '/dev/mailbox',
      { schema: { tags, summary: 'Development mailbox page', produces: html, querystring: listQuery } },
      async (request, reply) => {
        const { to, limit } = request.query;
        const rows = await newest(to, limit);
        const page = mailboxListPage(rows, {
          key: presentedKey(request),
          to,
          brandName: config.BRAND_NAME,
          smtp: Boolean(config.SMTP_URL),
        });
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
      },
    );

    app.get(
      '/dev/mailbox.json',
      {
        schema: {
          tags,
          summary: 'Mail in the development mailbox, newest first (optionally for one recipient)',
          querystring: listQuery,
          response: { 200: okSchema(z.array(mailboxEntrySchema)) },
        },
      },
      async (request, reply) => {
        const { to, limit } = request.query;
        const rows = await newest(to, limit);
        reply.header('cache-control', 'no-store');
        return ok(
          rows.map((r) => ({
            id: r.id,
            to: r.toAddress,
            subject: r.subject,
            text: r.text,
            html: r.html,
            template: r.template,
            locale: r.locale,
            status: r.status,
            createdAt: r.createdAt.toISOString(),
          })),
        );
      },
    );

    app.get(
      '/dev/mailbox/:id',
      {
        schema: {
          tags,
          summary: 'One mail of the development mailbox',
          produces: html,
          // The outbox keys on bigserial: bounded to the integers a JS number holds exactly.
          params: z.object({ id: bigIdParamSchema }),
          querystring: z.object({ key: keyParam }),
        },
      },
      async (request, reply) => {
        const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, request.params.id));
        if (!row) throw notFound('No such mail.');
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            mailboxMessagePage(row, {
              brandName: config.BRAND_NAME,
              key: presentedKey(request),
            }),
          );
      },
    );
  };
}
