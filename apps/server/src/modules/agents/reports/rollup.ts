import { sql } from 'kysely';
import { AGENT_TYPES } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';

/** A day is rolled up once it ended this long ago (and no transaction begun before its end is open). */
export const ROLLUP_GRACE_MS = 5 * 60_000;
/** How many closed days back a pass rolls up; older days are read from the live summaries. */
export const ROLLUP_DAYS = 62;

/**
 * Issue 13 item 7: the per-agent roll-up of closed days (migration 0022) that the 30-day team
 * reports read. Idempotent: rolling a day again replaces its rows.
 */
export function agentRollup({ db }: { db: Db }) {
  /**
   * Rolls up one merchant-local day of one merchant and, with `week`, the members' figures of its
   * week (Monday first) once all 7 days are closed, in one transaction: the day turns fresh with its
   * week's figures, so a week read only while none of its days is dirty is never stale.
   */
  async function rollUpDay(merchantId: number, day: string, { week = true }: { week?: boolean } = {}) {
    await db.transaction().execute(async (trx) => {
      // Taken first: a late writer to this day either committed before (seen below) or waits and marks it dirty.
      await sql`INSERT INTO agent_rollup_days AS d (merchant_id, day, dirty, rolled_at)
                VALUES (${merchantId}, ${day}::date, false, now())
                ON CONFLICT (merchant_id, day) DO UPDATE SET dirty = false, rolled_at = now()`.execute(trx);
      await sql`DELETE FROM agent_daily_rollup WHERE merchant_id = ${merchantId} AND day = ${day}::date`.execute(trx);
      await sql`DELETE FROM agent_daily_active WHERE merchant_id = ${merchantId} AND day = ${day}::date`.execute(trx);
      await sql`
        INSERT INTO agent_daily_rollup (merchant_id, agent_id, day, product_type, bet_count, valid_bet, payout,
                                        profit_loss, deposits, deposit_count, withdrawals, withdrawal_count,
                                        member_rows)
        SELECT ${merchantId}, t.ancestor_id, ${day}::date, s.product_type, sum(s.bet_count), sum(s.valid_bet),
               sum(s.payout), sum(s.profit_loss), sum(s.deposits), sum(s.deposit_count), sum(s.withdrawals),
               sum(s.withdrawal_count), count(*)
          FROM member_daily_stats s
          JOIN member_tree t ON t.descendant_id = s.member_id
          JOIN members a ON a.id = t.ancestor_id AND a.type = ANY(${[...AGENT_TYPES]}::integer[])
         WHERE s.merchant_id = ${merchantId} AND s.day = ${day}::date
         GROUP BY t.ancestor_id, s.product_type`.execute(trx);
      await sql`
        INSERT INTO agent_daily_active (merchant_id, agent_id, day, active_members)
        SELECT ${merchantId}, t.ancestor_id, ${day}::date, count(*)
          FROM member_active_days d
          JOIN member_tree t ON t.descendant_id = d.member_id
          JOIN members a ON a.id = t.ancestor_id AND a.type = ANY(${[...AGENT_TYPES]}::integer[])
         WHERE d.merchant_id = ${merchantId} AND d.day = ${day}::date
         GROUP BY t.ancestor_id`.execute(trx);
      if (week) await rollUpWeek(trx, merchantId, day);
    });
  }

  /** The members' figures of the week of `day`, once all its 7 days are closed (have a row). */
  async function rollUpWeek(trx: Db, merchantId: number, day: string) {
    const monday = sql`date_trunc('week', ${day}::date)::date`;
    const closed = await sql<{ n: string }>`SELECT count(*) AS n FROM agent_rollup_days
      WHERE merchant_id = ${merchantId} AND day BETWEEN ${monday} AND ${monday} + 6`.execute(trx);
    if (Number(closed.rows[0]?.n) < 7) return;
    await sql`DELETE FROM member_weekly_stats WHERE merchant_id = ${merchantId} AND week = ${monday}`.execute(trx);
    await sql`
      INSERT INTO member_weekly_stats (merchant_id, member_id, week, bet_count, valid_bet, profit_loss, last_bet_at)
      SELECT ${merchantId}, s.member_id, ${monday}, sum(s.bet_count), sum(s.valid_bet), sum(s.profit_loss),
             max(s.last_bet_at)
        FROM member_daily_stats s
       WHERE s.merchant_id = ${merchantId} AND s.day BETWEEN ${monday} AND ${monday} + 6 AND s.product_type <> 'CASH'
       GROUP BY s.member_id`.execute(trx);
  }

  return {
    rollUpDay,
    /**
     * Rolls up every closed day (ended ROLLUP_GRACE_MS before `now`) of the last ROLLUP_DAYS of every
     * merchant that is not rolled up yet or went dirty: at start this catches up after downtime.
     */
    async runPass(now: Date) {
      // A transaction open since before a day ended may still write that day's figures without
      // marking it dirty (its today was that day): such a day waits for it, as settlement does.
      const open = await sql<{ since: Date | null }>`
        SELECT min(xact_start) AS since FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`.execute(
        db,
      );
      const until = new Date(Math.min(now.getTime() - ROLLUP_GRACE_MS, open.rows[0]?.since?.getTime() ?? Infinity));
      const due = await sql<{ merchant_id: number; day: string }>`
        WITH closed AS (
          SELECT m.id AS merchant_id, (${until}::timestamptz AT TIME ZONE m.time_zone)::date AS today
            FROM merchants m)
        SELECT c.merchant_id, g.day::date::text AS day
          FROM closed c
          CROSS JOIN LATERAL generate_series(c.today - ${ROLLUP_DAYS}::integer, c.today - 1, interval '1 day') g(day)
          LEFT JOIN agent_rollup_days d ON d.merchant_id = c.merchant_id AND d.day = g.day::date
         WHERE d.day IS NULL OR d.dirty
         ORDER BY 1, 2`.execute(db);
      // A week's figures are summed once, with its last due day (the days before it stay unread
      // as a week until then, that day being dirty or missing).
      for (const [i, { merchant_id, day }] of due.rows.entries()) {
        const next = due.rows[i + 1];
        const lastOfWeek = next?.merchant_id !== merchant_id || mondayOf(next.day) !== mondayOf(day);
        await rollUpDay(merchant_id, day, { week: lastOfWeek });
      }
      return { days: due.rows.length };
    },
  };
}
export type AgentRollup = ReturnType<typeof agentRollup>;

/** The Monday of a `YYYY-MM-DD` day's week. */
export function mondayOf(day: string): string {
  const at = Date.parse(`${day}T12:00:00Z`);
  return new Date(at - ((new Date(at).getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}
