import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Instance-scoped entries carry the instance id (`iid`) and its main IP. */
    instanceId: integer(),
    mainIp: text(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_logs_customer_time_idx').on(t.customerId, t.createdAt.desc()),
    index('activity_logs_instance_time_idx').on(t.instanceId, t.createdAt.desc()),
  ],
);
