import { describe, expect, it } from 'vitest';
import { floatingIpSlotsLeft, MAX_FLOATING_IPS_PER_INSTANCE, orderFloatingIpMax } from './floating-ips-rules';

describe('floating IP limits', () => {
  it('leaves the lower of the active and the monthly remainder, never below zero', () => {
    expect(floatingIpSlotsLeft({ maxActive: 10, active: 4, maxPerMonth: 30, createdThisMonth: 28 })).toBe(2);
    expect(floatingIpSlotsLeft({ maxActive: 10, active: 12, maxPerMonth: 30, createdThisMonth: 0 })).toBe(0);
  });

  it('shares the slots left evenly among the instances of an order, at most ten each', () => {
    expect(orderFloatingIpMax(10, 1)).toBe(MAX_FLOATING_IPS_PER_INSTANCE);
    expect(orderFloatingIpMax(30, 1)).toBe(10);
    expect(orderFloatingIpMax(7, 3)).toBe(2);
    expect(orderFloatingIpMax(2, 3)).toBe(0);
    expect(orderFloatingIpMax(-1, 1)).toBe(0);
    expect(orderFloatingIpMax(5, 0)).toBe(5);
  });
});
