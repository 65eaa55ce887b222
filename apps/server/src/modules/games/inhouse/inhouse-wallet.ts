import { createHash, randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { ownBookIntegration } from '../own-book-catalogue.ts';
import { keptPerKey } from '../../../cache/kept-per-key.ts';
import type { Db } from '../../../db/database.ts';
import type { SeamlessKind, SeamlessTransactionsTable } from '../../../db/schema.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { hashSecretToken } from '../../sessions/secret-token.ts';

/** The integration our own games book their money under: one per merchant (vendor codes are global). */
export const inhouseIntegrationCode = (merchantId: number) => `INHOUSE_${merchantId}`;

export interface InhouseIntegration {
  id: number;
  code: string;
  currency: string;
}

/** What the wallet needs of a round: who plays, in which currency, through which session. */
export interface RoundMoney {
  roundId: bigint;
  merchantId: number;
  memberId: number;
  currency: string;
  integration: InhouseIntegration;
  gameSessionId: bigint;
}

/**
 * The in-house wallet (ARCHITECTURE §5, ADR 0011): our games move money by the seamless wallet's
 * rules, called in process inside the round's own database transaction, so a round and its money
 * commit together or not at all. A round's stake (and, when it settles at once, its win) is posted
 * by inhouse_round() (migration 0015) under the same rules; this module settles and refunds the
 * rounds that stay open. Each round is one ledger transaction for the stake
 * (`inhouse:<round>:stake`, kind seamless.bet) and at most one for the win or the refund
 * (`inhouse:<round>:win`, seamless.win; `inhouse:<round>:refund`, seamless.rollback), between the
 * member's main wallet and the merchant's in-house integration; beside each, the seamless record
 * (bet, win, rollback) that betting records, the winner board and the jackpot read, the win and
 * the refund naming the game session, so every read of a vendor's rounds sees ours too.
 */
/**
 * The member's session of one of our own books' games (the lottery, cockfight, the sportsbook),
 * made once and kept: each bet names it, so the betting record and the agent reports read its game
 * and product type as they read a vendor's. Its token is one nobody holds and it is born expired:
 * no vendor ever calls with it.
 */
export async function ownBookSession(
  trx: Db,
  book: { merchantId: number; integrationId: number; gameId: number },
  memberId: number,
): Promise<bigint> {
  const known = await trx
    .selectFrom('game_sessions')
    .select('id')
    .where('member_id', '=', memberId)
    .where('vendor_id', '=', book.integrationId)
    .where('game_id', '=', book.gameId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (known) return known.id;
  const made = await trx
    .insertInto('game_sessions')
    .values({
      merchant_id: book.merchantId,
      vendor_id: book.integrationId,
      member_id: memberId,
      token_hash: hashSecretToken(randomBytes(32).toString('hex')),
      game_id: book.gameId,
      expires_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return made.id;
}

/**
 * The seamless record of one of our own books' money movements (bet, win, rollback), as a vendor's
 * would be: the betting record, agent reports and the winner board read it. `book` prefixes the
 * fingerprint (`<book>:<round>:<kind>:<amount>`).
 */
export function ownBookRecord(
  round: {
    book: string;
    roundId: string;
    merchantId: number;
    integrationId: number;
    memberId: number;
    gameSessionId: bigint | null;
  },
  kind: SeamlessKind,
  amount: bigint,
  ledgerTransactionId: bigint | null,
): Insertable<SeamlessTransactionsTable> {
  return {
    merchant_id: round.merchantId,
    vendor_id: round.integrationId,
    vendor_tx_id: `${round.roundId}:${kind}`,
    kind,
    member_id: round.memberId,
    round_id: round.roundId,
    amount,
    reference_tx_id: kind === 'bet' ? null : `${round.roundId}:bet`,
    fingerprint: createHash('sha256').update(`${round.book}:${round.roundId}:${kind}:${amount}`).digest(),
    response: '{}',
    ledger_transaction_id: ledgerTransactionId,
    game_session_id: round.gameSessionId,
  };
}

const OWN_BOOK_LEDGER_KINDS = {
  stake: 'seamless.bet',
  win: 'seamless.win',
  refund: 'seamless.rollback',
  cashout: 'seamless.win',
  // A corrected sports result paid or taken back by the difference (ADR 0024).
  resettle: 'sports.resettle',
} as const;
export type OwnBookMove = keyof typeof OWN_BOOK_LEDGER_KINDS;

/**
 * One movement of our own books (in-house games, the lottery, cockfight, the sportsbook) between the
 * member's main wallet and the book's integration account, posted under `idempotencyKey`; the
 * member's balance after it. toMember < 0 takes money from the member.
 */
export interface OwnBookMoveRequest {
  merchantId: number;
  currency: string;
  memberId: number;
  integration: { code: string };
  idempotencyKey: string;
  kind: OwnBookMove;
  toMember: bigint;
  reference: Record<string, string>;
}

/** The ledger request of an own-book move (also posted many at once: the sports settlement). */
export const ownBookMoveRequest = (move: OwnBookMoveRequest) => ({
  merchantId: move.merchantId,
  currency: move.currency,
  idempotencyKey: move.idempotencyKey,
  kind: OWN_BOOK_LEDGER_KINDS[move.kind],
  postings: [
    { account: { kind: 'member_main' as const, memberId: move.memberId }, amount: move.toMember },
    { account: { kind: 'vendor' as const, vendorCode: move.integration.code }, amount: -move.toMember },
  ],
  reference: move.reference,
});

export async function postOwnBookMove(
  ledger: Ledger,
  trx: Db,
  move: OwnBookMoveRequest,
): Promise<{ transactionId: bigint; balanceAfter: bigint }> {
  const posted = await ledger.post(ownBookMoveRequest(move), trx);
  const member = posted.postings.find((p) => p.balanceAfter !== null);
  return { transactionId: posted.transactionId, balanceAfter: member!.balanceAfter! };
}

export function inhouseWallet({ db, ledger, secrets }: { db: Db; ledger: Ledger; secrets: SecretBox }) {
  const integrations = keptPerKey<number, InhouseIntegration>();

  /**
   * The merchant's in-house integration, created on first use. It is disabled for the seamless
   * API (its secret is never shown; no vendor can call as it): only this module books under it.
   * Inside a transaction, pass it (a round being settled was staked, so the row exists then).
   */
  function integrationOf(merchantId: number, executor: Db = db): Promise<InhouseIntegration> {
    return integrations.get(merchantId, () =>
      ownBookIntegration(
        db,
        secrets,
        merchantId,
        { code: inhouseIntegrationCode(merchantId), name: 'Khela in-house games' },
        executor,
      ),
    );
  }

  const fingerprint = (text: string) => createHash('sha256').update(text).digest();

  async function record(
    trx: Db,
    round: RoundMoney,
    kind: SeamlessKind,
    amount: bigint,
    ledgerTransactionId: bigint | null,
  ) {
    const id = round.roundId.toString();
    await trx
      .insertInto('seamless_transactions')
      .values({
        merchant_id: round.merchantId,
        vendor_id: round.integration.id,
        vendor_tx_id: `${id}:${kind}`,
        kind,
        member_id: round.memberId,
        round_id: id,
        amount,
        reference_tx_id: kind === 'bet' ? null : `${id}:bet`,
        fingerprint: fingerprint(`inhouse:${id}:${kind}:${amount}`),
        response: '{}',
        ledger_transaction_id: ledgerTransactionId,
        game_session_id: kind === 'bet' ? null : round.gameSessionId,
      })
      .execute();
  }

  const move = (trx: Db, round: RoundMoney, kind: OwnBookMove, toMember: bigint) =>
    postOwnBookMove(ledger, trx, {
      ...round,
      idempotencyKey: `inhouse:${round.roundId}:${kind}`,
      kind,
      toMember,
      reference: { round: round.roundId.toString() },
    });

  return {
    integrationOf,

    /**
     * Settles the round with what it pays back (0 on a loss: recorded, nothing posted), given the
     * balance it would otherwise leave; the balance after.
     */
    async settle(trx: Db, round: RoundMoney, payout: bigint, balance: () => Promise<bigint>): Promise<bigint> {
      if (payout === 0n) {
        await record(trx, round, 'win', 0n, null);
        return balance();
      }
      const moved = await move(trx, round, 'win', payout);
      await record(trx, round, 'win', payout, moved.transactionId);
      return moved.balanceAfter;
    },

    /** Gives the stake back (a round that cannot be completed). */
    async refund(trx: Db, round: RoundMoney, stake: bigint): Promise<bigint> {
      const moved = await move(trx, round, 'refund', stake);
      await record(trx, round, 'rollback', stake, moved.transactionId);
      return moved.balanceAfter;
    },
  };
}
export type InhouseWallet = ReturnType<typeof inhouseWallet>;
