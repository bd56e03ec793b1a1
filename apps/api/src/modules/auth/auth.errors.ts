import { authErrorCodes } from '@nimbus/contract';
import { AppError, badRequest, forbidden } from '../../lib/errors';

/** Errors several auth flows share, each with the field it belongs to so the panel can show it there. */
export const emailInUse = (path = 'email') =>
  new AppError(409, authErrorCodes.emailInUse, 'This email address is already used by another account.', {
    issues: [{ path, message: 'validation.email.inUse' }],
  });

export const bannedEmailDomain = () =>
  badRequest(authErrorCodes.bannedEmailDomain, 'Email addresses of this domain are not accepted.', {
    issues: [{ path: 'email', message: 'validation.email.banned' }],
  });

export const accountSuspended = () =>
  forbidden(
    authErrorCodes.accountSuspended,
    'Your account is suspended, so you cannot verify your email address yourself. Please open a support ticket.',
  );

export const accountClosed = () =>
  forbidden(
    authErrorCodes.accountClosed,
    'This account is closed. Contact support if you think this is a mistake.',
  );

export const invalidCode = () =>
  badRequest(authErrorCodes.invalidCode, 'The code is wrong or has expired. Request a new one if needed.');

export const invalidToken = () =>
  badRequest(authErrorCodes.invalidToken, 'This link is invalid or has expired. Please request a new one.');
