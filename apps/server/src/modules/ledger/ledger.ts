import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { MAX_MINOR } from '@khela/money';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { describeAccount, tracksBalance, type LedgerAccountRef } from './accounts.ts';

export interface PostingRequest {
  account: LedgerAccountRef;
  /** Minor units; positive credits the account, negative debits it. */
  amount: bigint;
}

export interface TransactionRequest {
  merchantId: number;
  currency: string;
  /** Unique per merchant: a round id, a vendor transaction id, a deposit id, … */
  idempotencyKey: string;
  /** What kind of movement this is (deposit, bet, win, rollback, transfer, adjustment, …). */
  kind: string;
  postings: PostingRequest[];
  /** Free data kept with the transaction (ids of the business records it belongs to). */
  reference?: Record<string, unknown>;
}

export interface PostedPosting {
  accountId: bigint;
  amount: bigint;
  /** The account's balance after this posting; null for system accounts (no stored balance). */
  balanceAfter: bigint | null;
}

export interface PostedTransaction {
  transactionId: bigint;
  /** True when the key had been posted before with the same content: nothing new was written. */
  replayed: boolean;
  createdAt: Date;
  postings: PostedPosting[];
}

/** A request the ledger refuses before touching the database (a programming error upstream). */
export class UnbalancedTransactionError extends Error {
  constructor(reason: string) {
    super(`ledger transaction refused: ${reason}`);
    this.name = 'UnbalancedTransactionError';
  }
}

function checkShape(request: TransactionRequest): void {
  const { postings } = request;
  if (postings.length < 2) throw new UnbalancedTransactionError('fewer than two postings');
  if (postings.some(({ amount }) => amount === 0n || amount > MAX_MINOR || amount < -MAX_MINOR)) {
    throw new UnbalancedTransactionError('a posting amount is zero or out of range');
  }
  if (postings.reduce((sum, { amount }) => sum + amount, 0n) !== 0n) {
    throw new UnbalancedTransactionError('postings do not sum to zero');
  }
  const accounts = new Set(postings.map(({ account }) => describeAccount(account)));
  if (accounts.size !== postings.length) throw new UnbalancedTransactionError('an account appears twice');
  if (!/^[A-Z]{3}$/.test(request.currency)) throw new UnbalancedTransactionError('bad currency');
  if (!request.idempotencyKey || request.idempotencyKey.length > 200) {
    throw new UnbalancedTransactionError('bad idempotency key');
  }
}

/** What makes two requests "the same transaction": everything but the key itself. */
function fingerprintOf(request: TransactionRequest): Buffer {
  const canonical = JSON.stringify({
    kind: request.kind,
    currency: request.currency,
    postings: request.postings
      .map(({ account, amount }) => [describeAccount(account), amount.toString()])
      .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0)),
    reference: request.reference ?? {},
  });
  return createHash('sha256').update(canonical).digest();
}

/** A row of ledger_post(): one per posting, in the order of the request. */
interface LedgerPostRow {
  transaction_id: bigint;
  replayed: boolean;
  created_at: Date;
  account_id: bigint;
  amount: bigint;
  balance_after: bigint | null;
}

/** The members whose main wallet a request credits. */
function creditedMembers({ postings }: TransactionRequest): number[] {
  const members = new Set<number>();
  for (const { account, amount } of postings)
    if (account.kind === 'member_main' && amount > 0n) members.add(account.memberId);
  return [...members];
}

/**
 * `SELECT * FROM ledger_post(…)` for a request (migrations/0005_ledger.ts): the key, the
 * accounts, the balance updates and the postings in one statement. (The seamless bet calls
 * ledger_post from SQL itself: seamless_bets(), migrations/0009_seamless_bet_batches.ts.)
 * A credit to a member's main wallet is announced in the same statement (announce_credit,
 * migrations/0045): a member owing a sports correction has it collected right after the commit
 * (ADR 0024), whatever paid them — a deposit, a transfer back from a game, a bonus, a salary.
 */
function ledgerPostQuery(request: TransactionRequest): RawBuilder<LedgerPostRow> {
  checkShape(request);
  const { postings } = request;
  const post = sql`ledger_post(
      ${request.merchantId}::integer, ${request.currency}::text, ${request.idempotencyKey}::text,
      ${request.kind}::text, ${fingerprintOf(request)}::bytea, ${JSON.stringify(request.reference ?? {})}::jsonb,
      ${postings.map(({ account }) => account.kind)}::text[],
      ${postings.map(({ account }) => ('memberId' in account ? account.memberId : null))}::integer[],
      ${postings.map(({ account }) => ('vendorCode' in account ? account.vendorCode : null))}::text[],
      ${postings.map(({ amount }) => amount.toString())}::bigint[])`;
  const credited = creditedMembers(request);
  if (credited.length === 0) return sql<LedgerPostRow>`SELECT * FROM ${post}`;
  return sql<LedgerPostRow>`
    WITH announced AS MATERIALIZED (SELECT announce_credit(${credited}::integer[]))
    SELECT posted.* FROM ${post} WITH ORDINALITY AS posted, announced ORDER BY posted.ordinality`;
}

