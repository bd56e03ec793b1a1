import { describe, expect, it } from 'vitest';
import { subscriptionRefund } from './pricing';

const start = new Date('2026-01-10T12:00:00Z');
const end = new Date('2026-02-10T12:00:00Z'); // 31 days
const monthly = { billingCycle: 'monthly' as const, status: 'active', cycleStart: start, cycleEnd: end };

describe('subscriptionRefund', () => {
  it('gives back the unused whole days pro rata, rounded down to the cent', () => {
    // 10 days and 5 hours left: 10 whole days of 31 at 10.00 = 3.2258… → 3.22
    const now = new Date('2026-01-31T07:00:00Z');
    expect(subscriptionRefund({ ...monthly, cyclePrice: 10_000_000 }, now)).toEqual({
      refundable: true,
      amount: 3_220_000,
      unusedDays: 10,
    });
  });

  it('gives back the whole price right after paying, and nothing on the last day', () => {
    expect(subscriptionRefund({ ...monthly, cyclePrice: 10_000_000 }, start).amount).toBe(10_000_000);
    const lastDay = new Date('2026-02-09T13:00:00Z');
    expect(subscriptionRefund({ ...monthly, cyclePrice: 10_000_000 }, lastDay)).toEqual({
      refundable: false,
      amount: 0,
      unusedDays: 0,
    });
  });

  it('gives nothing for hourly, suspended (unpaid) or ended items', () => {
    const now = new Date('2026-01-20T00:00:00Z');
    expect(subscriptionRefund({ ...monthly, billingCycle: 'hourly', cyclePrice: 10_000 }, now).amount).toBe(
      0,
    );
    expect(subscriptionRefund({ ...monthly, status: 'suspended', cyclePrice: 10_000_000 }, now).amount).toBe(
      0,
    );
    expect(subscriptionRefund({ ...monthly, status: 'terminated', cyclePrice: 10_000_000 }, now).amount).toBe(
      0,
    );
    expect(subscriptionRefund({ ...monthly, cycleEnd: null, cyclePrice: 10_000_000 }, now).amount).toBe(0);
  });

  it('uses the calendar days of a longer cycle', () => {
    // Annual: 2026-01-10 → 2027-01-10 = 365 days; 100 days left of 120.00 → 32.876… → 32.87
    const annual = {
      ...monthly,
      billingCycle: 'annually' as const,
      cycleEnd: new Date('2027-01-10T12:00:00Z'),
    };
    const now = new Date('2026-10-02T11:00:00Z');
    const r = subscriptionRefund({ ...annual, cyclePrice: 120_000_000 }, now);
    expect(r.unusedDays).toBe(100);
    expect(r.amount).toBe(32_870_000);
  });
});
