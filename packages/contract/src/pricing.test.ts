import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billingCycleDetails, monthlyToHourlyMicros } from './catalogue-rules';
import {
  autoRechargeAmountOptions,
  autoRechargeThresholdOptions,
  CENT,
  creditForReceived,
  cycleEnd,
  cyclePrice,
  daysCovered,
  daysUntilTermination,
  hourlyCharge,
  PAYMENT_MAX,
  PAYMENT_MIN,
  paymentFee,
} from './pricing';

const DOLLAR = 1_000_000;
const monthlyPrice = fc.integer({ min: 0, max: 100_000 * DOLLAR });
const monthHours = fc.integer({ min: 672, max: 744 });
const cycles = ['monthly', 'quarterly', 'semi-annually', 'annually'] as const;
const cycle = fc.constantFrom(...cycles);
/** Discounts with up to two decimals (12.5 %), as basis points. */
const basisPoints = fc.integer({ min: 0, max: 10_000 });
const usageRate = fc.integer({ min: 0, max: 1_000 * DOLLAR });

/** a / b rounded half away from zero, for non-negative BigInts: the reference the Number code must match. */
const roundDiv = (a: bigint, b: bigint) => (a * 2n + b) / (b * 2n);

describe('hourly price and hourly charges', () => {
  it('has 4 decimals and is monthly / oneMonthInHours rounded half up', () => {
    fc.assert(
      fc.property(monthlyPrice, monthHours, (monthly, oneMonthInHours) => {
        const hourly = monthlyToHourlyMicros(monthly, oneMonthInHours);
        expect(hourly % 100).toBe(0);
        expect(BigInt(hourly)).toBe(roundDiv(BigInt(monthly), BigInt(oneMonthInHours) * 100n) * 100n);
      }),
    );
    expect(monthlyToHourlyMicros(5_000_000, 730)).toBe(6_800); // 0.006849… → 0.0068
    expect(monthlyToHourlyMicros(7_300_000, 730)).toBe(10_000);
  });

  it('adds up over every hour of a month to at most the monthly price, exactly when the hours reach it', () => {
    fc.assert(
      fc.property(monthlyPrice, monthHours, monthHours, (monthly, oneMonthInHours, hoursInMonth) => {
        const hourly = monthlyToHourlyMicros(monthly, oneMonthInHours);
        let charged = 0;
        let outOfRange = 0;
        for (let h = 0; h < hoursInMonth; h++) {
          const charge = hourlyCharge(hourly, monthly, charged);
          if (charge < 0 || charge > hourly) outOfRange++;
          charged += charge;
        }
        expect(outOfRange).toBe(0);
        expect(charged).toBeLessThanOrEqual(monthly);
        expect(charged).toBe(Math.min(monthly, hoursInMonth * hourly));
      }),
    );
  });

  it('caps the hour that reaches the monthly price and charges nothing after it', () => {
    expect(hourlyCharge(10_000, 7_300_000, 7_295_000)).toBe(5_000);
    expect(hourlyCharge(10_000, 7_300_000, 7_300_000)).toBe(0);
  });
});

