import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { parseMinor, toDecimalString } from '@khela/money';
import type { Db } from '../../../db/database.ts';
import type { GameWalletTransfersTable, VendorsTable } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { TransferUncertainError, transferVendorApi, type TransferIntegration } from './vendor-api.ts';

type Direction = 'deposit' | 'withdraw';
type Origin = 'member' | 'launch' | 'logout' | 'switch';

interface Integration extends TransferIntegration {
  id: number;
  merchantId: number;
  currency: string;
}

type TransferRow = Selectable<GameWalletTransfersTable>;

/** What a transfer came to: `pending` when the vendor's answer is not known yet (it is settled later). */
export interface TransferOutcome {
  transferId: string;
  reference: string;
  state: 'done' | 'failed' | 'pending';
  amount: bigint;
  /** The vendor's wallet after it, when known. */
  gameBalance?: bigint;
  /** The main wallet right after its money moved (the same on every repeat), when it did. */
  mainBalance?: bigint;
  reason?: string;
}

/** The vendor's name for a member: stable and opaque (no username or phone leaves us). */
export const playerOf = (memberId: number) => `k${memberId}`;

/**
 * Transfer-wallet vendors (issue 11 item 5, ADR 0009). Money moves between the member's main wallet
 * and the vendor's wallet under our unique reference, and the member_game ledger account mirrors
 * the vendor's balance:
 * - deposit: the main wallet is debited into member_game when the transfer is created (so the
 *   money cannot be spent twice), then the vendor is called; a denial puts it back.
 * - withdraw: the vendor is called first; the main wallet is credited when it confirms.
 * - Every confirmation comes with the vendor's balance, and the difference from the mirror is the
 *   member's result at the vendor's games, booked first (kind game_result).
 * - An unknown outcome (time-out, broken connection, our process dying) leaves the transfer
 *   pending: `settle` asks the vendor's status, then re-sends the same reference, until it is done
 *   or denied. While one is pending no other transfer of that wallet starts (unique index).
 */
