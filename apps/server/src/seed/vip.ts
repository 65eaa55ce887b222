import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Demo ranks (issue 14 item 4): [en, bn, monthly turnover, promotion bonus, monthly bonus] in taka. */
export const DEMO_VIP_RANKS: readonly [string, string, number, number, number][] = [
  ['Bronze', 'ব্রোঞ্জ', 1_000, 10, 0],
  ['Silver', 'সিলভার', 10_000, 100, 50],
  ['Gold', 'গোল্ড', 50_000, 500, 200],
  ['Platinum', 'প্লাটিনাম', 200_000, 2_000, 800],
  ['Diamond', 'ডায়মন্ড', 1_000_000, 10_000, 3_000],
];

/**
 * Demo-only: five ranks by monthly valid bet, reachable by the demo players' play (৳1,000 makes
 * Bronze). The review cursor starts at the current month; the worker's pass at start promotes
 * the players who already bet enough this month.
 */
export async function seedVipDemo(db: Db, merchantId: number): Promise<void> {
  await db
    .insertInto('vip_ranks')
    .values(
      DEMO_VIP_RANKS.map(([en, bn, turnover, promotion, monthly], i) => ({
        merchant_id: merchantId,
        level: i + 1,
        name_en: en,
        name_bn: bn,
        monthly_turnover: BigInt(turnover) * 100n,
        promotion_bonus: BigInt(promotion) * 100n,
        monthly_bonus: BigInt(monthly) * 100n,
      })),
    )
    .execute();
  await db
    .insertInto('vip_review_state')
    .values({
      merchant_id: merchantId,
      reviewed_month: sql<string>`date_trunc('month', now() AT TIME ZONE (SELECT time_zone FROM merchants WHERE id = ${merchantId}))::date`,
    })
    .execute();
}
