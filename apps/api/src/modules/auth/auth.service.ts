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
import { findCustomerByEmail, isUniqueViolation, mergeAnalyticsIds } from './customers';
import type { EmailVerificationService } from './email-verification.service';
import type { MailTransaction } from './mail-transaction';
import type { ClientInfo, SessionService } from './session.service';

/** Sign-up, sign-in and sign-out. */
export function createAuthService(deps: {
  db: Database;
  config: Pick<Config, 'BANNED_EMAIL_DOMAINS'>;
  sessions: SessionService;
  mailTransaction: MailTransaction;
  emailVerification: EmailVerificationService;
  captcha: CaptchaVerifier;
}) {
  const { db, config, sessions } = deps;
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
      const customer = await findCustomerByEmail(db, input.email);
      const valid = customer
        ? await verifyPassword(customer.passwordHash, input.password)
        : await verifyDummyPassword(input.password);
      if (!customer || !valid) {
        throw new AppError(401, authErrorCodes.wrongCredentials, 'Wrong email or password.');
      }
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
