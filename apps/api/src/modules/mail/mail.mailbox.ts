import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { ok, okSchema } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { mailboxListPage, mailboxMessagePage } from './mail.mailbox-pages';
import { mailOutbox } from './mail.tables';

const tags = ['dev-mailbox'];
const html = ['text/html'];

const listQuery = z.object({
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
 * Development mailbox: every mail in the outbox, readable in the browser and as JSON for
 * browser tests. Mounted only when `config.devMailbox` is on.
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

    app.get(
      '/dev/mailbox',
      { schema: { tags, summary: 'Development mailbox page', produces: html, querystring: listQuery } },
      async (request, reply) => {
        const { to, limit } = request.query;
        const rows = await newest(to, limit);
        const page = mailboxListPage(rows, {
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
          params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        },
      },
      async (request, reply) => {
        const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, request.params.id));
        if (!row) throw notFound('No such mail.');
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(mailboxMessagePage(row, config.BRAND_NAME));
      },
    );
  };
}
