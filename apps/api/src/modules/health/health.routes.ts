import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { ok, okSchema } from '../../lib/envelope';
import { AppError } from '../../lib/errors';

export function healthRoutes(deps: { db: Database }) {
  return async (app: FastifyInstance) => {
    app.get(
      '/health',
      { schema: { tags: ['health'], response: { 200: okSchema(z.object({ status: z.literal('up') })) } } },
      async () => ok({ status: 'up' as const }),
    );
    app.get(
      '/ready',
      { schema: { tags: ['health'], response: { 200: okSchema(z.object({ database: z.literal('up') })) } } },
      async () => {
        try {
          await deps.db.execute(sql`SELECT 1`);
        } catch {
          throw new AppError(503, 'NOT_READY', 'The database is not reachable.');
        }
        return ok({ database: 'up' as const });
      },
    );
  };
}
