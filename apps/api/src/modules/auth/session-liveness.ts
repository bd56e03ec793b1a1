import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers, sessions } from './auth.tables';

/**
 * Whether a customer may still act: the account is not closed and, for a signed-in session, the session
 * was not ended (sign-out, password change). For areas that hold on to a customer beyond one request.
 */
export async function customerStillSignedIn(
  db: Database,
  customerId: number,
  sessionId: string | null,
): Promise<boolean> {
  if (sessionId === null) {
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), ne(customers.status, 'closed_by_admin')));
    return row !== undefined;
  }
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.customerId, customerId),
        isNull(sessions.revokedAt),
        ne(customers.status, 'closed_by_admin'),
      ),
    );
  return row !== undefined;
}
