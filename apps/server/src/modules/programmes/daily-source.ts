import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { addDays } from '../ledger/house-payout.ts';
import { settleClosedPeriods, type ClosedPeriodProgramme, type PayingMerchant } from './closed-periods.ts';

/** Bets settle late: a merchant-local day counts as closed a minute after it ends (ADR 0013, 0014). */
export const DAILY_GRACE_MS = 60_000;
/** At most this many days per merchant in one pass (a long outage catches up over a few passes). */
const MAX_DAYS_PER_PASS = 400;

/**
 * The last closed merchant-local day as of `at` (now() when null), in a query that joins the
 * merchant as `m`.
 */
export const lastClosedDay = (at: Date | null): RawBuilder<string> =>
  sql<string>`(((${at ?? sql`now()`})::timestamptz - make_interval(secs => ${DAILY_GRACE_MS / 1000}::float8))
    AT TIME ZONE m.time_zone)::date - 1`;

/**
 * The cursor columns of a programme switched on now: earning starts with the merchant's current
 * day, and the days while it was off are never paid afterwards.
 */
export function switchedOnCursor(merchantId: number) {
  const today = sql<string>`(now() AT TIME ZONE (SELECT time_zone FROM merchants WHERE id = ${merchantId}))::date`;
  return {
    starts_on: sql<string>`${today}`,
    paid_through: sql<string>`greatest(paid_through, ${today} - 1)`,
  };
}

/** A settings table with one row per merchant: `enabled`, `starts_on` and the cursor `paid_through`. */
type DailyCursorTable = 'referral_settings' | 'rebate_settings';

export interface DailyPassResult {
  merchants: number;
  days: number;
  paid: number;
}

/**
 * One closed merchant-local day at a time for a daily house-paid programme (referral rewards,
 * rebates), on the shared cursor loop (closed-periods.ts): every merchant with the programme on,
 * from the day after `paid_through` (or `starts_on`) to the last closed day. Each day is paid in
 * one transaction with the cursor, under a lock on the settings row taken with SKIP LOCKED so two
 * server instances never pay one day twice; `payDay` pays the day in that transaction and returns
 * how many payouts it made.
 */
export function dailyProgrammeSource({
  db,
  table,
  payDay,
}: {
  db: Db;
  table: DailyCursorTable;
  payDay(trx: Db, merchant: PayingMerchant, day: string): Promise<number>;
}) {
  const settings = sql.table(table);

  const programme: ClosedPeriodProgramme = {
    async cursors(now) {
      const { rows } = await sql<{
        id: number;
        currency: string;
        paid_through: string | null;
        starts_on: string | null;
        last_closed: string;
      }>`
        SELECT m.id, m.currency, s.paid_through::text AS paid_through, s.starts_on::text AS starts_on,
               (${lastClosedDay(now)})::text AS last_closed
          FROM ${settings} s JOIN merchants m ON m.id = s.merchant_id
         WHERE s.enabled
         ORDER BY m.id`.execute(db);
      return rows.map((m) => ({
        merchant: { id: m.id, currency: m.currency },
        next: m.paid_through ? addDays(m.paid_through, 1) : m.starts_on,
        last: m.last_closed,
      }));
    },
    settle(merchant, day) {
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ enabled: boolean; paid_through: string | null }>`
          SELECT enabled, paid_through::text AS paid_through FROM ${settings}
           WHERE merchant_id = ${merchant.id} FOR UPDATE SKIP LOCKED`.execute(trx);
        const row = rows[0];
        if (!row) return { outcome: 'busy' as const, paid: 0 };
        if (!row.enabled || (row.paid_through !== null && row.paid_through >= day)) {
          return { outcome: 'stop' as const, paid: 0 };
        }
        const paid = await payDay(trx, merchant, day);
        await sql`UPDATE ${settings} SET paid_through = ${day}::date WHERE merchant_id = ${merchant.id}`.execute(trx);
        return { outcome: 'done' as const, paid };
      });
    },
    following: (day) => addDays(day, 1),
    maxPerPass: MAX_DAYS_PER_PASS,
  };

  return {
    /** Pays every closed, unpaid day of every merchant with the programme on, as of `now`. */
    async runPass(now: Date): Promise<DailyPassResult> {
      const { merchants, periods, paid } = await settleClosedPeriods(programme, now);
      return { merchants, days: periods, paid };
    },
  };
}
