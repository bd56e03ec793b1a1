import {
  authErrorCodes,
  isBannedEmailDomain,
  isSuspendedStatus,
  type VerificationFailureReason,
} from '@nimbus/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { badRequest, unauthorized } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import { accountSuspended, bannedEmailDomain, emailInUse, invalidCode } from './auth.errors';
import { customers, type EmailTokenPurpose } from './auth.tables';
import { type CustomerRow, findCustomerById, isUniqueViolation, mailLocaleOf } from './customers';
import {
  checkEmailCode,
  type EmailTokenRow,
  invalidateEmailTokens,
  issueEmailToken,
  lookupEmailToken,
  markEmailTokenUsed,
} from './email-tokens';
import type { MailTransaction, SendMail } from './mail-transaction';
import { liftReview } from './verification-review';

const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

const success = (kind: 'main' | 'secondary') =>
  kind === 'main' ? '/verificationsuccess' : '/verificationsuccess?type=email';
const failure = (kind: 'main' | 'secondary', reason: VerificationFailureReason) =>
  `/verificationfailure?reason=${reason}${kind === 'secondary' ? '&type=email' : ''}`;

class EmailTakenError extends Error {}

/**
 * Verification of the sign-up address and confirmation of a changed one, each by mailed link or by
 * the 6-digit code typed into the panel. Suspended accounts must go through support instead.
 */
