import { SWITCH_IDS, type RegistrationField } from '@khela/contracts';
import type { Db } from '../db/database.ts';
import type { SecretBox } from '../modules/secrets/secret-box.ts';
import { seedSiteContent } from './content.ts';
import { seedAccounts } from './accounts.ts';
import { seedCashier } from './cashier.ts';
import { seedOperators } from './operators.ts';
import { DEMO_SECOND_MERCHANT, seedSecondMerchant } from './second-merchant.ts';
import { seedVendors } from './vendors.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedLotteryDemo } from './lottery.ts';
import { seedAgentTeam } from './agent-team.ts';
import { seedReferralDemo } from './referral.ts';
import { seedRebateDemo } from './rebates.ts';
import { seedLuckyDemo } from './lucky.ts';
import { seedPromotionDemo } from './promotions.ts';
import { seedPointsDemo } from './points.ts';
import { seedVipDemo } from './vip.ts';
import { seedMissionDemo } from './missions.ts';
import { seedContentDemo } from './articles.ts';
import { seedCockfightDemo } from './cockfight.ts';
import { seedSportsDemo } from './sports.ts';
import { seedAgentContracts } from './agent-contracts.ts';

export const DEMO_MERCHANT = 'khela';

/** Switches the demo starts with; everything else is off until an operator turns it on. */
const DEMO_SWITCHES_ON = new Set<string>([
  'REG3',
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'AFFMAN3',
  'COMM3',
  'CAPTCHA3',
  'FREEPLAY3',
  'MOBILEVERCODELOGIN3',
  'CHNGPASSVERIF3',
  'VERIFICATION3',
  'REGMOBVERF3',
  'GAMELO3',
  'GAMELOHOT3',
  'GAMELOFAV3',
  'GAMELOREC3',
  'AGENTPOLICY3',
  'SIGNCONDIV3',
  'DAILYSALCONT3',
  'HOURSAL3',
  'RTSALARY3',
  'AGETRANSFERUP3',
  'FUNDTRANS3',
  'PTSYS3',
  'MEMTRANS3',
  'PLYRBT',
  'MANPLAYREB3',
  'REWCEN3',
  'INBOX3',
  'CBS3',
  'MISSIONLB3',
  'FEEDBACK3',
  'DEPOSIT',
  'WITHDRAW',
]);

/** §3 registration rules of the demo merchant: pattern ids from the §5 catalogue. */
const DEMO_RULES: Record<
  RegistrationField,
  [enabled: boolean, required: boolean, patternId: number, min: number, max: number]
> = {
  username: [true, true, 2, 6, 16],
  password: [true, true, 18, 8, 20],
  confirmPassword: [true, true, 1, 8, 20],
  payeeName: [true, false, 20, 3, 50],
  email: [true, false, 4, 6, 100],
  qqNum: [false, false, 7, 5, 12],
  mobileNum: [true, true, 22, 11, 11],
  recommenderId: [false, false, 5, 1, 32],
  captcha: [true, true, 5, 4, 4],
  verificationCode: [true, false, 7, 6, 6],
  affiliateCode: [true, false, 5, 4, 16],
  paymentPassword: [false, false, 7, 6, 6],
  line: [false, false, 10, 3, 50],
  whatsapp: [false, false, 7, 8, 15],
  facebook: [false, false, 10, 3, 100],
  wechat: [false, false, 10, 3, 50],
  idNumber: [false, false, 5, 10, 17],
};

export interface MerchantSeed {
  code: string;
  name: string;
  domains: string[];
}

/** Creates a merchant with its switches and registration rules; returns its id. */
export async function seedMerchant(db: Db, seed: MerchantSeed): Promise<number> {
  const merchant = await db
    .insertInto('merchants')
    .values({
      code: seed.code,
      name: seed.name,
      main_domain: seed.domains[0] ?? '',
      image_cdns: ['/'],
      launch_game_cdns: ['/'],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const merchantId = merchant.id;
  if (seed.domains.length) {
    await db
      .insertInto('merchant_domains')
      .values(
        seed.domains.map((domain, i) => ({
          merchant_id: merchantId,
          domain,
          kind: i === 0 ? 'main' : 'mirror',
          affiliate_code: null,
        })),
      )
      .execute();
  }
  await db
    .insertInto('whitelabel_switches')
    .values(SWITCH_IDS.map((mod_id) => ({ merchant_id: merchantId, mod_id, enabled: DEMO_SWITCHES_ON.has(mod_id) })))
    .execute();
  await db
    .insertInto('registration_rules')
    .values(
      Object.entries(DEMO_RULES).map(([field, [enabled, required, pattern_id, min_length, max_length]]) => ({
        merchant_id: merchantId,
        field,
        enabled,
        required,
        pattern_id,
        min_length,
        max_length,
      })),
    )
    .execute();
  return merchantId;
}

/** Feature seeds run after the merchant exists, in this order. */
const featureSeeds = [
  seedSiteContent,
  seedOperators,
  seedAccounts,
  seedCashier,
  seedVendors,
  seedCatalogue,
  // Issue 15 item 1: the catalogue's lottery games drawn by our own engine (after the catalogue).
  seedLotteryDemo,
  // Issue 13: agent01's demo team (after the catalogue: its players' history is played at dice).
  seedAgentTeam,
  // Issue 13: agent01's contracts from the house, and agent02's from agent01 (after the team).
  seedAgentContracts,
  // Issue 13: referral rewards on, player11 invited by agent01 (after the team).
  seedReferralDemo,
  // Issue 14 item 5: rebates on (job-paid slots and live, in-house claimed by hand).
  seedRebateDemo,
  // Issue 14 item 2: a red envelope open now, a raffle drawn within the hour, the sign-up reward on.
  seedLuckyDemo,
  // Issue 14 items 1–2: four promotions (first deposit, daily check-in, weekly slots, newbie).
  seedPromotionDemo,
  // Issue 14 item 3: the points mall on, with goods and the demo players' points.
  seedPointsDemo,
  // Issue 14 item 4: five VIP ranks by monthly turnover.
  seedVipDemo,
  // Issue 14 item 6: two open missions with the team's progress (after the team).
  seedMissionDemo,
  // Issue 14 item 8: blog posts, news and live hosts.
  seedContentDemo,
  // Issue 15 item 4: our cockfight arena with a fight open for bets.
  seedCockfightDemo,
  // Issue 15 item 3: our sportsbook with a dozen events, some in play.
  seedSportsDemo,
];

/** Seeds the demo merchant on an empty database; returns whether it did. Runs in one transaction. */
export async function seedDemoIfEmpty(db: Db, secrets: SecretBox): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('merchants').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const merchantId = await seedMerchant(trx, {
      code: DEMO_MERCHANT,
      name: 'Khela',
      domains: ['localhost', '127.0.0.1'],
    });
    for (const seed of featureSeeds) await seed(trx, merchantId, secrets);
    // Issue 16 item 2: a second merchant and an operator who works on both.
    await seedSecondMerchant(trx, await seedMerchant(trx, DEMO_SECOND_MERCHANT), merchantId);
    return true;
  });
}
