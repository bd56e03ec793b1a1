import { describe, expect, it } from 'vitest';
import { paymentAmountSchema } from './payments';

const messageOf = (amount: string) => paymentAmountSchema.safeParse(amount).error?.issues[0]?.message;

describe('paymentAmountSchema', () => {
  it('says an amount above the maximum is too large, however many digits it has', () => {
    expect(messageOf('1000000')).toBe('validation.payment.tooLarge');
    expect(messageOf('99999999')).toBe('validation.payment.tooLarge');
    expect(messageOf('99999999999999999999.50')).toBe('validation.payment.tooLarge');
  });

  it('keeps calling malformed amounts invalid', () => {
    expect(messageOf('25.505')).toBe('validation.money.invalid');
    expect(messageOf('abc')).toBe('validation.money.invalid');
    expect(messageOf('1e9')).toBe('validation.money.invalid');
  });

  it('accepts amounts up to just under the maximum, leading zeros included', () => {
    expect(paymentAmountSchema.parse('999999.99')).toBe(999_999_990_000);
    expect(paymentAmountSchema.parse('0025,50')).toBe(25_500_000);
  });
});