export function createEmailVerificationService(deps: {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'BANNED_EMAIL_DOMAINS'>;
  mailTransaction: MailTransaction;
}) {
  const { db, config } = deps;

  async function sendMainVerification(
    tx: Tx,
    send: SendMail,
    customer: CustomerRow,
    template: 'verify-email' | 'verify-email-reminder' = 'verify-email',
  ) {
    const { token, code } = await issueEmailToken(tx, {
      customerId: customer.id,
      purpose: 'verify_main',
      email: customer.email,
      ttlSeconds: VERIFICATION_TTL_SECONDS,
      withCode: true,
    });
    await send({
      customerId: customer.id,
      to: customer.email,
      locale: mailLocaleOf(customer),
      template,
      params: {
        fullname: customer.fullname,
        link: `${config.publicUrl}/api/auth/verify-main-email?token=${token}`,
        code: code!,
      },
    });
  }

  async function completeMain(token: EmailTokenRow, ip: string | null): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (!(await markEmailTokenUsed(tx, token.id))) return false;
      const verified = await tx
        .update(customers)
        .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(customers.id, token.customerId),
            eq(customers.email, token.email),
            isNull(customers.emailVerifiedAt),
          ),
        )
        .returning({ id: customers.id });
      if (verified.length === 0) return false;
      await logActivity(tx, {
        customerId: token.customerId,
        event: 'account_verified',
        data: { email: token.email },
        ip,
      });
      await liftReview(tx, token.customerId, ip);
      return true;
    });
  }

  /** Makes the pending address the account's address; throws EmailTakenError if someone took it meanwhile. */
  async function completeSecondary(token: EmailTokenRow, ip: string | null): Promise<boolean> {
    try {
      return await deps.mailTransaction(async (tx, send) => {
        if (!(await markEmailTokenUsed(tx, token.id))) return false;
        const customer = await findCustomerById(tx, token.customerId, { lock: true });
        if (!customer || customer.pendingEmail !== token.email) return false;
        const [taken] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.email, token.email), ne(customers.id, customer.id)));
        if (taken) throw new EmailTakenError();
        await tx
          .update(customers)
          .set({ email: token.email, pendingEmail: null, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(customers.id, customer.id));
        await logActivity(tx, {
          customerId: customer.id,
          event: 'email_changed',
          data: { email: customer.email, newEmail: token.email },
          ip,
        });
        await liftReview(tx, customer.id, ip);
        await send({
          customerId: customer.id,
          to: customer.email,
          locale: mailLocaleOf(customer),
          template: 'email-changed',
          params: { fullname: customer.fullname, newEmail: token.email },
        });
        return true;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError();
      throw error;
    }
  }

  /** Checks a mailed link and tells where to send the browser. */
  async function verifyLink(kind: 'main' | 'secondary', token: string | undefined, ip: string | null) {
    const purpose: EmailTokenPurpose = kind === 'main' ? 'verify_main' : 'verify_secondary';
    const found = await lookupEmailToken(db, purpose, token);
    if (found.status === 'invalid') return failure(kind, 'invalid');
    const customer = await findCustomerById(db, found.row.customerId);
    if (!customer || customer.status === 'closed_by_admin') return failure(kind, 'invalid');
    if (isSuspendedStatus(customer.status)) return failure(kind, 'suspended');
    // A second click on a link that already did its job still shows success.
    const alreadyDone = customer.email === found.row.email && customer.emailVerifiedAt !== null;
    if (found.status === 'used') return alreadyDone ? success(kind) : failure(kind, 'invalid');
    if (found.status === 'expired') return failure(kind, 'expired');
    if (kind === 'main') {
      if (alreadyDone) return success(kind);
      return (await completeMain(found.row, ip)) ? success(kind) : failure(kind, 'invalid');
    }
    try {
      return (await completeSecondary(found.row, ip)) ? success(kind) : failure(kind, 'invalid');
    } catch (error) {
      if (error instanceof EmailTakenError) return failure(kind, 'email_in_use');
      throw error;
    }
  }

  async function loadForVerification(customerId: number) {
    const customer = await findCustomerById(db, customerId);
    if (!customer) throw unauthorized();
    if (isSuspendedStatus(customer.status)) throw accountSuspended();
    return customer;
  }

  const alreadyVerified = () =>
    badRequest(authErrorCodes.alreadyVerified, 'Your email address is already verified.');
  const noPendingEmail = () =>
    badRequest(authErrorCodes.noPendingEmail, 'There is no email change waiting for confirmation.');

  return {
    sendMainVerification,

    verifyMainLink: (token: string | undefined, ip: string | null) => verifyLink('main', token, ip),
    verifySecondaryLink: (token: string | undefined, ip: string | null) => verifyLink('secondary', token, ip),

    async verifyMainCode(customerId: number, code: string, ip: string | null) {
      const customer = await loadForVerification(customerId);
      if (customer.emailVerifiedAt) throw alreadyVerified();
      const token = await checkEmailCode(db, customerId, 'verify_main', code);
      if (!token || token.email !== customer.email || !(await completeMain(token, ip))) throw invalidCode();
    },

    async resendMainVerification(customerId: number) {
      const customer = await loadForVerification(customerId);
      if (customer.emailVerifiedAt) throw alreadyVerified();
      await deps.mailTransaction((tx, send) => sendMainVerification(tx, send, customer));
      return customer.email;
    },

    /** Starts a change of address: the current one stays in force until the new one is confirmed. */
    async requestEmailChange(customerId: number, newEmail: string) {
      const customer = await findCustomerById(db, customerId);
      if (!customer) throw unauthorized();
      if (customer.email === newEmail) {
        throw badRequest(authErrorCodes.sameEmail, 'This is already your email address.', {
          issues: [{ path: 'email', message: 'validation.email.same' }],
        });
      }
      if (isBannedEmailDomain(newEmail, config.BANNED_EMAIL_DOMAINS)) throw bannedEmailDomain();
      const [taken] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.email, newEmail));
      if (taken) throw emailInUse();
      await deps.mailTransaction(async (tx, send) => {
        await tx
          .update(customers)
          .set({ pendingEmail: newEmail, updatedAt: sql`now()` })
          .where(eq(customers.id, customer.id));
        const { token, code } = await issueEmailToken(tx, {
          customerId: customer.id,
          purpose: 'verify_secondary',
          email: newEmail,
          ttlSeconds: VERIFICATION_TTL_SECONDS,
          withCode: true,
        });
        const locale = mailLocaleOf(customer);
        await send({
          customerId: customer.id,
          to: newEmail,
          locale,
          template: 'verify-new-email',
          params: {
            fullname: customer.fullname,
            newEmail,
            link: `${config.publicUrl}/api/auth/verify-secondary-email?token=${token}`,
            code: code!,
          },
        });
        await send({
          customerId: customer.id,
          to: customer.email,
          locale,
          template: 'email-change-notice',
          params: { fullname: customer.fullname, newEmail },
        });
      });
    },

    async verifySecondaryCode(customerId: number, code: string, ip: string | null) {
      const customer = await loadForVerification(customerId);
      if (!customer.pendingEmail) throw noPendingEmail();
      const token = await checkEmailCode(db, customerId, 'verify_secondary', code);
      if (!token || token.email !== customer.pendingEmail) throw invalidCode();
      try {
        if (!(await completeSecondary(token, ip))) throw invalidCode();
      } catch (error) {
        if (error instanceof EmailTakenError) throw emailInUse();
        throw error;
      }
    },

    async cancelEmailChange(customerId: number) {
      const cancelled = await db.transaction(async (tx) => {
        const rows = await tx
          .update(customers)
          .set({ pendingEmail: null, updatedAt: sql`now()` })
          .where(and(eq(customers.id, customerId), sql`${customers.pendingEmail} IS NOT NULL`))
          .returning({ id: customers.id });
        if (rows.length > 0) await invalidateEmailTokens(tx, customerId, 'verify_secondary');
        return rows.length > 0;
      });
      if (!cancelled) throw noPendingEmail();
    },
  };
}
export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
