import { z } from 'zod';
import { emailCodeSchema, emailSchema, fullnameSchema, passwordSchema } from './rules';

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

export const changePasswordRequestSchema = z
  .object({ old_password: z.string().min(1, 'validation.required').max(256), new_password: passwordSchema })
  .refine((v) => v.old_password !== v.new_password, {
    path: ['new_password'],
    message: 'validation.password.sameAsOld',
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

export const authErrorCodes = {
  wrongCredentials: 'WRONG_CREDENTIALS',
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
