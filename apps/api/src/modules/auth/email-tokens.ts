import { EMAIL_CODE_MAX_ATTEMPTS } from '@nimbus/contract';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { randomCode, randomToken, sameHash, sha256 } from './auth.crypto';
import { type EmailTokenPurpose, emailTokens } from './auth.tables';

export type EmailTokenRow = typeof emailTokens.$inferSelect;

/** Codes are hashed with their owner and purpose: equal codes of two customers never share a hash. */
const codeHash = (customerId: number, purpose: EmailTokenPurpose, code: string) =>
  sha256(`${customerId}:${purpose}:${code}`);

/**
 * Issues a mailed link token (and a 6-digit code when asked), invalidating earlier unused ones of
 * the same purpose: only the newest mail works.
 */
export async function issueEmailToken(
  tx: DbOrTx,
  input: {
    customerId: number;
    purpose: EmailTokenPurpose;
    email: string;
    ttlSeconds: number;
    withCode: boolean;
  },
): Promise<{ token: string; code: string | null }> {
  await invalidateEmailTokens(tx, input.customerId, input.purpose);
  const token = randomToken();
  const code = input.withCode ? randomCode() : null;
  await tx.insert(emailTokens).values({
    customerId: input.customerId,
    purpose: input.purpose,
    email: input.email,
    tokenHash: sha256(token),
    codeHash: code ? codeHash(input.customerId, input.purpose, code) : null,
    expiresAt: new Date(Date.now() + input.ttlSeconds * 1000),
  });
  return { token, code };
}

export async function invalidateEmailTokens(tx: DbOrTx, customerId: number, purpose: EmailTokenPurpose) {
  await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.customerId, customerId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
}

export type TokenLookup =
  | { status: 'valid'; row: EmailTokenRow }
  | { status: 'used'; row: EmailTokenRow }
  | { status: 'expired'; row: EmailTokenRow }
  | { status: 'invalid' };

/** Finds a mailed link's token without spending it. */
export async function lookupEmailToken(
  db: DbOrTx,
  purpose: EmailTokenPurpose,
  token: string | undefined,
): Promise<TokenLookup> {
  if (!token) return { status: 'invalid' };
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.purpose, purpose)));
  if (!row) return { status: 'invalid' };
  if (row.usedAt) return { status: 'used', row };
  if (row.expiresAt.getTime() <= Date.now()) return { status: 'expired', row };
  return { status: 'valid', row };
}

/**
 * Checks a typed code against the customer's newest live code. Every try is counted first, in its own
 * statement, so neither a failed check rolling back nor parallel guesses get past the attempt limit.
 */
export async function checkEmailCode(
  db: DbOrTx,
  customerId: number,
  purpose: EmailTokenPurpose,
  code: string,
): Promise<EmailTokenRow | null> {
  const [live] = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.customerId, customerId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailTokens.id))
    .limit(1);
  if (!live) return null;
  const [counted] = await db
    .update(emailTokens)
    .set({ attempts: sql`${emailTokens.attempts} + 1` })
    .where(and(eq(emailTokens.id, live.id), lt(emailTokens.attempts, EMAIL_CODE_MAX_ATTEMPTS)))
    .returning();
  if (!counted?.codeHash) return null;
  return sameHash(counted.codeHash, codeHash(customerId, purpose, code)) ? counted : null;
}

/** Spends a token; false when another request spent it first. */
export async function markEmailTokenUsed(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return rows.length > 0;
}
