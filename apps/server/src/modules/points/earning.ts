import { sql } from 'kysely';
import { MEMBER_TYPES } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { postPoints } from './points-ledger.ts';

/** Bets and deposits settle in transactions that may commit a little late: they are read this long after. */
export const EARN_GRACE_MS = 60_000;
/** Each window is read again this far back, so a late commit is still found (its source key keeps it once). */
const OVERLAP_MS = 10 * 60_000;
/** One window at most this long, so a long outage catches up in bounded steps. */
const WINDOW_MS = 24 * 60 * 60_000;
const MAX_WINDOWS_PER_PASS = 400;

/**
 * §3 product types of settled bets (migration 0019) to the point types of the exchange-rate table:
 * our own games (INHOUSE) and fishing are random-number games; e-lottery is lottery.
 */
const POINT_TYPE_OF = sql<string>`CASE b.product_type WHEN 'INHOUSE' THEN 'RNG' WHEN 'FISH' THEN 'RNG'
  WHEN 'ELOTT' THEN 'LOTT' ELSE b.product_type END`;

/** Points for `basis` minor units at `points` per `amount`, and what is left below one point (kept for later). */
export function pointsFor(basis: bigint, rate: { amount: bigint; points: bigint }): { points: bigint; carry: bigint } {
  const points = (basis * rate.points) / rate.amount;
  const used = (points * rate.amount + rate.points - 1n) / rate.points;
  return { points, carry: basis - used };
}

/**
 * Earning points (issue 14 item 3, endpoints.md §6 point config): a job reads, per merchant with
 * points on, the settled bets (valid bet = stake) and approved deposits since its cursor
 * `earned_through`. Each source is recorded once in point_earned_sources (its key: the bet
 * reference or `deposit:<id>`), so a re-run or an overlap earns nothing twice; per member and point
 * type the new basis plus what was carried earns whole points, one ledger entry each. Trial and
 * closed accounts earn nothing (§4).
 */
export function pointEarning({ db }: { db: Db }) {
  async function earnWindow(
    merchantId: number,
    to: Date,
  ): Promise<{ outcome: 'done' | 'busy' | 'stop'; entries: number }> {
    return db.transaction().execute(async (trx) => {
      const settings = await trx
        .selectFrom('point_settings')
        .select(['enabled', 'earned_through'])
        .where('merchant_id', '=', merchantId)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!settings) return { outcome: 'busy' as const, entries: 0 };
      if (!settings.enabled || !settings.earned_through || settings.earned_through >= to) {
        return { outcome: 'stop' as const, entries: 0 };
      }
      const from = new Date(settings.earned_through.getTime() - OVERLAP_MS);
      const { rows } = await sql<{ member_id: number; point_type: string; basis: string }>`
        WITH sources AS (
          SELECT b.bet_ref AS source, b.member_id, ${POINT_TYPE_OF} AS point_type, b.stake AS basis
            FROM settled_bets b
           WHERE b.merchant_id = ${merchantId} AND b.settled_at > ${from} AND b.settled_at <= ${to} AND b.stake > 0
          UNION ALL
          SELECT 'deposit:' || d.id, d.member_id, 'deposit', d.amount
            FROM deposits d
           WHERE d.merchant_id = ${merchantId} AND d.status = 'approved'
             AND d.reviewed_at > ${from} AND d.reviewed_at <= ${to}
        ), earning AS (
          SELECT s.* FROM sources s
            JOIN members m ON m.id = s.member_id AND m.type <> ${MEMBER_TYPES.TRIAL} AND m.status <> 'closed'
            JOIN point_rates r ON r.merchant_id = ${merchantId} AND r.point_type = s.point_type
        ), inserted AS (
          INSERT INTO point_earned_sources (merchant_id, source, member_id, point_type, basis)
          SELECT ${merchantId}, source, member_id, point_type, basis FROM earning
          ON CONFLICT (merchant_id, source) DO NOTHING
          RETURNING member_id, point_type, basis
        )
        SELECT member_id, point_type, sum(basis)::text AS basis FROM inserted
         GROUP BY member_id, point_type ORDER BY member_id, point_type`.execute(trx);
      const rates = new Map(
        (
          await trx
            .selectFrom('point_rates')
            .select(['point_type', 'amount', 'points'])
            .where('merchant_id', '=', merchantId)
            .execute()
        ).map((rate) => [rate.point_type, rate]),
      );
      let entries = 0;
      for (const row of rows) {
        const rate = rates.get(row.point_type)!;
        const carried = await trx
          .selectFrom('point_carry')
          .select('basis')
          .where('member_id', '=', row.member_id)
          .where('point_type', '=', row.point_type)
          .executeTakeFirst();
        const basis = BigInt(row.basis) + (carried?.basis ?? 0n);
        const { points, carry } = pointsFor(basis, rate);
        await trx
          .insertInto('point_carry')
          .values({ member_id: row.member_id, point_type: row.point_type, basis: carry })
          .onConflict((oc) => oc.columns(['member_id', 'point_type']).doUpdateSet({ basis: carry }))
          .execute();
        if (points === 0n) continue;
        await postPoints(trx, {
          merchantId,
          memberId: row.member_id,
          idempotencyKey: `earn:${row.member_id}:${row.point_type}:${to.toISOString()}`,
          kind: 'earn',
          amount: points,
          remark: row.point_type,
          reference: { pointType: row.point_type, basis: basis.toString(), through: to.toISOString() },
        });
        entries += 1;
      }
      await trx
        .updateTable('point_settings')
        .set({ earned_through: to })
        .where('merchant_id', '=', merchantId)
        .execute();
      return { outcome: 'done' as const, entries };
    });
  }

  return {
    /** Earns everything settled up to `now` less the grace, for every merchant with points on (the job). */
    async runPass(now: Date): Promise<{ merchants: number; windows: number; entries: number }> {
      const result = { merchants: 0, windows: 0, entries: 0 };
      const until = new Date(now.getTime() - EARN_GRACE_MS);
      const merchants = await db
        .selectFrom('point_settings')
        .select(['merchant_id', 'earned_through'])
        .where('enabled', '=', true)
        .where('earned_through', 'is not', null)
        .orderBy('merchant_id')
        .execute();
      for (const merchant of merchants) {
        result.merchants += 1;
        let through = merchant.earned_through!;
        for (let n = 0; n < MAX_WINDOWS_PER_PASS && through < until; n += 1) {
          const to = new Date(Math.min(until.getTime(), through.getTime() + WINDOW_MS));
          const earned = await earnWindow(merchant.merchant_id, to);
          if (earned.outcome !== 'done') break;
          result.windows += 1;
          result.entries += earned.entries;
          through = to;
        }
      }
      return result;
    },
  };
}
export type PointEarning = ReturnType<typeof pointEarning>;
