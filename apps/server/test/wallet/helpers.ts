import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword } from '../../src/modules/admin/passwords.ts';
import type { MemberType } from '../../src/db/schema.ts';
import type { LedgerAccountRef } from '../../src/modules/ledger/accounts.ts';
import type { Ledger } from '../../src/modules/ledger/ledger.ts';
import { memberRepository, type MemberRow } from '../../src/modules/members/repository.ts';
import { memberSessions } from '../../src/modules/sessions/member-sessions.ts';
import { vendorRepository } from '../../src/modules/seamless/vendors.ts';
import { toDecimalString } from '@khela/money';
import { issueGameSession } from '../../src/modules/seamless/game-sessions.ts';
import { DEMO_VENDOR } from '../../src/seed/vendors.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { vendorClient } from '../seamless/vendor-client.ts';
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

/**
 * A round through the real seamless API, as the demo's sandbox vendor plays it: a bet, then a win
 * (zero closes a lost round) or a rollback, in a game session opened for a demo game of the type.
 */
export async function seamlessRound(
  t: TestApp,
  member: WalletMember,
  round: { id: string; gameType: string; bet: bigint; win?: bigint; rollback?: boolean },
) {
  const vendor = await t.db
    .selectFrom('vendors')
    .select(['id', 'merchant_id'])
    .where('code', '=', DEMO_VENDOR.code)
    .executeTakeFirstOrThrow();
  const game = await t.db
    .selectFrom('games as g')
    .innerJoin('game_vendors as v', 'v.id', 'g.vendor_id')
    .select('g.id')
    .where('v.integration_id', '=', vendor.id)
    .where('g.game_type', '=', round.gameType)
    .executeTakeFirstOrThrow();
  const { token } = await issueGameSession(
    t.db,
    { id: member.id, merchantId: vendor.merchant_id },
    { id: vendor.id, merchantId: vendor.merchant_id },
    { gameId: game.id },
  );
  const client = vendorClient({ baseUrl: t.baseUrl, code: DEMO_VENDOR.code, secret: DEMO_VENDOR.secret });
  const common = { token, currency: CURRENCY, round: round.id };
  const sent = async (call: 'bet' | 'win' | 'rollback', body: Record<string, unknown>) => {
    const answer = await client.send(call, { request_uuid: uniqueKey('req'), ...common, ...body });
    if (answer.body.status !== 'RS_OK') throw new Error(`${call}: ${answer.body.status}`);
  };
  try {
    await sent('bet', { transaction_uuid: `${round.id}-bet`, amount: toDecimalString(round.bet) });
    const closing = { reference_transaction_uuid: `${round.id}-bet` };
    if (round.rollback) await sent('rollback', { transaction_uuid: `${round.id}-rollback`, ...closing });
    else {
      const amount = toDecimalString(round.win ?? 0n);
      await sent('win', { transaction_uuid: `${round.id}-win`, ...closing, amount, round_closed: true });
    }
  } finally {
    await client.close();
  }
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
  /** Days before now, or the instant itself. */
  when: number | Date,
) {
  await t.db.transaction().execute(async (trx) => {
    const at = typeof when === 'number' ? sql<Date>`now() - make_interval(days => ${when})` : when;
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

/**
 * A transfer-wallet integration of the merchant: its calls go to `apiUrl` (a sandbox vendor's
 * /tw/wallet), signed with `secret`. Answers the integration's code.
 */
export async function createVendor(
  t: TestApp,
  merchantId: number,
  options: { currency?: string; apiUrl?: string; secret?: string } = {},
): Promise<string> {
  const code = `TW_${randomBytes(4).toString('hex').toUpperCase()}`;
  const row = await vendorRepository(t.db, testSecrets).create({
    merchantId,
    code,
    name: 'Transfer test vendor',
    currency: options.currency ?? CURRENCY,
    ...(options.secret && { secret: options.secret }),
  });
  await t.db
    .updateTable('vendors')
    .set({ api_url: options.apiUrl ?? 'http://127.0.0.1:9/tw/wallet' })
    .where('id', '=', row.id)
    .execute();
  return code;
}

export async function ledgerCounts(t: TestApp) {
  const { rows } = await sql<{ transactions: string; postings: string }>`
    SELECT (SELECT count(*) FROM ledger_transactions)::text AS transactions,
           (SELECT count(*) FROM ledger_postings)::text AS postings`.execute(t.db);
  return rows[0]!;
}
