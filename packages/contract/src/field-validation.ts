import { z } from 'zod';
import { EMAIL_PATTERN, hostnameProblem, PASSWORD_MIN_LENGTH } from './field-validation-rules';

/** Schemas of form fields; their messages and zod-free checks are in field-validation-rules.ts. */

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .max(254, 'validation.email.tooLong')
  .regex(EMAIL_PATTERN, 'validation.email.invalid');

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'validation.password.minLength')
  .max(128, 'validation.password.maxLength')
  .regex(/[A-Za-z]/, 'validation.password.letter')
  .regex(/[^A-Za-z0-9\s]/, 'validation.password.special');

export const fullnameSchema = z
  .string()
  .trim()
  .min(1, 'validation.fullname.required')
  .max(100, 'validation.fullname.tooLong');

export const hostnameSchema = z.string().superRefine((value, ctx) => {
  const problem = hostnameProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Six-digit codes sent by email (verification, email change). */
export const emailCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'validation.code.invalid');
