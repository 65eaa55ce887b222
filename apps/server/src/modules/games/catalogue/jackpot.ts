import { sql } from 'kysely';
import { toDecimalString } from '@khela/money';
import type { Db } from '../../../db/database.ts';

/** Where a merchant's pool starts (৳3,250,000.00: §4's counter starts between 3 and 4 hundred million). */
export const JACKPOT_SEED_AMOUNT = 325_000_000n;
/** The share of every seamless bet stake the pool shows (0.5 %). */
export const JACKPOT_SHARE_BASIS_POINTS = 50;
/**
 * Bet ids handed out by an instant are counted this long after it: by then every transaction that
 * was open at that instant has committed or rolled back (a bet's transaction lasts milliseconds), so
 * counting by id range neither misses a late commit nor counts a bet twice.
 */
export const JACKPOT_SETTLE_SECONDS = 60;

/**
 * The jackpot pool (VIS_getJackpot): display only, it moves no money and no ledger account holds it.
 * Per merchant: a seed plus a share of the stakes of every seamless bet, kept in jackpot_pools and
 * brought up to date at most once a minute by whichever instance reads it first, one id range at a
 * time (the bets a minute old), so a read never sums the whole bet history.
 */
export function jackpotPool(db: Db) {
  return {
    async current(merchantId: number): Promise<{ amount: string; updatedAt: string }> {
      await db
        .insertInto('jackpot_pools')
        .values({
          merchant_id: merchantId,
          seed_amount: JACKPOT_SEED_AMOUNT,
          share_basis_points: JACKPOT_SHARE_BASIS_POINTS,
          pending_through_id: sql<bigint>`(SELECT last_value FROM seamless_transactions_id_seq)`,
        })
        .onConflict((oc) => oc.column('merchant_id').doNothing())
        .execute();
      // Concurrent readers queue on the row; the WHERE, checked again after the wait, lets one through.
      await sql`
        UPDATE jackpot_pools p
           SET stakes = p.stakes + coalesce((
                 SELECT sum(s.amount) FROM seamless_transactions s
                  WHERE s.id > p.counted_through_id AND s.id <= p.pending_through_id
                    AND s.merchant_id = p.merchant_id AND s.kind = 'bet'), 0),
               counted_through_id = p.pending_through_id,
               pending_through_id = (SELECT last_value FROM seamless_transactions_id_seq),
               pending_since = now(),
               updated_at = now()
         WHERE p.merchant_id = ${merchantId}
           AND p.pending_since <= now() - make_interval(secs => ${JACKPOT_SETTLE_SECONDS})`.execute(db);
      const pool = await db
        .selectFrom('jackpot_pools')
        .select(['seed_amount', 'share_basis_points', 'stakes', 'updated_at'])
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow();
      const share = (pool.stakes * BigInt(pool.share_basis_points)) / 10_000n;
      return { amount: toDecimalString(pool.seed_amount + share), updatedAt: pool.updated_at.toISOString() };
    },
  };
}
