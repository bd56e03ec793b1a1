// The zod-free part of auth.ts (zod-free.test.ts): the panel loads it without zod.

export const REFRESH_TOKEN_HEADER = 'x-refresh-token';
export const ACCESS_TOKEN_HEADER = 'x-token';
export const CAPTCHA_HEADER = 'x-captcha-token';
export const LANGUAGE_HEADER = 'x-language';

/** Captcha is retried this many times, this far apart, before sign-in gives up (spec §7). */
export const CAPTCHA_RETRY_ATTEMPTS = 3;
export const CAPTCHA_RETRY_DELAY_MS = 1000;

/** Why `/verificationfailure?reason=` was reached from a mailed link. */
export const verificationFailureReasons = ['invalid', 'expired', 'suspended', 'email_in_use'] as const;
export type VerificationFailureReason = (typeof verificationFailureReasons)[number];
/** `/verificationsuccess?type=email` after confirming a changed address; no type after sign-up verification. */
export const verificationSuccessTypes = ['email'] as const;

/** Six-digit codes: wrong guesses allowed per code before a new one must be requested. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

export const authErrorCodes = {
  wrongCredentials: 'WRONG_CREDENTIALS',
  /** Too many wrong passwords for one account: its sign-in pauses (429 with Retry-After). */
  signInLocked: 'SIGN_IN_LOCKED',
  emailInUse: 'EMAIL_ALREADY_USED',
  bannedEmailDomain: 'BANNED_EMAIL_DOMAIN',
  captchaFailed: 'CAPTCHA_FAILED',
  invalidToken: 'INVALID_OR_EXPIRED_TOKEN',
  invalidCode: 'INVALID_OR_EXPIRED_CODE',
  refreshTokenInvalid: 'REFRESH_TOKEN_INVALID',
  refreshTokenReused: 'REFRESH_TOKEN_REUSED',
  wrongCurrentPassword: 'WRONG_CURRENT_PASSWORD',
  samePassword: 'SAME_PASSWORD',
  alreadyVerified: 'EMAIL_ALREADY_VERIFIED',
  accountSuspended: 'ACCOUNT_SUSPENDED',
  accountClosed: 'ACCOUNT_CLOSED',
  noPendingEmail: 'NO_PENDING_EMAIL',
  sameEmail: 'SAME_EMAIL',
  nothingChanged: 'NOTHING_CHANGED',
} as const;
export type AuthErrorCode = (typeof authErrorCodes)[keyof typeof authErrorCodes];