export function gameWallets({
  db,
  ledger,
  secrets,
  timeoutMs,
}: {
  db: Db;
  ledger: Ledger;
  secrets: SecretBox;
  timeoutMs?: number;
}) {
  const apiOf = (integration: Integration) => transferVendorApi(integration, timeoutMs);

  function integrationQuery() {
    // api_url set: a transfer-mode integration.
    return db
      .selectFrom('vendors')
      .select(['id', 'code', 'merchant_id', 'currency', 'secret', 'api_url'])
      .where('status', '=', 'active')
      .where('api_url', 'is not', null);
  }

  function toIntegration(
    row: Pick<Selectable<VendorsTable>, 'id' | 'code' | 'merchant_id' | 'currency' | 'secret' | 'api_url'>,
  ): Integration {
    return {
      id: row.id,
      code: row.code,
      merchantId: row.merchant_id,
      currency: row.currency,
      apiUrl: row.api_url!,
      secret: secrets.open('vendor-signing', row.secret),
    };
  }

  async function integrationById(id: number): Promise<Integration> {
    const row = await integrationQuery().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('game.vendor_unavailable');
    return toIntegration(row);
  }

  async function integrationByCode(merchantId: number, code: string): Promise<Integration> {
    const row = await integrationQuery()
      .where('merchant_id', '=', merchantId)
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) throw new AppError('wallet.vendor_not_found');
    return toIntegration(row);
  }

  const mirrorAccount = (memberId: number, integration: Integration) =>
    ({ kind: 'member_game', memberId, vendorCode: integration.code }) as const;

  /** Books the member's result at the vendor: the mirror becomes `target` (in the caller's transaction). */
  async function bookResult(trx: Db, transfer: TransferRow, integration: Integration, target: bigint) {
    const mirror = await ledger.balanceOf(
      transfer.merchant_id,
      integration.currency,
      mirrorAccount(transfer.member_id, integration),
      trx,
    );
    const result = target - mirror;
    if (result === 0n) return;
    await ledger.post(
      {
        merchantId: transfer.merchant_id,
        currency: integration.currency,
        idempotencyKey: `game-result:${transfer.reference}`,
        kind: 'game_result',
        postings: [
          { account: mirrorAccount(transfer.member_id, integration), amount: result },
          { account: { kind: 'vendor', vendorCode: integration.code }, amount: -result },
        ],
        reference: { transfer: transfer.reference },
      },
      trx,
    );
  }

  const moveKey = (transfer: TransferRow) => `game-transfer:${transfer.reference}`;

  /** Main ↔ member_game for a transfer; `sign` 1 moves main → game. */
  function moveBetweenWallets(trx: Db, transfer: TransferRow, integration: Integration, key: string, sign: 1n | -1n) {
    return ledger.post(
      {
        merchantId: transfer.merchant_id,
        currency: integration.currency,
        idempotencyKey: key,
        kind: 'wallet_transfer',
        postings: [
          { account: { kind: 'member_main', memberId: transfer.member_id }, amount: -sign * transfer.amount },
          { account: mirrorAccount(transfer.member_id, integration), amount: sign * transfer.amount },
        ],
        reference: { transfer: transfer.reference, vendor: integration.code, direction: transfer.direction },
      },
      trx,
    );
  }

  /** Locks a pending transfer for its final step; undefined when another settled it first. */
  async function lockPending(trx: Db, id: bigint) {
    return (await trx
      .selectFrom('game_wallet_transfers')
      .selectAll()
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .forUpdate()
      .executeTakeFirst()) as TransferRow | undefined;
  }

  /** The vendor confirmed: book the result up to its balance, move the money (withdrawals), close. */
  async function confirm(transfer: TransferRow, integration: Integration, balanceAfter: bigint) {
    return finish(transfer, async (trx, row) => {
      if (row.direction === 'deposit') {
        await bookResult(trx, row, integration, balanceAfter);
      } else {
        await bookResult(trx, row, integration, balanceAfter + row.amount);
        await moveBetweenWallets(trx, row, integration, moveKey(row), -1n);
      }
      return { state: 'done', game_balance_after: balanceAfter, last_error: null };
    });
  }

  /** The vendor refused: nothing happened on its side; a deposit's money goes back to the main wallet. */
  async function deny(transfer: TransferRow, integration: Integration, reason: string) {
    return finish(transfer, async (trx, row) => {
      if (row.direction === 'deposit') await moveBetweenWallets(trx, row, integration, `${moveKey(row)}:undo`, -1n);
      return { state: 'failed', last_error: reason };
    });
  }

  /**
   * The final step of a transfer, under its row lock and only while it is still pending; when
   * another request or instance settled it first, its outcome is answered instead.
   */
  async function finish(
    transfer: TransferRow,
    step: (
      trx: Db,
      row: TransferRow,
    ) => Promise<Partial<Pick<TransferRow, 'state' | 'game_balance_after' | 'last_error'>>>,
  ): Promise<TransferOutcome> {
    const final = await db.transaction().execute(async (trx) => {
      const row = await lockPending(trx, transfer.id);
      if (!row) return undefined;
      const change = await step(trx, row);
      return (await trx
        .updateTable('game_wallet_transfers')
        .set({ ...change, settled_at: sql`now()` })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow()) as TransferRow;
    });
    return outcomeOf(final ?? (await transferById(transfer.id)));
  }

  async function transferById(id: bigint) {
    return (await db
      .selectFrom('game_wallet_transfers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()) as TransferRow;
  }

  async function stillPending(transfer: TransferRow, error: TransferUncertainError): Promise<TransferOutcome> {
    await db
      .updateTable('game_wallet_transfers')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.message }))
      .where('id', '=', transfer.id)
      .where('state', '=', 'pending')
      .execute();
    return outcomeOf({ ...transfer, state: 'pending' });
  }

  /** The main wallet's balance right after the transfer's own posting (a deposit's, or its undo). */
  async function mainBalanceAfter(transfer: TransferRow): Promise<bigint | undefined> {
    if (transfer.state === 'pending' || (transfer.state === 'failed' && transfer.direction === 'withdraw'))
      return undefined;
    const key = `${moveKey(transfer)}${transfer.state === 'failed' ? ':undo' : ''}`;
    const row = await db
      .selectFrom('ledger_transactions as t')
      .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select('p.balance_after')
      .where('t.merchant_id', '=', transfer.merchant_id)
      .where('t.idempotency_key', '=', key)
      .where('a.kind', '=', 'member_main')
      .executeTakeFirst();
    return row?.balance_after ?? undefined;
  }

  async function outcomeOf(transfer: TransferRow): Promise<TransferOutcome> {
    const mainBalance = await mainBalanceAfter(transfer);
    return {
      transferId: transfer.id.toString(),
      reference: transfer.reference,
      state: transfer.state,
      amount: transfer.amount,
      ...(transfer.game_balance_after === null ? {} : { gameBalance: transfer.game_balance_after }),
      ...(mainBalance === undefined ? {} : { mainBalance }),
      ...(transfer.state === 'failed' && transfer.last_error !== null && { reason: transfer.last_error }),
    };
  }

  /** Sends (or re-sends, same reference) a transfer to the vendor and acts on the answer. */
  async function send(transfer: TransferRow, integration: Integration): Promise<TransferOutcome> {
    const call = apiOf(integration);
    try {
      const answer = await call(transfer.direction, {
        reference: transfer.reference,
        player: playerOf(transfer.member_id),
        currency: integration.currency,
        amount: toDecimalString(transfer.amount),
      });
      return answer.status === 'OK'
        ? await confirm(transfer, integration, parseMinor(answer.balance))
        : await deny(transfer, integration, answer.reason);
    } catch (error) {
      if (error instanceof TransferUncertainError) return stillPending(transfer, error);
      throw error;
    }
  }

  /**
   * Settles a pending transfer: the vendor's status first (it may have applied it), then the same
   * reference again when it never arrived. Safe to run anywhere, any number of times.
   */
  async function settle(transfer: TransferRow): Promise<TransferOutcome> {
    const integration = await integrationById(transfer.integration_id);
    const call = apiOf(integration);
    try {
      const status = await call('status', { reference: transfer.reference });
      if (status.status === 'NOT_FOUND') return await send(transfer, integration);
      if (status.transfer.state === 'denied') {
        return await deny(transfer, integration, status.transfer.reason ?? 'INVALID');
      }
      const balance = await call('balance', { player: playerOf(transfer.member_id), currency: integration.currency });
      return await confirm(transfer, integration, parseMinor(balance.balance));
    } catch (error) {
      if (error instanceof TransferUncertainError) return stillPending(transfer, error);
      throw error;
    }
  }

  /** Settles the wallet's pending transfer, if any; true when the wallet is free afterwards. */
  async function settleWallet(memberId: number, integrationId: number): Promise<boolean> {
    const pending = (await db
      .selectFrom('game_wallet_transfers')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('integration_id', '=', integrationId)
      .where('state', '=', 'pending')
      .executeTakeFirst()) as TransferRow | undefined;
    if (!pending) return true;
    return (await settle(pending)).state !== 'pending';
  }

  interface StartRequest {
    memberId: number;
    merchantId: number;
    integration: Integration;
    direction: Direction;
    amount: bigint;
    origin: Origin;
    requestId?: string;
  }

  /**
   * Creates the transfer (and, for a deposit, takes the money from the main wallet) in one
   * transaction, then sends it. A member's repeated requestId answers the transfer it made.
   */
  async function start(request: StartRequest): Promise<TransferOutcome & { replayed: boolean }> {
    const { integration } = request;
    if (request.requestId) {
      const earlier = await transferByRequest(request.memberId, request.requestId);
      if (earlier) return { ...(await replay(earlier, request)), replayed: true };
    }
    if (!(await settleWallet(request.memberId, integration.id))) throw new AppError('game.transfer_pending');
    const transfer = await db.transaction().execute(async (trx) => {
      const row = (await trx
        .insertInto('game_wallet_transfers')
        .values({
          reference: `kt-${randomUUID()}`,
          merchant_id: request.merchantId,
          member_id: request.memberId,
          integration_id: integration.id,
          direction: request.direction,
          amount: request.amount,
          origin: request.origin,
          request_id: request.requestId ?? null,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst()) as TransferRow | undefined;
      if (!row) return undefined;
      if (row.direction === 'deposit') await moveBetweenWallets(trx, row, integration, moveKey(row), 1n);
      return row;
    });
    if (!transfer) {
      // The same requestId sent twice at once (the insert waited for the other's commit), or
      // another transfer of this wallet started in between.
      const twin = request.requestId ? await transferByRequest(request.memberId, request.requestId) : undefined;
      if (twin) return { ...(await replay(twin, request)), replayed: true };
      throw new AppError('game.transfer_pending');
    }
    return { ...(await send(transfer, integration)), replayed: false };
  }

  async function transferByRequest(memberId: number, requestId: string) {
    return (await db
      .selectFrom('game_wallet_transfers')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('request_id', '=', requestId)
      .executeTakeFirst()) as TransferRow | undefined;
  }

  async function replay(earlier: TransferRow, request: StartRequest): Promise<TransferOutcome> {
    if (
      earlier.integration_id !== request.integration.id ||
      earlier.direction !== request.direction ||
      earlier.amount !== request.amount
    ) {
      throw new AppError('wallet.duplicate_transaction', { idempotencyKey: request.requestId });
    }
    if (earlier.state === 'pending') return settle(earlier);
    return outcomeOf(earlier);
  }

  /** The vendor's balance for the member, and the mirror brought up to it when no transfer is pending. */
  async function vendorBalance(memberId: number, integration: Integration): Promise<bigint> {
    const answer = await apiOf(integration)('balance', { player: playerOf(memberId), currency: integration.currency });
    return parseMinor(answer.balance);
  }

  /** Everything at the vendor back to the main wallet (log-out, another vendor opened). */
  async function withdrawAll(memberId: number, merchantId: number, integration: Integration, origin: Origin) {
    if (!(await settleWallet(memberId, integration.id))) return undefined;
    const amount = await vendorBalance(memberId, integration);
    if (amount <= 0n) return undefined;
    return start({ memberId, merchantId, integration, direction: 'withdraw', amount, origin });
  }

  /** Transfer integrations the member has ever moved money to. */
  async function walletsOf(memberId: number, exceptIntegrationId?: number): Promise<Integration[]> {
    let query = db
      .selectFrom('game_wallet_transfers')
      .select('integration_id')
      .distinct()
      .where('member_id', '=', memberId);
    if (exceptIntegrationId !== undefined) query = query.where('integration_id', '<>', exceptIntegrationId);
    const ids = (await query.execute()).map((r) => r.integration_id);
    return Promise.all(ids.map(integrationById));
  }

  return {
    integrationByCode,
    integrationById,
    vendorBalance,

    /** The vendor's game screen for the member (its `launch` call); game.vendor_unavailable when it does not answer. */
    async launchUrl(
      memberId: number,
      integration: Integration,
      game: { gameCode: string; language: 'bn' | 'en'; backUrl: string },
    ): Promise<string> {
      try {
        const answer = await apiOf(integration)('launch', {
          player: playerOf(memberId),
          currency: integration.currency,
          ...game,
        });
        return answer.url;
      } catch (error) {
        if (error instanceof TransferUncertainError) throw new AppError('game.vendor_unavailable');
        throw error;
      }
    },

    /** GCS_walletTransfer: a member's own move, idempotent by requestId. */
    transfer(
      member: { id: number; merchantId: number },
      integration: Integration,
      direction: 'toGame' | 'toMain',
      amount: bigint,
      requestId: string,
    ) {
      return start({
        memberId: member.id,
        merchantId: member.merchantId,
        integration,
        direction: direction === 'toGame' ? 'deposit' : 'withdraw',
        amount,
        origin: 'member',
        requestId,
      });
    },

    /**
     * Before a transfer vendor's game opens (§6 auto-transfer): everything at the member's other
     * transfer vendors comes back, then the whole main wallet goes to this one. A vendor that does
     * not answer keeps its money until it is settled; the launch goes on.
     */
    async moveAllInto(
      member: { id: number; merchantId: number },
      integration: Integration,
      mainBalance: () => Promise<bigint>,
    ) {
      for (const other of await walletsOf(member.id, integration.id)) {
        await withdrawAll(member.id, member.merchantId, other, 'switch').catch(ignoreVendorTrouble);
      }
      if (!(await settleWallet(member.id, integration.id))) return undefined;
      const amount = await mainBalance();
      if (amount <= 0n) return undefined;
      return start({
        memberId: member.id,
        merchantId: member.merchantId,
        integration,
        direction: 'deposit',
        amount,
        origin: 'launch',
      });
    },

    /** Log-out: every transfer vendor's money back to the main wallet (best effort; the rest settles later). */
    async withdrawEverything(member: { id: number; merchantId: number }) {
      for (const integration of await walletsOf(member.id)) {
        await withdrawAll(member.id, member.merchantId, integration, 'logout').catch(ignoreVendorTrouble);
      }
    },

    /**
     * Reconciliation (at start and on a schedule): every transfer pending for longer than
     * `olderThanMs` is settled. Any instance may run it at any time: the final step of each
     * transfer locks its row and acts only while it is still pending.
     */
    async reconcile(olderThanMs = 30_000): Promise<{ settled: number; pending: number }> {
      const rows = (await db
        .selectFrom('game_wallet_transfers')
        .selectAll()
        .where('state', '=', 'pending')
        .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
        .orderBy('id')
        .limit(500)
        .execute()) as TransferRow[];
      let settled = 0;
      for (const row of rows) {
        const outcome = await settle(row).catch(() => undefined);
        if (outcome && outcome.state !== 'pending') settled++;
      }
      return { settled, pending: rows.length - settled };
    },
  };
}
export type GameWallets = ReturnType<typeof gameWallets>;

/** A vendor that cannot be reached or an integration switched off must not stop a launch or log-out. */
function ignoreVendorTrouble(error: unknown) {
  if (error instanceof TransferUncertainError || error instanceof AppError) return undefined;
  throw error;
}
