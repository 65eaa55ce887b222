import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword } from '../../src/modules/admin/passwords.ts';
import type { MemberType } from '../../src/db/schema.ts';
import type { LedgerAccountRef } from '../../src/modules/ledger/accounts.ts';
import type { Ledger } from '../../src/modules/ledger/ledger.ts';
import { memberRepository, type MemberRow } from '../../src/modules/members/repository.ts';
import { memberSessions } from '../../src/modules/sessions/member-sessions.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { CURRENCY, postDeposit } from '../ledger/helpers.ts';

export interface WalletMember {
  row: MemberRow;
  id: number;
  username: string;
  /** Authorization header of a live session. */
  auth: Record<string, string>;
}

let seq = 0;
export const uniqueKey = (label: string) =>
  `${label}-${Date.now().toString(36)}-${seq++}-${randomBytes(3).toString('hex')}`;

/** A member of the demo merchant under `upline` (or at the top), with a live session. */
/** The payment password of every member createMember makes (hashed once for all of them). */
export const TEST_PAYMENT_PASSWORD = 'Pay@1357';
let paymentPasswordHash: Promise<string> | undefined;

export async function createMember(
  t: TestApp,
  merchantId: number,
  options: { type?: MemberType; upline?: WalletMember | null; paymentPassword?: boolean } = {},
): Promise<WalletMember> {
  const username = `m${randomBytes(5).toString('hex')}`;
  paymentPasswordHash ??= hashPassword(TEST_PAYMENT_PASSWORD);
  const row = await memberRepository(t.db).insertUnder(
    t.db,
    {
      merchant_id: merchantId,
      username,
      password_hash: 'not-a-hash',
      type: options.type ?? 0,
      payment_password_hash: options.paymentPassword === false ? null : await paymentPasswordHash,
    },
    options.upline?.id ?? null,
  );
  const token = await memberSessions({ db: t.db }).start(t.db, row, { ip: '127.0.0.1', userAgent: 'test' });
  return { row, id: row.id, username, auth: { Authorization: token } };
}

export const mainOf = (member: WalletMember): LedgerAccountRef => ({ kind: 'member_main', memberId: member.id });
export const bonusOf = (member: WalletMember): LedgerAccountRef => ({ kind: 'member_bonus', memberId: member.id });

/** Money in through the ledger itself, as an approved deposit would post it, under a fresh key. */
export function fund(
  ledger: Ledger,
  merchantId: number,
  account: LedgerAccountRef,
  amount: bigint,
  kind = 'deposit',
  reference: Record<string, unknown> = {},
) {
  return postDeposit(ledger, { merchantId, account, amount, kind, reference, idempotencyKey: uniqueKey(kind) });
}

/** A game movement of the seamless kind: bet (negative) or win/rollback (positive) against the house. */
export function game(
  ledger: Ledger,
  merchantId: number,
  member: WalletMember,
  kind: 'bet' | 'win' | 'rollback',
  amount: bigint,
  reference: { vendor: string; roundId: string; gameType?: string },
) {
  const signed = kind === 'bet' ? -amount : amount;
  return ledger.post({
    merchantId,
    currency: CURRENCY,
    idempotencyKey: uniqueKey(kind),
    kind,
    postings: [
      { account: mainOf(member), amount: signed },
      { account: { kind: 'house' }, amount: -signed },
    ],
    reference,
  });
}

/**
 * A deposit dated in the past, written the way the ledger writes one (balanced postings, the
 * stored balance moved with them) but with an older created_at: the ledger service always
 * stamps now(), and the records' date filters need history.
 */
export async function backdatedDeposit(
  t: TestApp,
  merchantId: number,
  member: WalletMember,
  amount: bigint,
  daysAgo: number,
) {
  await t.db.transaction().execute(async (trx) => {
    const at = sql<Date>`now() - make_interval(days => ${daysAgo})`;
    const accountId = async (kind: 'member_main' | 'deposit_clearing') => {
      const row = await trx
        .selectFrom('ledger_accounts')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', kind)
        .where('currency', '=', CURRENCY)
        .where(sql<number>`coalesce(member_id, 0)`, '=', kind === 'member_main' ? member.id : 0)
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const key = uniqueKey('old-deposit');
    const tx = await trx
      .insertInto('ledger_transactions')
      .values({
        merchant_id: merchantId,
        idempotency_key: key,
        kind: 'deposit',
        fingerprint: createHash('sha256').update(key).digest(),
        reference: '{}',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mainId = await accountId('member_main');
    const { balance } = await trx
      .updateTable('ledger_accounts')
      .set({ balance: sql<bigint>`balance + ${amount}` })
      .where('id', '=', mainId)
      .returning('balance')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('ledger_postings')
      .values([
        {
          transaction_id: tx.id,
          account_id: await accountId('deposit_clearing'),
          amount: -amount,
          balance_after: null,
          created_at: at,
        },
        { transaction_id: tx.id, account_id: mainId, amount, balance_after: balance, created_at: at },
      ])
      .execute();
  });
}

/** A transfer-wallet vendor of the merchant (helper A's vendors table). */
export async function createVendor(t: TestApp, merchantId: number, currency = CURRENCY): Promise<string> {
  const code = `TW_${randomBytes(4).toString('hex').toUpperCase()}`;
  await t.db
    .insertInto('vendors')
    .values({
      merchant_id: merchantId,
      code,
      name: 'Transfer test vendor',
      secret: randomBytes(32).toString('hex'),
      currency,
    })
    .execute();
  return code;
}

export async function ledgerCounts(t: TestApp) {
  const { rows } = await sql<{ transactions: string; postings: string }>`
    SELECT (SELECT count(*) FROM ledger_transactions)::text AS transactions,
           (SELECT count(*) FROM ledger_postings)::text AS postings`.execute(t.db);
  return rows[0]!;
}
