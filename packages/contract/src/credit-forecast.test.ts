import { describe, expect, it } from 'vitest';
import { creditRunsOutAt } from './credit-forecast';

const now = new Date('2026-11-26T06:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(now.getTime() + hours * HOUR);

describe('creditRunsOutAt', () => {
  it('is the hourly burn alone without renewals', () => {
    // $10.00 at $0.10 an hour: 100 hours.
    expect(creditRunsOutAt({ balance: 10_000_000, hourlyRate: 100_000, renewing: [], now })).toEqual(at(100));
  });

  it('is null with nothing draining the credit, or no credit', () => {
    expect(creditRunsOutAt({ balance: 10_000_000, hourlyRate: 0, renewing: [], now })).toBeNull();
    expect(creditRunsOutAt({ balance: 0, hourlyRate: 100_000, renewing: [], now })).toBeNull();
    expect(creditRunsOutAt({ balance: -5_000_000, hourlyRate: 100_000, renewing: [], now })).toBeNull();
  });

  it('takes a renewal that falls before the hourly estimate at its date', () => {
    // $10.00 at $0.10/h; a $7.00 renewal after 20 hours leaves $1.00 then: 10 more hours.
    const renewing = [{ renewsAt: at(20), cyclePrice: 7_000_000, billingCycle: 'monthly' as const }];
    expect(creditRunsOutAt({ balance: 10_000_000, hourlyRate: 100_000, renewing, now })).toEqual(at(30));
  });

  it('ignores a renewal that falls after the credit is gone', () => {
    const renewing = [{ renewsAt: at(200), cyclePrice: 7_000_000, billingCycle: 'monthly' as const }];
    expect(creditRunsOutAt({ balance: 10_000_000, hourlyRate: 100_000, renewing, now })).toEqual(at(100));
  });

  it('runs out at a renewal the balance cannot pay', () => {
    // After 50 hours $5.00 are left: a $7.00 renewal cannot be paid, its service is suspended then.
    const renewing = [{ renewsAt: at(50), cyclePrice: 7_000_000, billingCycle: 'monthly' as const }];
    expect(creditRunsOutAt({ balance: 10_000_000, hourlyRate: 100_000, renewing, now })).toEqual(at(50));
  });

  it('walks renewals month after month with subscriptions only', () => {
    // $25.00 pays the renewals of 1 December and 1 January ($10.00 each); 1 February's cannot be paid.
    const renewing = [
      {
        renewsAt: new Date('2026-12-01T00:00:00Z'),
        cyclePrice: 10_000_000,
        billingCycle: 'monthly' as const,
      },
    ];
    expect(creditRunsOutAt({ balance: 25_000_000, hourlyRate: 0, renewing, now })).toEqual(
      new Date('2027-02-01T00:00:00Z'),
    );
  });

  it('orders the renewals of several subscriptions by date', () => {
    const renewing = [
      { renewsAt: at(30), cyclePrice: 2_000_000, billingCycle: 'annually' as const },
      { renewsAt: at(10), cyclePrice: 3_000_000, billingCycle: 'quarterly' as const },
    ];
    // $10.00 − 3.00 at 10 h − 2.00 at 30 h, less $0.05/h throughout: $5.00 − 0.05 × 30 = $3.50 left at 30 h.
    expect(creditRunsOutAt({ balance: 10_000_000, hourlyRate: 50_000, renewing, now })).toEqual(at(100));
  });

  it('charges an overdue renewal now', () => {
    const renewing = [{ renewsAt: at(-5), cyclePrice: 4_000_000, billingCycle: 'monthly' as const }];
    expect(creditRunsOutAt({ balance: 10_000_000, hourlyRate: 100_000, renewing, now })).toEqual(at(60));
  });

  it('stays a valid date for a huge balance', () => {
    const out = creditRunsOutAt({ balance: Number.MAX_SAFE_INTEGER, hourlyRate: 1, renewing: [], now });
    expect(out?.toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });
});
