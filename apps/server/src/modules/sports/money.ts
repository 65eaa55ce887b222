import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SportsSlipsTable } from '../../db/schema.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { SportsVendorBook } from './vendor.ts';
import { ownBookRecord, postOwnBookMove, type OwnBookMove } from '../games/inhouse/inhouse-wallet.ts';

export type SlipRow = Selectable<SportsSlipsTable>;

/** One seamless record of a slip's money (bet, win, rollback): what the betting record and agent reports read. */
export async function recordSeamless(
  trx: Db,
  book: SportsVendorBook,
  slip: SlipRow,
  kind: 'bet' | 'win' | 'rollback',
  amount: bigint,
  ledgerTransactionId: bigint | null,
) {
  const round = {
    book: 'sports',
    roundId: slip.id.toString(),
    merchantId: slip.merchant_id,
    integrationId: book.integrationId,
    memberId: slip.member_id,
    gameSessionId: slip.game_session_id,
  };
  await trx
    .insertInto('seamless_transactions')
    .values(ownBookRecord(round, kind, amount, ledgerTransactionId))
    .execute();
}

/**
 * One keyed ledger transaction between the member's main wallet and the book (the integration):
 * sports:<slip>:stake | win | refund | cashout | resettle:<n>. toMember < 0 takes money from the member.
 */
export async function moveMoney(
  ledger: Ledger,
  trx: Db,
  book: SportsVendorBook,
  slip: SlipRow,
  kind: OwnBookMove,
  toMember: bigint,
  sequence?: number,
): Promise<bigint> {
  const posted = await postOwnBookMove(ledger, trx, {
    merchantId: slip.merchant_id,
    currency: slip.currency,
    memberId: slip.member_id,
    integration: { code: book.integrationCode },
    idempotencyKey: `sports:${slip.id}:${kind}${sequence === undefined ? '' : `:${sequence}`}`,
    kind,
    toMember,
    reference: { sportsSlip: slip.id.toString() },
  });
  return posted.transactionId;
}
