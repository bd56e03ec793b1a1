import { z } from 'zod';
import { emailCodeSchema, emailSchema, fullnameSchema, passwordSchema } from './field-validation';

/** Optional sign-in/sign-up metadata of the spec (analytics ids); stored, never trusted. */
export const authMetadataSchema = z
  .object({
    googleCid: z.string().max(200).optional(),
    session: z.string().max(200).optional(),
    hash: z.string().max(200).optional(),
  })
  .optional();

export const signUpRequestSchema = z.object({
  fullname: fullnameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The Terms of Service and Acceptable Use Policy must be accepted; the time is kept with the account. */
  acceptTerms: z
    .boolean({ error: 'validation.terms.required' })
    .refine((accepted) => accepted, 'validation.terms.required'),
  metadata: authMetadataSchema,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** Sign-in only checks presence: the password rules of sign-up must not leak which part was wrong. */
export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'validation.required').max(256),
  metadata: authMetadataSchema,
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const authTokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type AuthTokens = z.infer<typeof authTokensSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export const confirmResetPasswordRequestSchema = z.object({ new_password: passwordSchema });
export const tokenQuerySchema = z.object({ token: z.string().min(1).max(512) });

/**
 * "New equals current" is not refined here: the API answers it with its own code SAME_PASSWORD
 * (after checking the current password), while the panel's form schema below catches it early.
 */
export const changePasswordRequestSchema = z.object({
  old_password: z.string().min(1, 'validation.required').max(256),
  new_password: passwordSchema,
});

/** The panel's form adds a confirmation field; the API only needs the two passwords. */
export const changePasswordFormSchema = z
  .object({
    old_password: z.string().min(1, 'validation.required'),
    new_password: passwordSchema,
    confirm_password: z.string().min(1, 'validation.required'),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'validation.password.mismatch',
  })
  .refine((v) => v.old_password !== v.new_password, {
    path: ['new_password'],
    message: 'validation.password.sameAsOld',
  });

export const resetPasswordFormSchema = z
  .object({ new_password: passwordSchema, confirm_password: z.string().min(1, 'validation.required') })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'validation.password.mismatch',
  });

export const changeEmailRequestSchema = z.object({ email: emailSchema });

/** Verification by the 6-digit code typed into the panel (the mailed link carries a token instead). */
export const verifyEmailCodeRequestSchema = z.object({ code: emailCodeSchema });

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
