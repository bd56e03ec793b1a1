import { authErrorCodes } from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { badRequest, unauthorized } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import { hashPassword, verifyPassword } from './auth.crypto';
import { invalidToken } from './auth.errors';
import { customers } from './auth.tables';
import { type CustomerRow, findCustomerByEmail, findCustomerById, mailLocaleOf } from './customers';
import { invalidateEmailTokens, issueEmailToken, lookupEmailToken, markEmailTokenUsed } from './email-tokens';
import type { MailTransaction, SendMail } from './mail-transaction';
import type { SessionService } from './session.service';

const RESET_TTL_SECONDS = 60 * 60;

/** Forgotten-password reset by mailed link, and change of password by a signed-in customer. */
export function createPasswordService(deps: {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
  sessions: SessionService;
  mailTransaction: MailTransaction;
}) {
  const { db, config, sessions } = deps;

  /** Sets the password and ends every session: whoever knew the old one is signed out everywhere. */
  async function setPassword(
    tx: Tx,
    send: SendMail,
    customer: CustomerRow,
    passwordHash: string,
    event: 'password_reset' | 'password_changed',
    ip: string | null,
  ) {
    await tx
      .update(customers)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(customers.id, customer.id));
    await sessions.revokeAll(tx, customer.id, event);
    await logActivity(tx, { customerId: customer.id, event, data: {}, ip });
    await send({
      customerId: customer.id,
      to: customer.email,
      locale: mailLocaleOf(customer),
      template: 'password-changed',
      params: { fullname: customer.fullname },
    });
  }

  return {
    /** Mails a reset link when the account exists; the caller answers the same either way. */
    async requestReset(email: string) {
      const customer = await findCustomerByEmail(db, email);
      if (!customer || customer.status === 'closed_by_admin') return;
      await deps.mailTransaction(async (tx, send) => {
        const { token } = await issueEmailToken(tx, {
          customerId: customer.id,
          purpose: 'reset_password',
          email: customer.email,
          ttlSeconds: RESET_TTL_SECONDS,
          withCode: false,
        });
        await send({
          customerId: customer.id,
          to: customer.email,
          locale: mailLocaleOf(customer),
          template: 'reset-password',
          params: { fullname: customer.fullname, link: `${config.publicUrl}/resetpassword?token=${token}` },
        });
      });
    },

    async confirmReset(token: string, newPassword: string, ip: string | null) {
      const found = await lookupEmailToken(db, 'reset_password', token);
      if (found.status !== 'valid') throw invalidToken();
      const passwordHash = await hashPassword(newPassword);
      await deps.mailTransaction(async (tx, send) => {
        const customer = await findCustomerById(tx, found.row.customerId, { lock: true });
        if (!customer || customer.status === 'closed_by_admin' || customer.email !== found.row.email) {
          throw invalidToken();
        }
        if (!(await markEmailTokenUsed(tx, found.row.id))) throw invalidToken();
        await invalidateEmailTokens(tx, customer.id, 'reset_password');
        await setPassword(tx, send, customer, passwordHash, 'password_reset', ip);
      });
    },

    async change(customerId: number, oldPassword: string, newPassword: string, ip: string | null) {
      const customer = await findCustomerById(db, customerId);
      if (!customer) throw unauthorized();
      if (!(await verifyPassword(customer.passwordHash, oldPassword))) {
        throw badRequest(authErrorCodes.wrongCurrentPassword, 'The current password is not correct.', {
          issues: [{ path: 'old_password', message: 'validation.password.wrongCurrent' }],
        });
      }
      if (oldPassword === newPassword) {
        throw badRequest(authErrorCodes.samePassword, 'The new password must differ from the current one.', {
          issues: [{ path: 'new_password', message: 'validation.password.sameAsOld' }],
        });
      }
      const passwordHash = await hashPassword(newPassword);
      await deps.mailTransaction((tx, send) =>
        setPassword(tx, send, customer, passwordHash, 'password_changed', ip),
      );
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
