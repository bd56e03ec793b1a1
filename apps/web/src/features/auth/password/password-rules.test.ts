import { describe, expect, it } from 'vitest';
import { passwordRuleResults } from './password-rules';

describe('passwordRuleResults', () => {
  it('judges each rule on its own', () => {
    expect(passwordRuleResults('')).toEqual({ minLength: false, letter: false, special: false });
    expect(passwordRuleResults('abc')).toEqual({ minLength: false, letter: true, special: false });
    expect(passwordRuleResults('12345678!')).toEqual({ minLength: true, letter: false, special: true });
    expect(passwordRuleResults('correct horse!')).toEqual({ minLength: true, letter: true, special: true });
  });

  it('does not count a non-English letter as the English one', () => {
    expect(passwordRuleResults('пароль-пароль').letter).toBe(false);
  });
});
