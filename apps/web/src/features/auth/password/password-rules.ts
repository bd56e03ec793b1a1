import { passwordSchema } from '@nimbus/contract';

/** The password rules a customer sees while typing; each is the contract's own check, by message key. */
export const passwordRules = [
  { id: 'minLength', message: 'validation.password.minLength' },
  { id: 'letter', message: 'validation.password.letter' },
  { id: 'special', message: 'validation.password.special' },
] as const;
export type PasswordRuleId = (typeof passwordRules)[number]['id'];

/** Which rules the password meets, judged by the same schema the API applies. */
export function passwordRuleResults(password: string): Record<PasswordRuleId, boolean> {
  const broken = new Set(
    passwordSchema.safeParse(password).error?.issues.map((issue) => issue.message) ?? [],
  );
  return Object.fromEntries(passwordRules.map((rule) => [rule.id, !broken.has(rule.message)])) as Record<
    PasswordRuleId,
    boolean
  >;
}
