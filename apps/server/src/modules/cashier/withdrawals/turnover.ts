import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/**
 * Turnover requirements (issue 5 item 4): wagering a bonus leaves to do before the member may
 * withdraw. Bonuses add them; bets reduce them (the games issue calls reduceTurnover).
 */
export async function addTurnoverRequirement(
  db: Db,
  requirement: { merchantId: number; memberId: number; amount: bigint; source: string },
): Promise<void> {
  await db
    .insertInto('turnover_requirements')
    .values({
      merchant_id: requirement.merchantId,
      member_id: requirement.memberId,
      source: requirement.source,
      amount: requirement.amount,
      remaining: requirement.amount,
    })
    .execute();
}

/** Counts `amount` of wagering against the member's open requirements, oldest first. */
export async function reduceTurnover(trx: Db, memberId: number, amount: bigint): Promise<void> {
  let left = amount;
  const open = await trx
    .selectFrom('turnover_requirements')
    .select(['id', 'remaining'])
    .where('member_id', '=', memberId)
    .where('remaining', '>', 0n)
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const requirement of open) {
    if (left <= 0n) break;
    const used = requirement.remaining < left ? requirement.remaining : left;
    await trx
      .updateTable('turnover_requirements')
      .set({ remaining: sql<bigint>`remaining - ${used}` })
      .where('id', '=', requirement.id)
      .execute();
    left -= used;
  }
}

export async function remainingTurnover(db: Db, memberId: number): Promise<bigint> {
  const row = await db
    .selectFrom('turnover_requirements')
    .select(sql<string>`coalesce(sum(remaining), 0)::text`.as('remaining'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return BigInt(row.remaining);
}
