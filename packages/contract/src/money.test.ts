import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, fromMicros, toMicros } from './money-rules';

describe('money', () => {
  it('parses decimal strings exactly', () => {
    expect(toMicros('12.345')).toBe(12_345_000);
    expect(toMicros('0.0069')).toBe(6_900);
    expect(toMicros('-3')).toBe(-3_000_000);
    expect(() => toMicros('1.2345678')).toThrow();
    expect(() => toMicros('abc')).toThrow();
  });
  it('formats with comma thousands and the requested decimals', () => {
    expect(formatMoney(1_234_567_890_000)).toBe('$1,234,567.89');
    expect(formatMoney(6_900, { decimals: 4 })).toBe('$0.0069');
    expect(formatMoney(-2_500_000)).toBe('-$2.50');
    expect(fromMicros(5_000)).toBe('0.01');
    expect(fromMicros(4_999)).toBe('0.00');
  });
  it('round-trips any amount of micros through its 6-decimal string', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (micros) => {
        expect(toMicros(fromMicros(micros, 6))).toBe(micros);
      }),
    );
  });
});
