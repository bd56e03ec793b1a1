import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { z } from 'zod';
import { fullnameSchema } from './field-validation';

/*
 * The profile form's rules, apart from the account's other schemas: the phone metadata weighs some 45 KB
 * gzipped and only this form needs it, while every page of the panel reads the account (user info).
 */

/** Phone numbers are stored in E.164; a real, dialable number is required. */
export const phoneSchema = z
  .string()
  .trim()
  .refine((v) => v.startsWith('+') && isValidPhoneNumber(v), 'validation.phone.invalid');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.text.tooLong')
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** Profile fields a customer edits; an empty phone clears it. */
export const updateProfileRequestSchema = z.object({
  fullname: fullnameSchema,
  phone: z
    .union([z.literal(''), phoneSchema])
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  region: optionalText(100),
  city: optionalText(100),
  country: optionalText(100),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
