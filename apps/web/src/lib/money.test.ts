import { describe, expect, it } from 'vitest';
import { moneyFormat, parseAmount } from './money';

describe('moneyFormat', () => {
  it('writes wire amounts and micros in the sign it is given', () => {
    const { money, moneyOfMicros, signedMoney } = moneyFormat('€');
    expect(money('1234.5')).toBe('€1,234.50');
    expect(money('0.0069', 4)).toBe('€0.0069');
    expect(money('-3.5')).toBe('-€3.50');
    expect(moneyOfMicros(25_000_000, 0)).toBe('€25');
    expect(signedMoney('60')).toBe('+€60.00');
    expect(signedMoney('-42.1')).toBe('-€42.10');
    expect(signedMoney('0')).toBe('€0.00');
  });
});

describe('parseAmount', () => {
  it('reads what the contract’s payment amount accepts, the decimal comma included', () => {
    expect(parseAmount('25')).toBe(25_000_000);
    expect(parseAmount(' 25.5 ')).toBe(25_500_000);
    expect(parseAmount('25,50')).toBe(25_500_000);
    expect(parseAmount(1.5)).toBe(1_500_000);
  });

  it('gives the figure of an amount out of bounds, which the form warns about', () => {
    expect(parseAmount('1')).toBe(1_000_000);
    expect(parseAmount('9999999.99')).toBe(9_999_999_990_000);
  });

  it('gives null for anything that is not a plain amount', () => {
    for (const text of ['', '25.555', '2,5,0', '-5', 'abc', '12345678', '1e3', undefined, null]) {
      expect(parseAmount(text)).toBeNull();
    }
  });
});
