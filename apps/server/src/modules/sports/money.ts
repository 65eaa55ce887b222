import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SportsSlipsTable } from '../../db/schema.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { SportsVendorBook } from './vendor.ts';
import {
  ownBookMoveRequest,
  ownBookRecord,
  postOwnBookMove,
  type OwnBookMove,
} from '../games/inhouse/inhouse-wallet.ts';

export type SlipRow = Selectable<SportsSlipsTable>;
/** What the book's money needs of it: the merchant's sports integration. */
export type BookAccount = Pick<SportsVendorBook, 'integrationId' | 'integrationCode'>;

/** One seamless record of a slip's money (bet, win, rollback): what the betting record and agent reports read. */
export const seamlessRecord = (
  book: BookAccount,
  slip: SlipRow,
  kind: 'bet' | 'win' | 'rollback',
  amount: bigint,
  ledgerTransactionId: bigint | null,
) =>
  ownBookRecord(
    {
      book: 'sports',
      roundId: slip.id.toString(),
      merchantId: slip.merchant_id,
      integrationId: book.integrationId,
      memberId: slip.member_id,
      gameSessionId: slip.game_session_id,
    },
    kind,
    amount,
    ledgerTransactionId,
  );

export async function recordSeamless(
  trx: Db,
  book: BookAccount,
  slip: SlipRow,
  kind: 'bet' | 'win' | 'rollback',
  amount: bigint,
  ledgerTransactionId: bigint | null,
) {
  await trx
    .insertInto('seamless_transactions')
    .values(seamlessRecord(book, slip, kind, amount, ledgerTransactionId))
    .execute();
}

export const moveOf = (book: BookAccount, slip: SlipRow, kind: OwnBookMove, toMember: bigint, sequence?: number) => ({
  merchantId: slip.merchant_id,
  currency: slip.currency,
  memberId: slip.member_id,
  integration: { code: book.integrationCode },
  idempotencyKey: `sports:${slip.id}:${kind}${sequence === undefined ? '' : `:${sequence}`}`,
  kind,
  toMember,
  reference: { sportsSlip: slip.id.toString() },
});

/** The ledger request of a slip's move (the settlement posts many in one statement). */
export const moveRequest = (book: BookAccount, slip: SlipRow, kind: OwnBookMove, toMember: bigint, sequence?: number) =>
  ownBookMoveRequest(moveOf(book, slip, kind, toMember, sequence));

/**
 * One keyed ledger transaction between the member's main wallet and the book (the integration):
 * sports:<slip>:stake | win | refund | cashout | resettle:<n>. toMember < 0 takes money from the member.
 */
export async function moveMoney(
  ledger: Ledger,
  trx: Db,
  book: BookAccount,
  slip: SlipRow,
  kind: OwnBookMove,
  toMember: bigint,
  sequence?: number,
): Promise<bigint> {
  const posted = await postOwnBookMove(ledger, trx, moveOf(book, slip, kind, toMember, sequence));
  return posted.transactionId;
}
