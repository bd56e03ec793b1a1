import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { createCaptchaVerifier } from '../captcha/captcha';
import { createMailService } from '../mail/mail.service';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { emailRoutes } from './email.routes';
import { createEmailVerificationService } from './email-verification.service';
import { createMailTransaction } from './mail-transaction';
import { passwordRoutes } from './password.routes';
import { createPasswordService } from './password.service';
import { createSignInAccountLimit } from './rate-limit';
import { createSessionService } from './session.service';

/** Routes of the auth area, mounted under /api. */
export function authModule(deps: AppDeps) {
  const { db, config } = deps;
  const mailTransaction = createMailTransaction(db, createMailService({ jobs: deps.jobs, config }));
  const sessions = createSessionService({ db, config });
  const emails = createEmailVerificationService({ db, config, mailTransaction });
  const passwords = createPasswordService({ db, config, sessions, mailTransaction });
  const auth = createAuthService({
    db,
    config,
    sessions,
    signInLimit: createSignInAccountLimit({ db, config }),
    mailTransaction,
    emailVerification: emails,
    captcha: createCaptchaVerifier(config),
  });

  return async (app: FastifyInstance) => {
    await sessions.ready();
    await app.register(authRoutes({ config, auth, sessions }));
    await app.register(passwordRoutes({ config, passwords }));
    await app.register(emailRoutes({ config, emails }));
  };
}
