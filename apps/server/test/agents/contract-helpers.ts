import { sql } from 'kysely';
import type { ContractKind, StoredTerms } from '@khela/contracts';
import type { TestApp } from '../helpers/test-app.ts';

/** A live contract written straight into the table (the house's, or an upline's when `offererId` is set). */
export async function liveContract(
  t: TestApp,
  merchantId: number,
  options: { memberId: number; kind: ContractKind; terms: StoredTerms; activatedAt?: Date; offererId?: number | null },
): Promise<bigint> {
  const row = await t.db
    .insertInto('agent_contracts')
    .values({
      merchant_id: merchantId,
      kind: options.kind,
      offerer_id: options.offererId ?? null,
      member_id: options.memberId,
      terms: JSON.stringify(options.terms),
      state: 'active',
      activated_at: options.activatedAt ?? new Date(Date.now() - 60_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const tier = (activeMembers: number, validBet: bigint, rateBp: number) => ({
  activeMembers,
  validBet: validBet.toString(),
  rateBp,
});

/** A day of team figures as migration 0019 keeps them (the trigger's output, written directly). */
export async function dailyStats(
  t: TestApp,
  merchantId: number,
  memberId: number,
  day: string,
  validBet: bigint,
  profitLoss: bigint,
  productType = 'RNG',
) {
  await sql`
    INSERT INTO member_daily_stats (merchant_id, member_id, day, product_type, bet_count, valid_bet, payout, profit_loss)
    VALUES (${merchantId}, ${memberId}, ${day}::date, ${productType}, 1, ${validBet}, ${validBet + profitLoss}, ${profitLoss})
    ON CONFLICT (member_id, day, product_type) DO UPDATE
      SET valid_bet = member_daily_stats.valid_bet + EXCLUDED.valid_bet,
          payout = member_daily_stats.payout + EXCLUDED.payout,
          profit_loss = member_daily_stats.profit_loss + EXCLUDED.profit_loss`.execute(t.db);
}

export async function hourlyStats(
  t: TestApp,
  merchantId: number,
  memberId: number,
  hour: Date,
  validBet: bigint,
  profitLoss: bigint,
) {
  await sql`
    INSERT INTO member_hourly_stats (merchant_id, member_id, hour, product_type, bet_count, valid_bet, payout, profit_loss)
    VALUES (${merchantId}, ${memberId}, ${hour}, 'RNG', 1, ${validBet}, ${validBet + profitLoss}, ${profitLoss})`.execute(
    t.db,
  );
}

export async function payoutsOf(t: TestApp, contractId: bigint) {
  return t.db
    .selectFrom('agent_contract_payouts')
    .selectAll()
    .where('contract_id', '=', contractId)
    .orderBy('period_start')
    .execute();
}

export async function inboxKinds(t: TestApp, memberId: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('member_inbox')
    .select('kind')
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}
