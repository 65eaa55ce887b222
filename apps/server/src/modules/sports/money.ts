import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SportsSlipsTable } from '../../db/schema.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { SportsVendorBook } from './vendor.ts';

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