describe('cyclePrice', () => {
  const price = (monthly: number, c: (typeof cycles)[number], bp: number) =>
    cyclePrice({ base: monthly }, c, bp / 100);

  it('is whole cents, never negative, and monthly × months without a discount', () => {
    fc.assert(
      fc.property(monthlyPrice, cycle, basisPoints, (monthly, c, bp) => {
        const result = price(monthly, c, bp);
        expect(result % CENT).toBe(0);
        expect(result).toBeGreaterThanOrEqual(0);
        const months = billingCycleDetails[c].months ?? 1;
        const cents = monthly - (monthly % CENT);
        expect(price(cents, c, 0)).toBe(cents * months);
      }),
    );
  });

  it('is the gross minus the discount, to the cent (BigInt reference)', () => {
    fc.assert(
      fc.property(monthlyPrice, cycle, basisPoints, (monthly, c, bp) => {
        const gross = BigInt(monthly) * BigInt(billingCycleDetails[c].months ?? 1);
        const expected = roundDiv(gross * BigInt(10_000 - bp), 10_000n * BigInt(CENT)) * BigInt(CENT);
        expect(BigInt(price(monthly, c, bp))).toBe(expected);
      }),
      // A sub-cent monthly total: 13,687.024999608 must be 13,687.02, not rounded twice to .03.
      { examples: [[2_379_193_610, 'annually', 5_206]] },
    );
  });

  it('never rises when the discount grows', () => {
    fc.assert(
      fc.property(monthlyPrice, cycle, basisPoints, basisPoints, (monthly, c, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(price(monthly, c, high)).toBeLessThanOrEqual(price(monthly, c, low));
      }),
    );
  });

  it('adds extras and the region offset before the discount', () => {
    expect(
      cyclePrice({ base: 10_000_000, extras: 2_000_000, regionOffset: 1_000_000 }, 'quarterly', 10),
    ).toBe(35_100_000);
    expect(cyclePrice({ base: 5_000_000 }, 'annually', 12.5)).toBe(52_500_000);
    expect(cyclePrice({ base: 5_000_000 }, 'annually', 100)).toBe(0);
  });
});

describe('payments', () => {
  const amount = fc.integer({ min: PAYMENT_MIN, max: PAYMENT_MAX - 1 });
  const feePpm = fc.integer({ min: 0, max: 1_000_000 });
  const feeText = (ppm: number) =>
    `${Math.floor(ppm / 1_000_000)}.${String(ppm % 1_000_000).padStart(6, '0')}`.replace(/\.?0+$/, '') || '0';

  it('charges amount × fee to the cent, half up (BigInt reference)', () => {
    fc.assert(
      fc.property(amount, feePpm, (micros, ppm) => {
        const expected = roundDiv(BigInt(micros) * BigInt(ppm), 1_000_000n * BigInt(CENT)) * BigInt(CENT);
        expect(BigInt(paymentFee(micros, feeText(ppm)))).toBe(expected);
      }),
    );
    expect(paymentFee(60 * DOLLAR, '0.029')).toBe(1_740_000);
    expect(paymentFee(10 * DOLLAR, '0.0295')).toBe(300_000); // 0.295 → 0.30
    expect(paymentFee(10 * DOLLAR, '0')).toBe(0);
  });

  const creditAndFee = fc.tuple(amount, fc.integer({ min: 0, max: 100_000 * DOLLAR }));

  it('credits exactly the credit when the price is received', () => {
    fc.assert(
      fc.property(creditAndFee, ([credit, fee]) => {
        expect(creditForReceived(credit + fee, credit, credit + fee)).toBe(credit);
      }),
    );
  });

  it('credits more for more received, never more than received', () => {
    fc.assert(
      fc.property(creditAndFee, amount, amount, ([credit, fee], a, b) => {
        const price = credit + fee;
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(creditForReceived(low, credit, price)).toBeLessThanOrEqual(
          creditForReceived(high, credit, price),
        );
        expect(creditForReceived(a, credit, price)).toBeLessThanOrEqual(a);
        expect(creditForReceived(a, credit, price)).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(creditForReceived(0, 10 * DOLLAR, 11 * DOLLAR)).toBe(0);
  });
});

describe('auto-recharge options', () => {
  const FIVE = 5 * DOLLAR;

  it('falls back to $10 and $5 without usage', () => {
    expect(autoRechargeAmountOptions(0)).toEqual([10 * DOLLAR, 20 * DOLLAR, 30 * DOLLAR]);
    expect(autoRechargeThresholdOptions(0)).toEqual([FIVE, 10 * DOLLAR, 15 * DOLLAR]);
  });

  it('offers 1×, 2×, 3× of a base in $5 steps that covers 30 (resp. 6) days of usage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000 * DOLLAR }), (rate) => {
        for (const [options, days] of [
          [autoRechargeAmountOptions(rate), 30],
          [autoRechargeThresholdOptions(rate), 6],
        ] as const) {
          const [base = 0] = options;
          expect(options).toEqual([base, base * 2, base * 3]);
          expect(base % FIVE).toBe(0);
          const usage = rate * 24 * days;
          expect(base).toBeGreaterThanOrEqual(usage);
          expect(base).toBeLessThan(usage + FIVE);
        }
      }),
    );
    expect(autoRechargeAmountOptions(6_900)).toEqual([5 * DOLLAR, 10 * DOLLAR, 15 * DOLLAR]); // 4.968 → 5
    expect(autoRechargeThresholdOptions(10_000)).toEqual([FIVE, 10 * DOLLAR, 15 * DOLLAR]); // 1.44 → 5
  });

  it('counts the whole days an amount lasts, none without usage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 * DOLLAR }), usageRate, (amount, rate) => {
        const days = daysCovered(amount, rate);
        if (rate === 0) {
          expect(days).toBeNull();
        } else {
          expect(days! * rate * 24).toBeLessThanOrEqual(amount);
          expect((days! + 1) * rate * 24).toBeGreaterThan(amount);
        }
      }),
    );
    expect(daysCovered(30 * DOLLAR, 10_000)).toBe(125);
  });
});

