/** A merchant as the programmes pay from it. */
export interface PayingMerchant {
  id: number;
  currency: string;
}

/** One merchant's cursor: the next period owed (null: nothing to pay yet) and the last that may be paid now. */
export interface PeriodCursor<M extends PayingMerchant = PayingMerchant> {
  merchant: M;
  next: string | null;
  last: string;
}

/**
 * A programme the house pays per closed merchant-local period (referral rewards and rebates per
 * day, the VIP review per month). `settle` pays one period in one database transaction together
 * with the programme's own cursor, under a lock on that cursor taken with SKIP LOCKED: 'busy' when
 * another pass holds it, 'stop' when the period is no longer owed (paid meanwhile, or switched off).
 * Each programme keeps its own idempotency keys and records, so the shared loop pays nothing twice.
 */
export interface ClosedPeriodProgramme<M extends PayingMerchant = PayingMerchant> {
  cursors(now: Date): Promise<PeriodCursor<M>[]>;
  settle(merchant: M, period: string): Promise<{ outcome: 'done' | 'busy' | 'stop'; paid: number }>;
  /** The period after `period` (`YYYY-MM-DD` strings compare in calendar order). */
  following(period: string): string;
  /** At most this many periods per merchant in one pass (a long outage catches up over a few passes). */
  maxPerPass: number;
}

export interface ClosedPeriodsResult {
  merchants: number;
  periods: number;
  paid: number;
}

/** The one cursor loop: every owed period of every merchant, oldest first, up to the last closed one. */
export async function settleClosedPeriods<M extends PayingMerchant>(
  programme: ClosedPeriodProgramme<M>,
  now: Date,
): Promise<ClosedPeriodsResult> {
  const result: ClosedPeriodsResult = { merchants: 0, periods: 0, paid: 0 };
  for (const { merchant, next, last } of await programme.cursors(now)) {
    result.merchants += 1;
    let period = next;
    for (let n = 0; period !== null && n < programme.maxPerPass && period <= last; n += 1) {
      const settled = await programme.settle(merchant, period);
      if (settled.outcome !== 'done') break;
      result.periods += 1;
      result.paid += settled.paid;
      period = programme.following(period);
    }
  }
  return result;
}
