import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  type SeamlessOkResponse,
  type seamlessBalanceRequest,
  type seamlessBetRequest,
  type seamlessRollbackRequest,
  type seamlessWinRequest,
} from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';
import type { Db } from '../../db/database.ts';
import type { SeamlessKind, SeamlessTransactionsTable } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Ledger, PostedTransaction, TransactionRequest } from '../ledger/ledger.ts';
import { hashSecretToken } from '../sessions/secret-token.ts';
import type { BetBatches, RecordedCall } from './bet-batches.ts';
import { playerOfToken, type GameSessionPlayer } from './game-sessions.ts';
import { SeamlessError } from './protocol.ts';
import type { VendorRow } from './vendors.ts';

type BalanceRequest = z.output<typeof seamlessBalanceRequest>;
type BetRequest = z.output<typeof seamlessBetRequest>;
type WinRequest = z.output<typeof seamlessWinRequest>;
type RollbackRequest = z.output<typeof seamlessRollbackRequest>;
type SeamlessRow = Selectable<SeamlessTransactionsTable>;

/** A unique violation met by the last insert: the call is run again and then sees the winner's row. */
class ConcurrentCall extends Error {}
const ATTEMPTS = 3;

function fingerprintOf(data: Record<string, unknown>): Buffer {
  return createHash('sha256').update(JSON.stringify(data)).digest();
}

/**
 * The seamless wallet (ARCHITECTURE §5, issue 5 item 5). Every money call is one database
 * transaction holding the ledger transaction and the vendor call's record, so either both exist or
 * neither. The vendor's transaction id is the idempotency key (ledger key
 * `seamless:<vendor>:<transaction id>`): a true replay gets the first answer again, other data
 * under the same id is RS_ERROR_DUPLICATE_TRANSACTION. Bets debit the player's main wallet and
 * credit the vendor's account (a system account: no row is locked on that side); wins go back.
 * Bets, the hot path, are written in batches (bet-batches.ts, ADR 0007).
 */
