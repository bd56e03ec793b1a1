import type { AutoRechargeGatewayStatus, GatewayName } from '@nimbus/contract';
import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';

const money = () => bigint({ mode: 'number' });
const at = () => timestamp({ withTimezone: true });

/** The customer's auto-recharge choice. */
export const autoRechargeSettings = pgTable('auto_recharge_settings', {
  customerId: integer()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  isActive: boolean().notNull().default(false),
  amount: money().notNull(),
  threshold: money().notNull(),
  gateway: text().$type<GatewayName>().notNull(),
  /** Status of the last automatic charge: ACTIVE, PAYMENT_FAILED, CARD_DECLINED. */
  gatewayStatus: text().$type<Exclude<AutoRechargeGatewayStatus, 'NO_CARD'>>().notNull().default('ACTIVE'),
  lastFailureAt: at(),
  lastFailureReason: text(),
  deactivatedAt: at(),
  deactivationReason: text(),
  deactivatedBy: text().$type<'customer' | 'admin' | 'system'>(),
  createdAt: at().notNull().defaultNow(),
  updatedAt: at().notNull().defaultNow(),
});
