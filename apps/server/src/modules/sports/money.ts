import { createHash, randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SportsSlipsTable } from '../../db/schema.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { SportsVendorBook } from './vendor.ts';

export type SlipRow = Selectable<SportsSlipsTable>;

/** How long the book's game session (the records' link from a slip to its game) is reused. */
const SESSION_HOURS = 12;

/** The member's session of the book's game of a kind: it names the game of each slip for records and reports. */
export async function sessionOf(trx: Db, book: SportsVendorBook, memberId: number, gameId: number): Promise<bigint> {
  const found = await trx
    .selectFrom('game_sessions')
    .select('id')
    .where('member_id', '=', memberId)
    .where('vendor_id', '=', book.integrationId)
    .where('game_id', '=', gameId)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (found) return found.id;
  const created = await trx
    .insertInto('game_sessions')
    .values({
      merchant_id: book.merchantId,
      vendor_id: book.integrationId,
      member_id: memberId,
      token_hash: createHash('sha256').update(randomUUID()).digest(),
      game_id: gameId,
      expires_at: sql<Date>`now() + make_interval(hours => ${SESSION_HOURS})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** One seamless record of a slip's money (bet, win, rollback): what the betting record and agent reports read. */
export async function recordSeamless(
  trx: Db,
  book: SportsVendorBook,
  slip: SlipRow,
  kind: 'bet' | 'win' | 'rollback',
  amount: bigint,
  ledgerTransactionId: bigint | null,
) {
  const id = slip.id.toString();
  await trx
    .insertInto('seamless_transactions')
    .values({
      merchant_id: slip.merchant_id,
      vendor_id: book.integrationId,
      vendor_tx_id: `${id}:${kind}`,
      kind,
      member_id: slip.member_id,
      round_id: id,
      amount,
      reference_tx_id: kind === 'bet' ? null : `${id}:bet`,
      fingerprint: createHash('sha256').update(`sports:${id}:${kind}:${amount}`).digest(),
      response: '{}',
      ledger_transaction_id: ledgerTransactionId,
      game_session_id: slip.game_session_id,
    })
    .execute();
}

const LEDGER_KINDS = {
  stake: 'seamless.bet',
  win: 'seamless.win',
  refund: 'seamless.rollback',
  cashout: 'seamless.win',
  resettle: 'sports.resettle',
} as const;

/**
 * One keyed ledger transaction between the member's main wallet and the book (the integration):
 * sports:<slip>:stake | win | refund | cashout | resettle:<n>. toMember < 0 takes money from the member.
 */
export async function moveMoney(
  ledger: Ledger,
  trx: Db,
  book: SportsVendorBook,
  slip: SlipRow,
  kind: keyof typeof LEDGER_KINDS,
  toMember: bigint,
  sequence?: number,
): Promise<bigint> {
  const posted = await ledger.post(
    {
      merchantId: slip.merchant_id,
      currency: slip.currency,
      idempotencyKey: `sports:${slip.id}:${kind}${sequence === undefined ? '' : `:${sequence}`}`,
      kind: LEDGER_KINDS[kind],
      postings: [
        { account: { kind: 'member_main', memberId: slip.member_id }, amount: toMember },
        { account: { kind: 'vendor', vendorCode: book.integrationCode }, amount: -toMember },
      ],
      reference: { sportsSlip: slip.id.toString() },
    },
    trx,
  );
  return posted.transactionId;
}
