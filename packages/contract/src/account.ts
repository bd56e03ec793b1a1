import { z } from 'zod';
import { accountStates } from './account-rules';
import { isSupportedLocale } from './locales';

export const userInfoSchema = z.object({
  id: z.number().int(),
  fullname: z.string(),
  email: z.object({ email: z.string(), isVerified: z.boolean() }),
  unverifiedEmail: z.object({ email: z.string() }).nullable(),
  phone: z.object({ phone: z.string() }).nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string(),
  accountState: z.enum(accountStates),
  isSuspended: z.boolean(),
  isAdminSuspended: z.boolean(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const apiTokenInfoSchema = z.object({
  exists: z.boolean(),
  prefix: z.string().nullable(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenInfo = z.infer<typeof apiTokenInfoSchema>;
export const createdApiTokenSchema = z.object({
  token: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
});

export const setLanguageRequestSchema = z.object({
  language: z.string().refine(isSupportedLocale, 'validation.invalid'),
});
export const languageSchema = z.object({ language: z.string() });

/** POST /customer-stats: analytics ids of the customer's browser (spec §7), stored with the account. */
export const customerStatsRequestSchema = z.object({
  googleId: z.string().trim().max(200).optional(),
  hash: z.string().trim().max(200).optional(),
});
