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
