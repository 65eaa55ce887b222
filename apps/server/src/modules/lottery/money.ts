import { ownBookIntegration } from '../games/own-book-catalogue.ts';
import { keptPerKey } from '../../cache/kept-per-key.ts';
import type { Db } from '../../db/database.ts';
import type { SeamlessKind } from '../../db/schema.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import {
  ownBookMoveRequest,
  ownBookRecord,
  ownBookSession,
  postOwnBookMove,
  type OwnBookMove,
  type OwnBookMoveRequest,
} from '../games/inhouse/inhouse-wallet.ts';

/** The integration the lottery books its money under: one per merchant (vendor codes are global). */
export const lotteryIntegrationCode = (merchantId: number) => `LOTTERY_${merchantId}`;

export interface LotteryIntegration {
  id: number;
  code: string;
}

/** What the wallet needs of a purchase. */
export interface PurchaseMoney {
  purchaseId: bigint;
  merchantId: number;
  memberId: number;
  currency: string;
  gameSessionId: bigint;
  integration: LotteryIntegration;
}

const roundIdOf = (purchaseId: bigint) => `lottery-${purchaseId}`;

/**
 * The lottery's money (ADR 0021), by the seamless wallet's rules like our in-house games
 * (inhouse-wallet.ts), in the caller's transaction: a purchase is one ledger transaction for its
 * stake (`lottery:<purchase>:stake`, seamless.bet) and at most one more for its win or refund
 * (`lottery:<purchase>:win` / `:refund`), between the member's main wallet and the merchant's
 * lottery integration; beside each a seamless record naming the purchase's game session, so the
 * betting record, the winner board and the agent statistics (product type LOTT or ELOTT from the
 * catalogue game, migration 0019) see tickets like any vendor's rounds.
 */
export function lotteryMoney({ db, ledger, secrets }: { db: Db; ledger: Ledger; secrets?: SecretBox | undefined }) {
  const integrations = keptPerKey<number, LotteryIntegration>();

  /**
   * Inside a transaction, pass it: settlement lanes holding every pooled connection must not wait
   * for another.
   */
  function integrationOf(merchantId: number, executor: Db = db): Promise<LotteryIntegration> {
    return integrations.get(merchantId, () =>
      // Made by the first purchase; the draw pass (no secret box) only settles what was bought.
      ownBookIntegration(
        db,
        secrets,
        merchantId,
        { code: lotteryIntegrationCode(merchantId), name: 'Khela lottery' },
        executor,
      ),
    );
  }

  /** The member's session of a lottery game: it names the game in records and statistics. */
  const sessionOf = (
    trx: Db,
    integration: LotteryIntegration,
    member: { id: number; merchantId: number },
    gameId: number,
  ) => ownBookSession(trx, { merchantId: member.merchantId, integrationId: integration.id, gameId }, member.id);

  const recordOf = (money: PurchaseMoney, kind: SeamlessKind, amount: bigint, ledgerTransactionId: bigint | null) =>
    ownBookRecord(
      {
        book: 'lottery',
        roundId: roundIdOf(money.purchaseId),
        merchantId: money.merchantId,
        integrationId: money.integration.id,
        memberId: money.memberId,
        gameSessionId: money.gameSessionId,
      },
      kind,
      amount,
      ledgerTransactionId,
    );

  async function record(
    trx: Db,
    money: PurchaseMoney,
    kind: SeamlessKind,
    amount: bigint,
    ledgerTransactionId: bigint | null,
  ) {
    await trx
      .insertInto('seamless_transactions')
      .values(recordOf(money, kind, amount, ledgerTransactionId))
      .execute();
  }

  const moveOf = (money: PurchaseMoney, kind: OwnBookMove, toMember: bigint): OwnBookMoveRequest => ({
    ...money,
    idempotencyKey: `lottery:${money.purchaseId}:${kind}`,
    kind,
    toMember,
    reference: { lotteryPurchase: money.purchaseId.toString() },
  });
  const move = (trx: Db, money: PurchaseMoney, kind: OwnBookMove, toMember: bigint) =>
    postOwnBookMove(ledger, trx, moveOf(money, kind, toMember));

  return {
    integrationOf,
    sessionOf,

    /** Takes the stake (refused with wallet.insufficient_funds, nothing written); the balance after. */
    async stake(trx: Db, money: PurchaseMoney, total: bigint): Promise<bigint> {
      const moved = await move(trx, money, 'stake', -total);
      await record(trx, money, 'bet', total, moved.transactionId);
      return moved.balanceAfter;
    },

    /**
     * settle() for many purchases: every win posted by one ledger statement (in member order, so
     * two settlers of one member cannot deadlock), then every record by one statement.
     */
    async settleMany(trx: Db, settled: { money: PurchaseMoney; payout: bigint }[]): Promise<void> {
      if (settled.length === 0) return;
      const wins = settled
        .filter(({ payout }) => payout > 0n)
        .sort(
          (a, b) =>
            a.money.memberId - b.money.memberId ||
            (a.money.purchaseId < b.money.purchaseId ? -1 : a.money.purchaseId > b.money.purchaseId ? 1 : 0),
        );
      const transactionIds = await ledger.postMany(
        wins.map(({ money, payout }) => ownBookMoveRequest(moveOf(money, 'win', payout))),
        trx,
      );
      const transactionOf = new Map(wins.map(({ money }, index) => [money.purchaseId, transactionIds[index]!]));
      await trx
        .insertInto('seamless_transactions')
        .values(
          settled.map(({ money, payout }) =>
            recordOf(money, 'win', payout, transactionOf.get(money.purchaseId) ?? null),
          ),
        )
        .execute();
    },

    /** Pays what the tickets won (0: the loss is recorded, nothing posted). */
    async settle(trx: Db, money: PurchaseMoney, payout: bigint): Promise<void> {
      if (payout === 0n) return record(trx, money, 'win', 0n, null);
      const moved = await move(trx, money, 'win', payout);
      await record(trx, money, 'win', payout, moved.transactionId);
    },

    /** Gives the whole stake back (a void draw). */
    async refund(trx: Db, money: PurchaseMoney, total: bigint): Promise<void> {
      const moved = await move(trx, money, 'refund', total);
      await record(trx, money, 'rollback', total, moved.transactionId);
    },
  };
}
export type LotteryMoney = ReturnType<typeof lotteryMoney>;
