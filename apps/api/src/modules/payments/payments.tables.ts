import type { GatewayName, PaymentStatus } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';

const money = () => bigint({ mode: 'number' });
const at = () => timestamp({ withTimezone: true });

/** A top-up: asked for at checkout, or charged off-session by auto-recharge. */
export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    gateway: text().$type<GatewayName>().notNull(),
    status: text().$type<PaymentStatus>().notNull().default('NEW'),
    /** Credit asked for. */
    credit: money().notNull(),
    fee: money().notNull(),
    /** credit + fee: what the payer is asked to pay. */
    price: money().notNull(),
    /** What the gateway reported received; null until it does. */
    received: money(),
    /** Credit this payment has put on the balance (the sum of its ledger entries). */
    credited: money().notNull().default(0),
    /** The gateway's id for the order, session, invoice or charge. */
    externalId: text(),
    trackingId: text(),
    description: text().notNull(),
    isAutoRecharge: boolean().notNull().default(false),
    /** Save the card for off-session charges (auto-recharge chosen at checkout). */
    saveCard: boolean().notNull().default(false),
    /** Auto-recharge choice to activate once the card is saved. */
    autoRechargeRequest: jsonb().$type<{ amount: number; threshold: number } | null>(),
    /** Set when an event is a setup-only checkout (saving a card without paying). */
    isCardSetup: boolean().notNull().default(false),
    failureReason: text(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('payments_customer_created_idx').on(t.customerId, t.createdAt),
    uniqueIndex('payments_gateway_external_unique').on(t.gateway, t.externalId),
    // One off-session charge in flight per customer at a time.
    uniqueIndex('payments_one_auto_recharge_in_flight')
      .on(t.customerId)
      .where(sql`is_auto_recharge AND status IN ('NEW', 'PENDING')`),
  ],
);

/** Every status move of a payment, with the event that caused it. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    fromStatus: text().$type<PaymentStatus>().notNull(),
    toStatus: text().$type<PaymentStatus>().notNull(),
    received: money(),
    applied: boolean().notNull(),
    inboxId: bigint({ mode: 'number' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId)],
);

/**
 * Incoming webhooks, stored raw before anything else happens. Unique on (gateway, event id), so a
 * replayed or duplicated delivery is stored once and processed once.
 */
export const webhookInbox = pgTable(
  'webhook_inbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    gateway: text().$type<GatewayName>().notNull(),
    eventId: text().notNull(),
    eventType: text().notNull(),
    rawBody: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    receivedAt: at().notNull().defaultNow(),
    processedAt: at(),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (t) => [
    uniqueIndex('webhook_inbox_gateway_event_unique').on(t.gateway, t.eventId),
    index('webhook_inbox_unprocessed_idx').on(t.receivedAt).where(sql`processed_at IS NULL`),
  ],
);

/** A card saved at a gateway for off-session charges. Only the gateway's reference is kept. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    gateway: text().$type<GatewayName>().notNull(),
    externalId: text().notNull(),
    /** The gateway's customer the card belongs to (Stripe customer id). */
    externalCustomerId: text(),
    brand: text().notNull(),
    last4: text().notNull(),
    name: text(),
    expMonth: integer(),
    expYear: integer(),
    isDefault: boolean().notNull().default(false),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_cards_gateway_external_unique').on(t.gateway, t.externalId),
    uniqueIndex('saved_cards_one_default').on(t.customerId, t.gateway).where(sql`is_default`),
  ],
);

/** Gateways' customer ids for our customers (a Stripe customer holds the saved cards). */
export const gatewayCustomers = pgTable(
  'gateway_customers',
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    gateway: text().$type<GatewayName>().notNull(),
    externalCustomerId: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gateway_customers_unique').on(t.customerId, t.gateway)],
);
