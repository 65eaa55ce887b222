import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import type { LedgerAccountRef } from '../../src/modules/ledger/accounts.ts';
import type { Ledger } from '../../src/modules/ledger/ledger.ts';
import { memberRepository } from '../../src/modules/members/repository.ts';

export const CURRENCY = 'BDT';

/**
 * Money in through the ledger itself, out of deposit clearing, as an approved deposit posts it;
 * the same key posts it once however often it is sent.
 */
export function postDeposit(
  ledger: Ledger,
  request: {
    merchantId: number;
    account: LedgerAccountRef;
    amount: bigint;
    idempotencyKey: string;
    kind?: string;
    reference?: Record<string, unknown>;
  },
) {
  const { merchantId, account, amount, idempotencyKey, kind = 'deposit', reference = {} } = request;
  return ledger.post({
    merchantId,
    currency: CURRENCY,
    idempotencyKey,
    kind,
    postings: [
      { account: { kind: 'deposit_clearing' }, amount: -amount },
      { account, amount },
    ],
    reference,
  });
}

/** Members made straight in the database: the ledger does not care how they registered. */
export async function createMembers(db: Db, merchantId: number, count: number): Promise<number[]> {
  const members = memberRepository(db);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await members.insertUnder(
      db,
      { merchant_id: merchantId, username: `w${randomBytes(6).toString('hex')}`, password_hash: 'not-a-hash' },
      null,
    );
    ids.push(row.id);
  }
  return ids;
}

export interface LedgerAudit {
  /** Transactions whose postings do not sum to zero (must be empty). */
  unbalanced: string[];
  /** Member accounts whose stored balance differs from the sum of their postings (must be empty). */
  drifted: string[];
  /** Accounts below zero (must be empty). */
  negative: string[];
  /** Sum of every posting of the merchant (must be 0). */
  total: bigint;
}

/** Replays the postings of a merchant and compares them with what is stored. */
export async function auditLedger(db: Db, merchantId: number): Promise<LedgerAudit> {
  const unbalanced = await sql<{ id: string }>`
    SELECT t.id::text AS id FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
    WHERE t.merchant_id = ${merchantId} GROUP BY t.id HAVING sum(p.amount) <> 0 OR count(*) < 2`.execute(db);
  const drifted = await sql<{ id: string }>`
    SELECT a.id::text AS id FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
    WHERE a.merchant_id = ${merchantId} AND a.tracks_balance
    GROUP BY a.id HAVING a.balance <> coalesce(sum(p.amount), 0)`.execute(db);
  const negative = await sql<{ id: string }>`
    SELECT id::text AS id FROM ledger_accounts WHERE merchant_id = ${merchantId} AND balance < 0`.execute(db);
  const total = await sql<{ total: string }>`
    SELECT coalesce(sum(p.amount), 0)::text AS total FROM ledger_postings p
    JOIN ledger_accounts a ON a.id = p.account_id WHERE a.merchant_id = ${merchantId}`.execute(db);
  return {
    unbalanced: unbalanced.rows.map((r) => r.id),
    drifted: drifted.rows.map((r) => r.id),
    negative: negative.rows.map((r) => r.id),
    total: BigInt(total.rows[0]!.total),
  };
}
