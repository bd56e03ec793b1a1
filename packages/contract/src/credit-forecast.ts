import type { BillingCycle } from './catalogue';
import type { Micros } from './money-rules';
import { cycleEnd } from './pricing';

/** A subscription that renews itself from credit at the end of its cycle (auto-renew on). */
export interface Renewing {
  /** When the current cycle ends and the next one is charged. */
  renewsAt: Date;
  /** The price of one cycle, in micros. */
  cyclePrice: Micros;
  billingCycle: Exclude<BillingCycle, 'hourly'>;
}

export interface CreditForecastInput {
  balance: Micros;
  /** The hourly burn of the running hourly items, micros per hour. */
  hourlyRate: Micros;
  renewing: readonly Renewing[];
  now: Date;
}

const HOUR_MS = 3_600_000n;
/** The last moment with a four-digit year: later ones are not plain ISO strings (or not dates at all). */
const LATEST = BigInt(Date.UTC(9999, 11, 31, 23, 59, 59, 999));
/** Renewals beyond this are not walked: a forecast years ahead is the hourly burn alone. */
const HORIZON_MS = 5 * 366 * 86_400_000;

const dateOf = (ms: bigint) => new Date(Number(ms < LATEST ? ms : LATEST));

/**
 * When the credit runs out (the moment services would be suspended for it), walking forward from now:
 * the hourly burn drains the balance continuously and each subscription renewal takes its cycle price at
 * its date. A renewal the balance cannot pay is when credit runs out (the subscription is suspended
 * then), as is the balance reaching zero by the hour. Null when nothing would ever drain it, or when
 * there is no credit to run out of. BigInt: balance × ms per hour passes 2^53 for a few thousand dollars.
 */
export function creditRunsOutAt({ balance, hourlyRate, renewing, now }: CreditForecastInput): Date | null {
  if (balance <= 0 || (hourlyRate <= 0 && renewing.length === 0)) return null;
  const rate = BigInt(Math.max(0, hourlyRate));
  const start = BigInt(now.getTime());
  const horizon = start + BigInt(HORIZON_MS);
  // Balance kept in micros × ms per hour, so the hourly burn over any span stays exact.
  let left = BigInt(balance) * HOUR_MS;
  let at = start;
  const upcoming = renewing.map((r) => ({ ...r, next: r.renewsAt }));
  for (;;) {
    const due = upcoming.reduce<(typeof upcoming)[number] | null>(
      (soonest, r) => (!soonest || r.next < soonest.next ? r : soonest),
      null,
    );
    const dueAt = due ? BigInt(Math.max(due.next.getTime(), now.getTime())) : null;
    if (!due || dueAt === null || dueAt > horizon) break;
    const burnt = rate * (dueAt - at);
    if (rate > 0n && burnt >= left) return dateOf(at + left / rate);
    left -= burnt;
    at = dueAt;
    const price = BigInt(due.cyclePrice) * HOUR_MS;
    if (price > left) return dateOf(at);
    left -= price;
    due.next = cycleEnd(due.next, due.billingCycle);
  }
  return rate > 0n ? dateOf(at + left / rate) : null;
}
