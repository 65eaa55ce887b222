import type { Db } from '../../db/database.ts';
import { addTurnoverRequirement } from '../cashier/withdrawals/turnover.ts';
import type { Ledger } from './ledger.ts';

export interface HousePayout {
  merchant: { id: number; currency: string };
  memberId: number;
  amount: bigint;
  idempotencyKey: string;
  kind: string;
  reference: Record<string, unknown>;
  /** Bonus money (rebates, VIP bonuses) must be played through once before it can be withdrawn. */
  turnover?: boolean;
}

/**
 * What the house pays a member — referral rewards, rebates, VIP bonuses: one transaction from the
 * house to the member's main wallet (and the turnover it carries), inside the caller's
 * transaction, beside the caller's own record of it. The transaction's id.
 */
export async function payFromHouse(trx: Db, ledger: Ledger, payout: HousePayout): Promise<bigint> {
  const { merchant, memberId, amount, idempotencyKey } = payout;
  const posted = await ledger.post(
    {
      merchantId: merchant.id,
      currency: merchant.currency,
      idempotencyKey,
      kind: payout.kind,
      postings: [
        { account: { kind: 'house' }, amount: -amount },
        { account: { kind: 'member_main', memberId }, amount },
      ],
      reference: payout.reference,
    },
    trx,
  );
  if (payout.turnover) {
    await addTurnoverRequirement(trx, { merchantId: merchant.id, memberId, amount, source: idempotencyKey });
  }
  return posted.transactionId;
}

/** `YYYY-MM-DD` + n days (calendar days, no time zone involved). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
