import { describe, expect, it } from 'vitest';
import { centsToMicros, decimalToMicros, microsToCents, sumOfProductsToMicros } from './decimal';

describe('gateway money conversions', () => {
  it.each([
    ['61.80', 61_800_000],
    ['61.8', 61_800_000],
    ['0.0000005', 1],
    ['0.0000004999', 0],
    ['-1.0000005', -1_000_001],
    ['999999.999999', 999_999_999_999],
    [12, 12_000_000],
  ])('reads %s as %d micros', (text, micros) => {
    expect(decimalToMicros(text)).toBe(micros);
  });

  it.each([['1e-7'], [''], ['1,5'], ['.5'], ['abc']])('refuses %s', (text) => {
    expect(() => decimalToMicros(text)).toThrow();
  });

  it('sums products exactly before rounding once', () => {
    // Alone each product rounds to 0 micros (0.45 and 0.05); together they make half a micro, rounded up.
    expect(
      sumOfProductsToMicros([
        ['0.0000003', '1.5'],
        ['0.0000001', '0.5'],
      ]),
    ).toBe(1);
    expect(sumOfProductsToMicros([])).toBe(0);
  });

  it('converts cents both ways', () => {
    expect(centsToMicros(6180)).toBe(61_800_000);
    expect(microsToCents(61_800_000)).toBe(6180);
    expect(microsToCents(61_805_000)).toBe(6181);
    expect(microsToCents(61_804_999)).toBe(6180);
  });
});
