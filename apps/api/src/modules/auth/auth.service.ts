import {
  authErrorCodes,
  isBannedEmailDomain,
  type Locale,
  type SignInRequest,
  type SignUpRequest,
} from '@nimbus/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import type { CaptchaVerifier } from '../captcha/captcha';
import { hashPassword, verifyDummyPassword, verifyPassword } from './auth.crypto';
import { accountClosed, bannedEmailDomain, emailInUse } from './auth.errors';
import { customers } from './auth.tables';
import {
  type CustomerRow,
  findCustomerByEmail,
  isUniqueViolation,
  mailLocaleOf,
  mergeAnalyticsIds,
} from './customers';
import type { EmailVerificationService } from './email-verification.service';
import type { MailTransaction } from './mail-transaction';
import type { SignInAccountLimit } from './rate-limit';
import type { ClientInfo, SessionService } from './session.service';

/** Sign-up, sign-in and sign-out. */
export function createAuthService(deps: {
  db: Database;
  config: Pick<Config, 'BANNED_EMAIL_DOMAINS' | 'SIGNIN_ACCOUNT_WINDOW_MINUTES' | 'publicUrl'>;
  sessions: SessionService;
  signInLimit: SignInAccountLimit;
  mailTransaction: MailTransaction;
  emailVerification: EmailVerificationService;
  captcha: CaptchaVerifier;
}) {
  const { db, config, sessions, signInLimit } = deps;

  /** Tells the owner once per lock; the panel's forgot-password page is the way out. */
  async function mailLockNotice(customer: CustomerRow) {
    await deps.mailTransaction((_tx, send) =>
      send({
        customerId: customer.id,
        to: customer.email,
        locale: mailLocaleOf(customer),
        template: 'sign-in-locked',
        params: {
          fullname: customer.fullname,
          link: `${config.publicUrl}/forgotpassword`,
          minutes: String(Math.ceil(config.SIGNIN_ACCOUNT_WINDOW_MINUTES)),
        },
      }),
    );
  }

  return {
    async signUp(input: SignUpRequest, client: ClientInfo & { language: Locale }) {
      if (isBannedEmailDomain(input.email, config.BANNED_EMAIL_DOMAINS)) throw bannedEmailDomain();
      if (await findCustomerByEmail(db, input.email)) throw emailInUse();
      const passwordHash = await hashPassword(input.password);
      try {
        return await deps.mailTransaction(async (tx, send) => {
          const [customer] = await tx
            .insert(customers)
            .values({
              email: input.email,
              passwordHash,
              fullname: input.fullname,
              language: client.language,
              signupMetadata: input.metadata ? JSON.stringify(input.metadata) : null,
              termsAcceptedAt: new Date(),
            })
            .returning();
          await deps.emailVerification.sendMainVerification(tx, send, customer!);
          await logActivity(tx, {
            customerId: customer!.id,
            event: 'registered',
            data: { email: input.email },
            ip: client.ip,
          });
          return sessions.start(tx, customer!.id, client);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
    },

    async signIn(input: SignInRequest, client: ClientInfo & { captchaToken?: string }) {
      if (!(await deps.captcha.verify(client.captchaToken, client.ip ?? undefined))) {
        throw badRequest(authErrorCodes.captchaFailed, 'The captcha check failed. Please try again.');
      }
      // Counted before the password is checked, the same for unknown and known addresses, so neither
      // the answer nor the lock tells which addresses have an account.
      const attempt = await signInLimit.attempt(input.email);
      if (!attempt.allowed) {
        throw new AppError(
          429,
          authErrorCodes.signInLocked,
          'Too many wrong passwords for this account. Try again later or reset your password.',
          { retryAfter: attempt.retryAfterSeconds },
        );
      }
      const customer = await findCustomerByEmail(db, input.email);
      const valid = customer
        ? await verifyPassword(customer.passwordHash, input.password)
        : await verifyDummyPassword(input.password);
      if (!customer || !valid) {
        if ((await signInLimit.failed(input.email, attempt.slot)) && customer) await mailLockNotice(customer);
        throw new AppError(401, authErrorCodes.wrongCredentials, 'Wrong email or password.');
      }
      await signInLimit.succeeded(input.email);
      if (customer.status === 'closed_by_admin') throw accountClosed();
      return db.transaction(async (tx) => {
        const tokens = await sessions.start(tx, customer.id, client);
        if (input.metadata && Object.keys(input.metadata).length > 0) {
          await mergeAnalyticsIds(tx, customer.id, input.metadata);
        }
        await logActivity(tx, { customerId: customer.id, event: 'login', data: {}, ip: client.ip });
        return tokens;
      });
    },

    /** Ends the session of the given refresh token, whatever state the token is in. */
    async signOutByRefreshToken(refreshToken: string) {
      const sessionId = await sessions.sessionOfRefreshToken(refreshToken);
      if (sessionId) await sessions.revokeSession(db, sessionId, 'logout');
    },

    async signOutSession(sessionId: string) {
      await sessions.revokeSession(db, sessionId, 'logout');
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
