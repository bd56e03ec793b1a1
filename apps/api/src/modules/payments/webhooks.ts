import { type GatewayName, paymentErrorCodes } from '@nimbus/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { InvalidWebhookSignatureError } from './gateways/gateway';
import type { GatewayRegistry } from './gateways/registry';
import { applyGatewayEvent } from './payment-events';
import { webhookInbox } from './payments.tables';

export const PAYMENT_WEBHOOK_JOB = 'payments.process-webhook';
export const PAYMENT_WEBHOOK_SWEEP_JOB = 'payments.webhook-sweep';
export const webhookJobKey = (inboxId: number) => `webhook:${inboxId}`;

/** Headers as a plain lower-case map: what adapters verify against. */
export function plainHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  return out;
}

/**
 * Receives a webhook: verifies it on the raw body, stores it raw in the inbox (once per gateway and
 * event id) and queues its processing. A bad signature stores nothing.
 */
export async function receiveWebhook(
  deps: { db: Database; jobs: JobQueue; gateways: GatewayRegistry },
  gatewayName: string,
  rawBody: string,
  headers: Record<string, string>,
): Promise<{ duplicate: boolean }> {
  const adapter = deps.gateways.get(gatewayName);
  if (!adapter) throw notFound('This payment gateway is not enabled.', paymentErrorCodes.gatewayUnavailable);
  let envelope: Awaited<ReturnType<typeof adapter.parseWebhook>>;
  try {
    envelope = await adapter.parseWebhook(rawBody, headers);
  } catch (err) {
    if (err instanceof InvalidWebhookSignatureError)
      throw badRequest(paymentErrorCodes.invalidSignature, err.message);
    throw err;
  }
  const [stored] = await deps.db
    .insert(webhookInbox)
    .values({
      gateway: adapter.name,
      eventId: envelope.eventId,
      eventType: envelope.eventType,
      rawBody,
      headers,
    })
    .onConflictDoNothing({ target: [webhookInbox.gateway, webhookInbox.eventId] })
    .returning({ id: webhookInbox.id });
  if (!stored) return { duplicate: true };
  await deps.jobs.send(
    PAYMENT_WEBHOOK_JOB,
    { inboxId: stored.id },
    { singletonKey: webhookJobKey(stored.id) },
  );
  return { duplicate: false };
}

/**
 * Processes one stored webhook: the adapter reads what it means (it may call the gateway), then every
 * event is applied in one transaction that also marks the row processed. Processing it again is a no-op.
 */
export async function processWebhook(deps: { db: Database; gateways: GatewayRegistry }, inboxId: number) {
  const [row] = await deps.db.select().from(webhookInbox).where(eq(webhookInbox.id, inboxId));
  if (!row || row.processedAt) return;
  const adapter = deps.gateways.get(row.gateway);
  if (!adapter)
    throw new AppError(503, paymentErrorCodes.gatewayUnavailable, `Gateway ${row.gateway} is not enabled`);
  try {
    const events = await adapter.interpretWebhook({
      eventId: row.eventId,
      eventType: row.eventType,
      body: JSON.parse(row.rawBody),
    });
    await deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ processedAt: webhookInbox.processedAt })
        .from(webhookInbox)
        .where(eq(webhookInbox.id, inboxId))
        .for('update');
      if (!locked || locked.processedAt) return;
      for (const event of events) await applyGatewayEvent(tx, row.gateway as GatewayName, event, inboxId);
      await tx.update(webhookInbox).set({ processedAt: sql`now()` }).where(eq(webhookInbox.id, inboxId));
    });
  } catch (err) {
    await deps.db
      .update(webhookInbox)
      .set({
        attempts: sql`${webhookInbox.attempts} + 1`,
        lastError: String(err instanceof Error ? err.message : err).slice(0, 1000),
      })
      .where(eq(webhookInbox.id, inboxId));
    throw err;
  }
}

/** Inbox rows whose processing job was lost (a crash between storing and queueing). */
export async function findUnprocessedWebhooks(db: Database, olderThanSeconds = 60): Promise<number[]> {
  const rows = await db
    .select({ id: webhookInbox.id })
    .from(webhookInbox)
    .where(
      and(
        isNull(webhookInbox.processedAt),
        lt(webhookInbox.receivedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .limit(500);
  return rows.map((r) => r.id);
}
