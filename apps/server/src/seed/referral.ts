import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { DEMO_AGENT } from './accounts.ts';

/** agent01's referral code in the demo; player11 registered with it. */
export const DEMO_REFERRAL_CODE = 'KHELA01R';
/** The demo's programme starts this many merchant-local days ago; the first reward pass pays them. */
const DEMO_REFERRAL_DAYS = 14;

/**
 * Demo-only (issue 13 item 6, §2 Refer and Earn): referral rewards switched on for the demo
 * merchant (0.5 % of each invitee's daily valid bet, at most 25.00 a day, 10.00 for a first
 * deposit of 100.00 or more), and player11 invited by agent01, so that agent01's referral page
 * shows what player11 earned it once the worker's pass at start has paid the past two weeks.
 */
export async function seedReferralDemo(db: Db, merchantId: number): Promise<void> {
  const agent01 = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('username', '=', DEMO_AGENT.username)
    .executeTakeFirst();
  if (!agent01) return;
  await db
    .insertInto('member_referral_codes')
    .values({ member_id: agent01.id, merchant_id: merchantId, code: DEMO_REFERRAL_CODE })
    .execute();
  await db
    .updateTable('members')
    .set({ referral_code: DEMO_REFERRAL_CODE })
    .where('merchant_id', '=', merchantId)
    .where('username', '=', 'player11')
    .execute();
  const startsOn = sql<string>`(now() AT TIME ZONE (SELECT time_zone FROM merchants WHERE id = ${merchantId}))::date - ${DEMO_REFERRAL_DAYS}::int`;
  await db
    .insertInto('referral_settings')
    .values({
      merchant_id: merchantId,
      enabled: true,
      commission_bp: 50,
      daily_cap: 2_500n,
      first_deposit_bonus: 1_000n,
      first_deposit_min: 10_000n,
      starts_on: startsOn,
      paid_through: sql<string>`${startsOn} - 1`,
    })
    .execute();
}
