import { describe, expect, it } from 'vitest';
import { crossedLowBalance, LOW_BALANCE_HOURS } from './notifications-rules';

describe('the low-balance notification', () => {
  const hour = 10_000n; // $0.01 an hour, in micros
  const threshold = hour * BigInt(LOW_BALANCE_HOURS);

  it('is due the hour the credit stops covering three days of the burn, and only then', () => {
    expect(crossedLowBalance(threshold - 1n, hour)).toBe(true);
    expect(crossedLowBalance(threshold, hour)).toBe(false);
    // Already low before this hour's charge: told before.
    expect(crossedLowBalance(threshold - hour - 1n, hour)).toBe(false);
  });

  it('is not due without a burn, nor below zero (that is a suspension)', () => {
    expect(crossedLowBalance(5n, 0n)).toBe(false);
    expect(crossedLowBalance(-1n, hour)).toBe(false);
  });
});
