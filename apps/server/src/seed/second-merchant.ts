import type { Db } from '../db/database.ts';
import { hashPassword } from '../modules/admin/passwords.ts';
import { ledger } from '../modules/ledger/ledger.ts';
import { memberRepository } from '../modules/members/repository.ts';

/** Demo-only (issue 16 item 2): a second white-label merchant, so one operator can work on two. */
export const DEMO_SECOND_MERCHANT = { code: 'shapla', name: 'Shapla', domains: ['shapla.localhost'] };

/** The demo operator over both merchants: signs in at the demo merchant, switches to Shapla. */
export const DEMO_OWNER = { username: 'owner', password: 'Owner@123', role: 'superadmin' } as const;

/** Shapla's few players, each with an opening deposit (the last one still waiting for the cashier). */
const SHAPLA_PLAYERS = [
  { username: 'shapla01', joinedDaysAgo: 12, deposit: 500_000n, approved: true },
  { username: 'shapla02', joinedDaysAgo: 2, deposit: 250_000n, approved: true },
  { username: 'shapla03', joinedDaysAgo: 0, deposit: 100_000n, approved: false },
] as const;
const DAY_MS = 86_400_000;

/**
 * Shapla's data once the merchant exists (a bank channel, three players with deposits) and the
 * operator `owner` of the demo merchant, granted Shapla too. The demo operator `admin` keeps one merchant.
 */
export async function seedSecondMerchant(db: Db, merchantId: number, homeMerchantId: number): Promise<void> {
  const { currency } = await db
    .selectFrom('merchants')
    .select('currency')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  await db.insertInto('cashier_settings').values({ merchant_id: merchantId }).execute();
  const channel = await db
    .insertInto('payment_channels')
    .values({
      merchant_id: merchantId,
      code: 'bank',
      method: 'bank',
      name: JSON.stringify({ bn: 'ব্যাংক ট্রান্সফার', en: 'Bank transfer' }),
      payee: JSON.stringify({ bankName: 'BRAC Bank', accountName: 'Shapla Demo Ltd', accountNumber: '1501200054321' }),
      sort: 0,
      min_amount: 10_000n,
      max_amount: 5_000_000n,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const members = memberRepository(db);
  const passwordHash = await hashPassword('Player@123');
  const now = Date.now();
  for (const spec of SHAPLA_PLAYERS) {
    const joined = new Date(now - spec.joinedDaysAgo * DAY_MS);
    const player = await members.insertUnder(
      db,
      { merchant_id: merchantId, username: spec.username, password_hash: passwordHash, created_at: joined },
      null,
    );
    const deposit = await db
      .insertInto('deposits')
      .values({
        merchant_id: merchantId,
        member_id: player.id,
        channel_id: channel.id,
        amount: spec.deposit,
        currency,
        reference_number: `DEMO-SHAPLA-${spec.username}`,
        request_id: `demo-shapla-deposit-${spec.username}`,
        status: spec.approved ? 'approved' : 'pending',
        reason: spec.approved ? 'Demo opening balance' : null,
        created_at: joined,
        reviewed_at: spec.approved ? joined : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!spec.approved) continue;
    await ledger({ db }).post(
      {
        merchantId,
        currency,
        idempotencyKey: `deposit:${deposit.id}`,
        kind: 'deposit',
        postings: [
          { account: { kind: 'member_main', memberId: player.id }, amount: spec.deposit },
          { account: { kind: 'deposit_clearing' }, amount: -spec.deposit },
        ],
        reference: { depositId: deposit.id.toString() },
      },
      db,
    );
  }

  const owner = await db
    .insertInto('operators')
    .values({
      merchant_id: homeMerchantId,
      username: DEMO_OWNER.username,
      password_hash: await hashPassword(DEMO_OWNER.password),
      role: DEMO_OWNER.role,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('operator_merchants').values({ operator_id: owner.id, merchant_id: merchantId }).execute();
}
