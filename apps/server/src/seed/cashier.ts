import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { ledger } from '../modules/ledger/ledger.ts';
import type { SecretBox } from '../modules/secrets/secret-box.ts';
import { DEMO_PLAYERS } from './accounts.ts';

/** player01's opening balance (issue 5 item 11): 10,000.00 BDT, in minor units. */
export const DEMO_OPENING_DEPOSIT = 1_000_000n;

const DEMO_CHANNELS = [
  {
    code: 'bank',
    method: 'bank',
    name: { bn: 'ব্যাংক ট্রান্সফার', en: 'Bank transfer' },
    payee: {
      bankName: 'Dutch-Bangla Bank',
      branch: 'Gulshan',
      accountName: 'Khela Demo Ltd',
      accountNumber: '1071100012345',
    },
  },
  {
    code: 'bkash',
    method: 'bkash',
    name: { bn: 'বিকাশ', en: 'bKash' },
    payee: { accountName: 'Khela Demo', accountNumber: '01700000100' },
  },
  {
    code: 'nagad',
    method: 'nagad',
    name: { bn: 'নগদ', en: 'Nagad' },
    payee: { accountName: 'Khela Demo', accountNumber: '01800000200' },
  },
  {
    code: 'rocket',
    method: 'rocket',
    name: { bn: 'রকেট', en: 'Rocket' },
    payee: { accountName: 'Khela Demo', accountNumber: '01900000300' },
  },
] as const;

/**
 * Demo payment channels (bank, bKash, Nagad, Rocket and the sandbox gateway, each 100.00 to
 * 50,000.00), the default cashier settings, and player01's first deposit: a bank transfer approved
 * by the system, credited through the ledger like any other.
 */
export async function seedCashier(db: Db, merchantId: number, secrets: SecretBox): Promise<void> {
  await db.insertInto('cashier_settings').values({ merchant_id: merchantId }).execute();
  const limits = { min_amount: 10_000n, max_amount: 5_000_000n };
  const channels = await db
    .insertInto('payment_channels')
    .values([
      ...DEMO_CHANNELS.map((c, sort) => ({
        merchant_id: merchantId,
        code: c.code,
        method: c.method,
        name: JSON.stringify(c.name),
        payee: JSON.stringify(c.payee),
        sort,
        ...limits,
      })),
      {
        merchant_id: merchantId,
        code: 'sandbox',
        method: 'gateway' as const,
        name: JSON.stringify({ bn: 'অনলাইন পেমেন্ট (স্যান্ডবক্স)', en: 'Online payment (sandbox)' }),
        sort: DEMO_CHANNELS.length,
        gateway: 'sandbox',
        gateway_secret: secrets.seal('gateway-callback', randomBytes(32).toString('hex')),
        ...limits,
      },
    ])
    .returning(['id', 'code'])
    .execute();

  const merchant = await db
    .selectFrom('merchants')
    .select('currency')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  for (const [index, { username }] of DEMO_PLAYERS.entries()) {
    const player = await db
      .selectFrom('members')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const suffix = index === 0 ? '' : `-${index + 1}`;
    const deposit = await db
      .insertInto('deposits')
      .values({
        merchant_id: merchantId,
        member_id: player.id,
        channel_id: channels.find((c) => c.code === 'bank')!.id,
        amount: DEMO_OPENING_DEPOSIT,
        currency: merchant.currency,
        reference_number: `DEMO-OPENING${suffix}`,
        request_id: `demo-opening-deposit${suffix}`,
        status: 'approved',
        reviewed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ledger({ db }).post(
      {
        merchantId,
        currency: merchant.currency,
        idempotencyKey: `deposit:${deposit.id}`,
        kind: 'deposit',
        postings: [
          { account: { kind: 'member_main', memberId: player.id }, amount: DEMO_OPENING_DEPOSIT },
          { account: { kind: 'deposit_clearing' }, amount: -DEMO_OPENING_DEPOSIT },
        ],
        reference: { depositId: deposit.id.toString() },
      },
      db,
    );
  }
}