describe('cycleEnd', () => {
  const at = (iso: string) => new Date(iso);

  it('clamps to the last day of a shorter month and keeps the time of day', () => {
    expect(cycleEnd(at('2026-01-31T10:15:00Z'), 'monthly')).toEqual(at('2026-02-28T10:15:00Z'));
    expect(cycleEnd(at('2028-01-31T10:15:00Z'), 'monthly')).toEqual(at('2028-02-29T10:15:00Z'));
    expect(cycleEnd(at('2026-03-31T00:00:00Z'), 'monthly')).toEqual(at('2026-04-30T00:00:00Z'));
    expect(cycleEnd(at('2025-11-30T23:59:00Z'), 'quarterly')).toEqual(at('2026-02-28T23:59:00Z'));
    expect(cycleEnd(at('2026-08-31T12:00:00Z'), 'semi-annually')).toEqual(at('2027-02-28T12:00:00Z'));
    expect(cycleEnd(at('2028-02-29T08:00:00Z'), 'annually')).toEqual(at('2029-02-28T08:00:00Z'));
    expect(cycleEnd(at('2026-12-15T08:00:00Z'), 'monthly')).toEqual(at('2027-01-15T08:00:00Z'));
  });

  it('always ends the cycle’s months later, on the same day or the month’s last', () => {
    const start = fc.date({
      min: at('2000-01-01T00:00:00Z'),
      max: at('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(start, cycle, (s, c) => {
        const end = cycleEnd(s, c);
        const months = billingCycleDetails[c].months ?? 1;
        const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
        expect(monthIndex(end) - monthIndex(s)).toBe(months);
        const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
        expect(end.getUTCDate()).toBe(Math.min(s.getUTCDate(), lastDay));
        expect(end.getTime() % 86_400_000).toBe(s.getTime() % 86_400_000);
      }),
    );
  });
});

describe('daysUntilTermination', () => {
  const end = new Date('2026-03-10T12:00:00Z');
  const later = (ms: number) => new Date(end.getTime() + ms);
  const DAY = 86_400_000;

  it('is 8 minus the whole days since the end date, never below 0', () => {
    expect(daysUntilTermination(end, end)).toBe(8);
    expect(daysUntilTermination(end, later(-3 * DAY))).toBe(8);
    expect(daysUntilTermination(end, later(DAY - 1))).toBe(8);
    expect(daysUntilTermination(end, later(DAY))).toBe(7);
    expect(daysUntilTermination(end, later(7 * DAY))).toBe(1);
    expect(daysUntilTermination(end, later(8 * DAY - 1))).toBe(1);
    expect(daysUntilTermination(end, later(8 * DAY))).toBe(0);
    expect(daysUntilTermination(end, later(30 * DAY))).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: -100 * DAY, max: 100 * DAY }),
        fc.integer({ min: 0, max: DAY }),
        (a, step) => {
          const days = daysUntilTermination(end, later(a));
          expect(days).toBeGreaterThanOrEqual(0);
          expect(days).toBeLessThanOrEqual(8);
          expect(daysUntilTermination(end, later(a + step))).toBeLessThanOrEqual(days);
        },
      ),
    );
  });
});
