import type { GatewayName } from '@nimbus/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { GatewayCard } from './gateways/gateway';
import { gatewayCustomers, savedCards } from './payments.tables';

/**
 * Keeps a card a checkout saved and makes it the default for its gateway. A replayed event finds the
 * card already kept and changes nothing, so it cannot undo a later change of default card.
 */
export async function keepSavedCard(tx: DbOrTx, customerId: number, gateway: GatewayName, card: GatewayCard) {
  if (card.externalCustomerId)
    await rememberGatewayCustomer(tx, customerId, gateway, card.externalCustomerId);
  const [kept] = await tx
    .insert(savedCards)
    .values({
      customerId,
      gateway,
      externalId: card.externalId,
      externalCustomerId: card.externalCustomerId,
      brand: card.brand,
      last4: card.last4,
      name: card.name,
      expMonth: card.expMonth,
      expYear: card.expYear,
      isDefault: false,
    })
    .onConflictDoNothing({ target: [savedCards.gateway, savedCards.externalId] })
    .returning({ id: savedCards.id });
  if (!kept) return;
  await tx
    .update(savedCards)
    .set({ isDefault: false })
    .where(
      and(
        eq(savedCards.customerId, customerId),
        eq(savedCards.gateway, gateway),
        eq(savedCards.isDefault, true),
      ),
    );
  await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, kept.id));
}

/** The customer's saved cards for a gateway, oldest first. */
export const savedCardsOf = (db: DbOrTx, customerId: number, gateway: GatewayName) =>
  db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.customerId, customerId), eq(savedCards.gateway, gateway)))
    .orderBy(asc(savedCards.id));

/**
 * Makes one of the customer's cards the default for its gateway, under the card's row lock. False when
 * the card is not the customer's (or not of that gateway): nothing changes.
 */
export async function makeDefaultCard(
  tx: DbOrTx,
  customerId: number,
  gateway: GatewayName,
  cardId: number,
): Promise<boolean> {
  const [card] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(
      and(eq(savedCards.id, cardId), eq(savedCards.customerId, customerId), eq(savedCards.gateway, gateway)),
    )
    .for('update');
  if (!card) return false;
  await tx
    .update(savedCards)
    .set({ isDefault: false })
    .where(and(eq(savedCards.customerId, customerId), eq(savedCards.gateway, gateway)));
  await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, card.id));
  return true;
}

export async function defaultCardOf(db: DbOrTx, customerId: number, gateway: GatewayName) {
  const [card] = await db
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.customerId, customerId),
        eq(savedCards.gateway, gateway),
        eq(savedCards.isDefault, true),
      ),
    );
  return card ?? null;
}

export async function rememberGatewayCustomer(
  tx: DbOrTx,
  customerId: number,
  gateway: GatewayName,
  externalId: string,
) {
  await tx
    .insert(gatewayCustomers)
    .values({ customerId, gateway, externalCustomerId: externalId })
    .onConflictDoNothing();
}

export async function gatewayCustomerOf(db: DbOrTx, customerId: number, gateway: GatewayName) {
  const [row] = await db
    .select({ id: gatewayCustomers.externalCustomerId })
    .from(gatewayCustomers)
    .where(and(eq(gatewayCustomers.customerId, customerId), eq(gatewayCustomers.gateway, gateway)));
  return row?.id ?? null;
}

export const cardRowToGatewayCard = (row: typeof savedCards.$inferSelect): GatewayCard => ({
  externalId: row.externalId,
  externalCustomerId: row.externalCustomerId,
  brand: row.brand,
  last4: row.last4,
  name: row.name,
  expMonth: row.expMonth,
  expYear: row.expYear,
});
