import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The demo's rebates start this many merchant-local days ago (what is claimable by hand). */
const DEMO_REBATE_DAYS = 14;

/**
 * Demo-only (issue 14 item 5): rebates on for the demo merchant — slots 0.8 % (at most 50.00 a day)
 * and live casino 0.5 % paid by the job, in-house games 1 % claimed by hand — so the member
 * centre's rebate page shows rates and the in-house play of the past two weeks is claimable.
 * The job's cursor starts at yesterday: it pays from today on, never the demo's history.
 */
export async function seedRebateDemo(db: Db, merchantId: number): Promise<void> {
  const today = sql<string>`(now() AT TIME ZONE (SELECT time_zone FROM merchants WHERE id = ${merchantId}))::date`;
  await db
    .insertInto('rebate_settings')
    .values({
      merchant_id: merchantId,
      enabled: true,
      starts_on: sql<string>`${today} - ${DEMO_REBATE_DAYS}::int`,
      paid_through: sql<string>`${today} - 1`,
    })
    .execute();
  await db
    .insertInto('rebate_rates')
    .values([
      { merchant_id: merchantId, product_type: 'RNG', rate_bp: 80, daily_cap: 5_000n, mode: 'auto' },
      { merchant_id: merchantId, product_type: 'LIVE', rate_bp: 50, daily_cap: null, mode: 'auto' },
      { merchant_id: merchantId, product_type: 'INHOUSE', rate_bp: 100, daily_cap: null, mode: 'manual' },
    ])
    .execute();
}
