import type { Db } from '../../db/database.ts';
import type { PointEntriesTable } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

export type PointEntryKind = PointEntriesTable['kind'];

export interface PointPosting {
  merchantId: number;
  memberId: number;
  /** Unique per merchant; always names the member, so two members never share one. */
  idempotencyKey: string;
  kind: PointEntryKind;
  /** Whole points; positive earns, negative spends. */
  amount: bigint;
  remark: string;
  reference?: Record<string, unknown>;
}

export interface PostedPoints {
  entryId: bigint;
  /** The member's points after this entry (after the first posting of the key, on a replay: now). */
  balance: bigint;
  replayed: boolean;
}

/**
 * The points ledger (issue 14 item 3, same rules as money): one immutable entry per change,
 * unique per (merchant, key); the member's stored balance moves with it and never goes below
 * zero. Changes of one member queue on the account row (FOR NO KEY UPDATE), so a key posted twice
 * at once is found by the later one and answered as a replay; the same key with other content is
 * points.request_reused. Runs inside the caller's transaction.
 */
export async function postPoints(trx: Db, posting: PointPosting): Promise<PostedPoints> {
  const { merchantId, memberId, idempotencyKey, kind, amount } = posting;
  if (amount === 0n) throw new Error('a points entry of zero');
  await trx
    .insertInto('point_accounts')
    .values({ member_id: memberId, merchant_id: merchantId })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  const account = await trx
    .selectFrom('point_accounts')
    .select('balance')
    .where('member_id', '=', memberId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  const existing = await trx
    .selectFrom('point_entries')
    .select(['id', 'member_id', 'kind', 'amount'])
    .where('merchant_id', '=', merchantId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  if (existing) {
    if (existing.member_id !== memberId || existing.kind !== kind || existing.amount !== amount) {
      throw new AppError('points.request_reused');
    }
    return { entryId: existing.id, balance: account.balance, replayed: true };
  }
  const balance = account.balance + amount;
  if (balance < 0n) throw new AppError('points.insufficient', { points: account.balance.toString() });
  await trx
    .updateTable('point_accounts')
    .set({ balance, updated_at: new Date() })
    .where('member_id', '=', memberId)
    .execute();
  const entry = await trx
    .insertInto('point_entries')
    .values({
      merchant_id: merchantId,
      member_id: memberId,
      idempotency_key: idempotencyKey,
      kind,
      amount,
      balance_after: balance,
      remark: posting.remark,
      reference: JSON.stringify(posting.reference ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { entryId: entry.id, balance, replayed: false };
}

export async function pointBalanceOf(db: Db, memberId: number): Promise<bigint> {
  const row = await db
    .selectFrom('point_accounts')
    .select('balance')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}
