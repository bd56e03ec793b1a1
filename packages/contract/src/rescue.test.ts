import { describe, expect, it } from 'vitest';
import { enableRescueFormSchema, enableRescueRequestSchema } from './rescue';
import { generateRescuePassword, rescuePasswordProblem } from './rescue-rules';

describe('rescue password rules (instances.md §5)', () => {
  it('names the first rule a password breaks', () => {
    expect(rescuePasswordProblem('')).toBe('validation.required');
    expect(rescuePasswordProblem('Abc1234')).toBe('validation.password.minLength');
    expect(rescuePasswordProblem('abcdefg1')).toBe('validation.rescuePassword.classes');
    expect(rescuePasswordProblem('ABCDEFG1')).toBe('validation.rescuePassword.classes');
    expect(rescuePasswordProblem('Abcdefgh')).toBe('validation.rescuePassword.classes');
    expect(rescuePasswordProblem(`Aa1${'x'.repeat(126)}`)).toBe('validation.password.maxLength');
    expect(rescuePasswordProblem('Abcdefg1')).toBeNull();
  });

  it('trims before checking, on the API and in the form, and asks both form fields to match', () => {
    expect(enableRescueRequestSchema.parse({ password: '  Rescue123 ' })).toEqual({ password: 'Rescue123' });
    expect(enableRescueRequestSchema.safeParse({ password: '        ' }).success).toBe(false);
    expect(
      enableRescueFormSchema.safeParse({ password: ' Rescue123', confirmPassword: 'Rescue123 ' }).success,
    ).toBe(true);
    const mismatch = enableRescueFormSchema.safeParse({
      password: 'Rescue123',
      confirmPassword: 'Rescue124',
    });
    expect(mismatch.error?.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: 'validation.password.mismatch',
    });
  });

  it('generates 8 characters from letters and digits with one of each class, all different over many draws', () => {
    const drawn = Array.from({ length: 500 }, generateRescuePassword);
    for (const password of drawn) {
      expect(password).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(rescuePasswordProblem(password)).toBeNull();
    }
    expect(new Set(drawn).size).toBe(drawn.length);
    // The guaranteed classes are shuffled in: the first character is not always lowercase.
    expect(new Set(drawn.map((p) => /[a-z]/.test(p[0]!))).size).toBe(2);
  });
});
