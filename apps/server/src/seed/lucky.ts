import type { Db } from '../db/database.ts';
import { ledger as createLedger } from '../modules/ledger/ledger.ts';
import { newServerSeed } from '../modules/lucky/common.ts';
import { RED_ENVELOPE_FUND_KIND } from '../modules/lucky/red-envelopes.ts';

const HOUR = 3_600_000;

/**
 * Demo-only (issue 14 item 2): a red envelope open for 30 days (pool 5,000.00, grabs of 5.00 to
 * 88.00, played through once), a raffle whose draw is an hour after the demo starts (a ticket per
 * 100.00 deposited or 1,000.00 of valid bet), and the §9 sign-up reward on: 131.00 paid on
 * approval, at most 131,000.00, three times turnover, one per device.
 */
export async function seedLuckyDemo(db: Db, merchantId: number): Promise<void> {
  const now = Date.now();
  const merchant = await db
    .selectFrom('merchants')
    .select('currency')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const envelopeSeed = newServerSeed();
  const envelope = await db
    .insertInto('red_envelopes')
    .values({
      merchant_id: merchantId,
      title: JSON.stringify({ bn: 'খেলা লাকি লাল খাম', en: 'Khela lucky red envelope' }),
      starts_at: new Date(now - HOUR),
      ends_at: new Date(now + 30 * 24 * HOUR),
      pool: 500_000n,
      remaining: 500_000n,
      min_grab: 500n,
      max_grab: 8_800n,
      turnover_multiple: 1,
      server_seed: envelopeSeed.seed,
      server_seed_hash: envelopeSeed.hash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createLedger({ db }).post(
    {
      merchantId,
      currency: merchant.currency,
      idempotencyKey: `red-envelope:${envelope.id}:fund`,
      kind: RED_ENVELOPE_FUND_KIND,
      postings: [
        { account: { kind: 'house' }, amount: -500_000n },
        { account: { kind: 'lucky_pool' }, amount: 500_000n },
      ],
      reference: { redEnvelopeId: envelope.id.toString() },
    },
    db,
  );
  const raffleSeed = newServerSeed();
  await db
    .insertInto('raffles')
    .values({
      merchant_id: merchantId,
      title: JSON.stringify({ bn: 'সাপ্তাহিক লাকি র‍্যাফেল', en: 'Weekly lucky raffle' }),
      starts_at: new Date(now - 24 * HOUR),
      ends_at: new Date(now + HOUR),
      draw_at: new Date(now + HOUR),
      deposit_per_ticket: 10_000n,
      bet_per_ticket: 100_000n,
      prizes: JSON.stringify([
        { amount: '500000', count: 1 },
        { amount: '100000', count: 3 },
        { amount: '20000', count: 10 },
      ]),
      turnover_multiple: 1,
      server_seed: raffleSeed.seed,
      server_seed_hash: raffleSeed.hash,
    })
    .execute();
  await db
    .insertInto('signup_reward_settings')
    .values({
      merchant_id: merchantId,
      enabled: true,
      amount: 13_100n,
      cap: 13_100_000n,
      turnover_multiple: 3,
      one_per_device: true,
    })
    .execute();
}