export function seamlessWallet({ db, ledger, bets }: { db: Db; ledger: Ledger; bets: BetBatches }) {
  const ledgerKey = (vendor: VendorRow, txId: string) => `seamless:${vendor.code}:${txId}`;

  async function player(vendor: VendorRow, token: string, { live }: { live: boolean }): Promise<GameSessionPlayer> {
    const found = await playerOfToken(db, vendor.id, token);
    if (!found || found.merchantId !== vendor.merchant_id) throw new SeamlessError('RS_ERROR_INVALID_TOKEN');
    if (live && found.expired) throw new SeamlessError('RS_ERROR_TOKEN_EXPIRED');
    return found;
  }

  function checkCurrency(vendor: VendorRow, currency: string) {
    if (currency !== vendor.currency) throw new SeamlessError('RS_ERROR_WRONG_CURRENCY');
  }

  async function mainBalance(trx: Db, vendor: VendorRow, memberId: number): Promise<bigint> {
    const row = await trx
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('merchant_id', '=', vendor.merchant_id)
      .where('kind', '=', 'member_main')
      .where('member_id', '=', memberId)
      .where('currency', '=', vendor.currency)
      .executeTakeFirst();
    return row?.balance ?? 0n;
  }

  function memberBalanceAfter(posted: PostedTransaction): bigint {
    const member = posted.postings.find((p) => p.balanceAfter !== null);
    if (!member) throw new Error('a seamless transaction without a member posting');
    return member.balanceAfter!;
  }

  function ok(
    vendor: VendorRow,
    username: string,
    request: { request_uuid: string; transaction_uuid?: string },
    balance: bigint,
  ): SeamlessOkResponse {
    return {
      status: 'RS_OK',
      request_uuid: request.request_uuid,
      user: username,
      currency: vendor.currency,
      balance: toDecimalString(balance),
      ...(request.transaction_uuid !== undefined && { transaction_uuid: request.transaction_uuid }),
    };
  }

  /** The first answer again, addressed to this request. */
  function replayOf(
    row: { response: unknown },
    request: { request_uuid: string; transaction_uuid: string },
  ): SeamlessOkResponse {
    return {
      ...(row.response as SeamlessOkResponse),
      request_uuid: request.request_uuid,
      transaction_uuid: request.transaction_uuid,
    };
  }

  async function rowsOf(trx: Db, vendor: VendorRow, txIds: string[], lock: boolean): Promise<SeamlessRow[]> {
    let query = trx
      .selectFrom('seamless_transactions')
      .selectAll()
      .where('merchant_id', '=', vendor.merchant_id)
      .where('vendor_id', '=', vendor.id)
      .where('vendor_tx_id', 'in', txIds);
    if (lock) query = query.forUpdate();
    return query.execute();
  }

  async function record(
    trx: Db,
    vendor: VendorRow,
    row: {
      txId: string;
      kind: SeamlessKind;
      memberId: number;
      round: string;
      amount: bigint;
      referenceTxId: string | null;
      fingerprint: Buffer;
      response: object;
      ledgerTransactionId: bigint | null;
      /** Wins: the game session they came through (the winner board's link to the game). */
      gameSessionId?: bigint;
    },
  ): Promise<boolean> {
    const inserted = await trx
      .insertInto('seamless_transactions')
      .values({
        merchant_id: vendor.merchant_id,
        vendor_id: vendor.id,
        vendor_tx_id: row.txId,
        kind: row.kind,
        member_id: row.memberId,
        round_id: row.round,
        amount: row.amount,
        reference_tx_id: row.referenceTxId,
        fingerprint: row.fingerprint,
        response: JSON.stringify(row.response),
        ledger_transaction_id: row.ledgerTransactionId,
        game_session_id: row.gameSessionId ?? null,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Runs a money call in one transaction, again when it lost a race to a concurrent call. */
  async function inTransaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(work);
      } catch (error) {
        if (!(error instanceof ConcurrentCall) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Ledger refusals in the protocol's words. A refusal aborts the database transaction (see
   * ledger_post), so whatever follows it happens after the rollback.
   */
  async function post(trx: Db, request: TransactionRequest): Promise<PostedTransaction> {
    try {
      return await ledger.post(request, trx);
    } catch (error) {
      if (error instanceof AppError && error.code === 'wallet.insufficient_funds') {
        const balance = BigInt(String(error.value?.balance ?? '0'));
        throw new SeamlessError('RS_ERROR_NOT_ENOUGH_MONEY', {
          balance: toDecimalString(balance),
          currency: request.currency,
        });
      }
      if (error instanceof AppError && error.code === 'wallet.duplicate_transaction') throw new ConcurrentCall();
      throw error;
    }
  }

  /** The answer for a transaction id already recorded: the first answer, or why not. */
  function answerRecorded(
    existing: RecordedCall,
    kind: SeamlessKind,
    fingerprint: Buffer,
    memberId: number,
    request: RequestIds,
  ) {
    if (existing.kind === 'tombstone' && kind === 'bet') throw new SeamlessError('RS_ERROR_TRANSACTION_ROLLED_BACK');
    if (existing.kind !== kind || existing.memberId !== memberId || !existing.fingerprint.equals(fingerprint)) {
      throw new SeamlessError('RS_ERROR_DUPLICATE_TRANSACTION');
    }
    return replayOf(existing, request);
  }
  type RequestIds = { request_uuid: string; transaction_uuid: string };
  const recordedCall = (row: SeamlessRow): RecordedCall => ({
    kind: row.kind,
    memberId: row.member_id,
    fingerprint: row.fingerprint,
    response: row.response,
  });

  return {
    async balance(vendor: VendorRow, request: BalanceRequest): Promise<SeamlessOkResponse> {
      checkCurrency(vendor, request.currency);
      const who = await player(vendor, request.token, { live: true });
      return ok(vendor, who.username, request, await mainBalance(db, vendor, who.memberId));
    },

    async bet(vendor: VendorRow, request: BetRequest): Promise<SeamlessOkResponse> {
      checkCurrency(vendor, request.currency);
      const amount = parseMinor(request.amount);
      // The player is named by the token, so the member is compared beside the fingerprint (answerRecorded).
      const fingerprint = fingerprintOf({
        kind: 'bet',
        round: request.round,
        amount: amount.toString(),
        game: request.game_code ?? null,
      });
      // The session, the guards, the posting and the bet's record, all in seamless_bets().
      const result = await bets.bet({
        vendorId: vendor.id,
        tokenHash: hashSecretToken(request.token),
        txId: request.transaction_uuid,
        requestUuid: request.request_uuid,
        round: request.round,
        amount,
        fingerprint,
      });
      switch (result.outcome) {
        case 'ok':
          return ok(vendor, result.username, request, result.balance);
        case 'invalid_token':
          throw new SeamlessError('RS_ERROR_INVALID_TOKEN');
        case 'token_expired':
          throw new SeamlessError('RS_ERROR_TOKEN_EXPIRED');
        case 'user_disabled':
          throw new SeamlessError('RS_ERROR_USER_DISABLED');
        case 'not_enough_money':
          throw new SeamlessError('RS_ERROR_NOT_ENOUGH_MONEY', {
            balance: toDecimalString(result.balance),
            currency: vendor.currency,
          });
        case 'recorded': {
          const existing = result.recorded;
          if (!existing) throw new Error(`seamless bet ${request.transaction_uuid}: its id is taken, yet no record`);
          return answerRecorded(existing, 'bet', fingerprint, result.memberId, request);
        }
      }
    },

    async win(vendor: VendorRow, request: WinRequest): Promise<SeamlessOkResponse> {
      checkCurrency(vendor, request.currency);
      const who = await player(vendor, request.token, { live: false });
      const amount = parseMinor(request.amount);
      const fingerprint = fingerprintOf({
        kind: 'win',
        member: who.memberId,
        round: request.round,
        amount: amount.toString(),
        bet: request.reference_transaction_uuid,
        closed: request.round_closed ?? false,
        game: request.game_code ?? null,
      });
      return inTransaction(async (trx) => {
        // The bet's row is locked, so a win and a rollback of one bet are decided one after the other.
        const rows = await rowsOf(trx, vendor, [request.transaction_uuid, request.reference_transaction_uuid], true);
        const own = rows.find((r) => r.vendor_tx_id === request.transaction_uuid);
        if (own) return answerRecorded(recordedCall(own), 'win', fingerprint, who.memberId, request);
        const bet = rows.find((r) => r.vendor_tx_id === request.reference_transaction_uuid);
        if (!bet || bet.member_id !== who.memberId || (bet.kind !== 'bet' && bet.kind !== 'tombstone')) {
          throw new SeamlessError('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
        }
        if (bet.kind === 'tombstone' || (await rollbackOf(trx, vendor, bet.vendor_tx_id))) {
          throw new SeamlessError('RS_ERROR_TRANSACTION_ROLLED_BACK');
        }
        let balance: bigint;
        let ledgerTransactionId: bigint | null = null;
        if (amount === 0n) {
          // A zero win closes the round: recorded (and idempotent) but nothing is posted.
          balance = await mainBalance(trx, vendor, who.memberId);
        } else {
          const posted = await post(trx, {
            merchantId: vendor.merchant_id,
            currency: vendor.currency,
            idempotencyKey: ledgerKey(vendor, request.transaction_uuid),
            kind: 'seamless.win',
            postings: [
              { account: { kind: 'vendor', vendorCode: vendor.code }, amount: -amount },
              { account: { kind: 'member_main', memberId: who.memberId }, amount },
            ],
            reference: { vendor: vendor.code, transaction: request.transaction_uuid, bet: bet.vendor_tx_id },
          });
          if (posted.replayed) throw new ConcurrentCall();
          balance = memberBalanceAfter(posted);
          ledgerTransactionId = posted.transactionId;
        }
        const response = ok(vendor, who.username, request, balance);
        const recorded = await record(trx, vendor, {
          txId: request.transaction_uuid,
          kind: 'win',
          memberId: who.memberId,
          round: request.round,
          amount,
          referenceTxId: bet.vendor_tx_id,
          fingerprint,
          response,
          ledgerTransactionId,
          gameSessionId: who.sessionId,
        });
        if (!recorded) throw new ConcurrentCall();
        return response;
      });
    },

    async rollback(vendor: VendorRow, request: RollbackRequest): Promise<SeamlessOkResponse> {
      checkCurrency(vendor, request.currency);
      const who = await player(vendor, request.token, { live: false });
      const betId = request.reference_transaction_uuid;
      const fingerprint = fingerprintOf({ kind: 'rollback', member: who.memberId, round: request.round, bet: betId });
      return inTransaction(async (trx) => {
        const rows = await rowsOf(trx, vendor, [request.transaction_uuid, betId], true);
        const own = rows.find((r) => r.vendor_tx_id === request.transaction_uuid);
        if (own) return answerRecorded(recordedCall(own), 'rollback', fingerprint, who.memberId, request);
        const bet = rows.find((r) => r.vendor_tx_id === betId);
        if (bet && (bet.member_id !== who.memberId || (bet.kind !== 'bet' && bet.kind !== 'tombstone'))) {
          throw new SeamlessError('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
        }
        // A bet is reversed once: a second rollback (under any id) is answered as the first.
        const first = await rollbackOf(trx, vendor, betId);
        if (first) return replayOf(first, request);

        let balance: bigint;
        let ledgerTransactionId: bigint | null = null;
        if (bet) {
          const won = await trx
            .selectFrom('seamless_transactions')
            .select('id')
            .where('merchant_id', '=', vendor.merchant_id)
            .where('vendor_id', '=', vendor.id)
            .where('kind', '=', 'win')
            .where('reference_tx_id', '=', betId)
            .executeTakeFirst();
          if (won) throw new SeamlessError('RS_ERROR_TRANSACTION_SETTLED');
          const posted = await post(trx, {
            merchantId: vendor.merchant_id,
            currency: vendor.currency,
            idempotencyKey: ledgerKey(vendor, `rollback:${betId}`),
            kind: 'seamless.rollback',
            postings: [
              { account: { kind: 'vendor', vendorCode: vendor.code }, amount: -bet.amount },
              { account: { kind: 'member_main', memberId: who.memberId }, amount: bet.amount },
            ],
            reference: { vendor: vendor.code, transaction: request.transaction_uuid, bet: betId },
          });
          if (posted.replayed) throw new ConcurrentCall();
          balance = memberBalanceAfter(posted);
          ledgerTransactionId = posted.transactionId;
        } else {
          // §5: a rollback of a bet we never saw is remembered under the bet's id, so the late
          // bet collides with this tombstone and is refused. If the bet wins the race instead,
          // the call runs again and reverses it.
          const remembered = await record(trx, vendor, {
            txId: betId,
            kind: 'tombstone',
            memberId: who.memberId,
            round: request.round,
            amount: 0n,
            referenceTxId: request.transaction_uuid,
            fingerprint,
            response: {},
            ledgerTransactionId: null,
          });
          if (!remembered) throw new ConcurrentCall();
          balance = await mainBalance(trx, vendor, who.memberId);
        }
        const response = ok(vendor, who.username, request, balance);
        const recorded = await record(trx, vendor, {
          txId: request.transaction_uuid,
          kind: 'rollback',
          memberId: who.memberId,
          round: request.round,
          amount: bet?.amount ?? 0n,
          referenceTxId: betId,
          fingerprint,
          response,
          ledgerTransactionId,
          gameSessionId: who.sessionId,
        });
        if (!recorded) throw new ConcurrentCall();
        return response;
      });
    },
  };

  async function rollbackOf(trx: Db, vendor: VendorRow, betId: string): Promise<SeamlessRow | undefined> {
    return trx
      .selectFrom('seamless_transactions')
      .selectAll()
      .where('merchant_id', '=', vendor.merchant_id)
      .where('vendor_id', '=', vendor.id)
      .where('kind', '=', 'rollback')
      .where('reference_tx_id', '=', betId)
      .executeTakeFirst();
  }
}
export type SeamlessWallet = ReturnType<typeof seamlessWallet>;
