import { z } from 'zod';
import { rescuePasswordProblem } from './rescue-rules';

/** The rescue system's root password: trimmed, then checked by the rules of instances.md §5. */
export const rescuePasswordSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = rescuePasswordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const enableRescueRequestSchema = z.object({ password: rescuePasswordSchema });

/** The panel's form adds the confirmation field; both are required and must match. */
export const enableRescueFormSchema = z
  .object({
    password: rescuePasswordSchema,
    confirmPassword: z.string().trim().min(1, 'validation.required'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.password.mismatch',
  });
export type EnableRescueForm = z.input<typeof enableRescueFormSchema>;