/** ledger_post() raises KL402 and KL409; they become the ledger's refusals (anything else is left as is). */
export function ledgerRefusal(error: unknown, request: Pick<TransactionRequest, 'idempotencyKey'>): unknown {
  const { code, detail } = (error ?? {}) as { code?: string; detail?: string };
  if (code === 'KL402') return new AppError('wallet.insufficient_funds', { balance: detail ?? '0' });
  if (code === 'KL409') return new AppError('wallet.duplicate_transaction', { idempotencyKey: request.idempotencyKey });
  return error;
}

function toPostedTransaction(rows: LedgerPostRow[]): PostedTransaction {
  const first = rows[0];
  if (!first) throw new Error('ledger_post returned no postings');
  return {
    transactionId: first.transaction_id,
    replayed: first.replayed,
    createdAt: first.created_at,
    postings: rows.map((r) => ({ accountId: r.account_id, amount: r.amount, balanceAfter: r.balance_after })),
  };
}

/**
 * The double-entry ledger (ARCHITECTURE §4, issue 5 item 1). `post` writes one immutable,
 * balanced transaction, exactly once per idempotency key:
 * - a replay with the same content returns the first result and writes nothing;
 * - the same key with other content is `wallet.duplicate_transaction` (409);
 * - a debit that would take a member account below zero is `wallet.insufficient_funds` and
 *   writes nothing. The check is the conditional UPDATE itself (and a CHECK constraint behind
 *   it), never a read followed by a write, so it holds under any concurrency.
 * Member accounts are locked in id order, so two transfers between the same wallets cannot
 * deadlock. System accounts keep no stored balance and are never locked.
 */
export function ledger({ db }: { db: Db }) {
  /** One round trip (see ledgerPostQuery). */
  async function postIn(executor: Db, request: TransactionRequest): Promise<PostedTransaction> {
    const query = ledgerPostQuery(request);
    try {
      return toPostedTransaction((await query.execute(executor)).rows);
    } catch (error) {
      throw ledgerRefusal(error, request);
    }
  }

  return {
    /**
     * Posts inside the caller's database transaction when one is given (so a business record,
     * e.g. a deposit marked approved, commits with its money or not at all), else in its own.
     */
    async post(request: TransactionRequest, trx?: Db): Promise<PostedTransaction> {
      // Without a caller's transaction the one statement is its own (atomic) transaction.
      return postIn(trx ?? db, request);
    },

    /**
     * Many transactions in one statement (ledger_post_many, migrations/0046: set-based, each member
     * account locked once and updated once), all in the caller's transaction; their ids in the order
     * given. Same rules as post, in request order; a refusal aborts them all.
     */
    async postMany(requests: readonly TransactionRequest[], trx: Db): Promise<bigint[]> {
      if (requests.length === 0) return [];
      const owners: number[] = [];
      const postings: PostingRequest[] = [];
      for (const [index, request] of requests.entries()) {
        checkShape(request);
        owners.push(...request.postings.map(() => index + 1));
        postings.push(...request.postings);
      }
      const accounts = postings.map(({ account }) => account);
      try {
        const { rows } = await sql<{ transaction_id: string }>`
          SELECT transaction_id::text FROM ledger_post_many(
            ${requests.map((r) => r.merchantId)}::integer[], ${requests.map((r) => r.currency)}::text[],
            ${requests.map((r) => r.idempotencyKey)}::text[], ${requests.map((r) => r.kind)}::text[],
            ${requests.map((r) => fingerprintOf(r))}::bytea[],
            ${requests.map((r) => JSON.stringify(r.reference ?? {}))}::jsonb[],
            ${owners}::integer[], ${accounts.map((a) => a.kind)}::text[],
            ${accounts.map((a) => ('memberId' in a ? a.memberId : null))}::integer[],
            ${accounts.map((a) => ('vendorCode' in a ? a.vendorCode : null))}::text[],
            ${postings.map(({ amount }) => amount.toString())}::bigint[])`.execute(trx);
        return rows.map((r) => BigInt(r.transaction_id));
      } catch (error) {
        throw ledgerRefusal(error, {
          idempotencyKey: requests
            .map((r) => r.idempotencyKey)
            .join(',')
            .slice(0, 200),
        });
      }
    },

    /**
     * The balance of an account: stored for member accounts, the sum of postings for others;
     * 0 for an account not created yet (accounts appear with their first posting). Read inside the
     * caller's transaction when one is given.
     */
    async balanceOf(merchantId: number, currency: string, ref: LedgerAccountRef, trx?: Db): Promise<bigint> {
      const row = await (trx ?? db)
        .selectFrom('ledger_accounts as a')
        .select(
          tracksBalance(ref.kind)
            ? sql<string>`a.balance::text`.as('balance')
            : sql<string>`(SELECT coalesce(sum(p.amount), 0) FROM ledger_postings p WHERE p.account_id = a.id)::text`.as(
                'balance',
              ),
        )
        .where('a.merchant_id', '=', merchantId)
        .where('a.kind', '=', ref.kind)
        .where(sql<number>`coalesce(a.member_id, 0)`, '=', 'memberId' in ref ? ref.memberId : 0)
        .where(sql<string>`coalesce(a.vendor_code, '')`, '=', 'vendorCode' in ref ? ref.vendorCode : '')
        .where('a.currency', '=', currency)
        .executeTakeFirst();
      return BigInt(row?.balance ?? 0);
    },
  };
}
export type Ledger = ReturnType<typeof ledger>;
