import { sql } from 'kysely';
import { DEPOSIT_LIMIT_PERIODS } from '@khela/contracts';
import { toDecimalString } from '@khela/money';
import type { Db } from '../../../db/database.ts';
import type { DepositLimitPeriod } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { lockMember } from '../../members/repository.ts';

/** The rolling window of each limit: 24 hours, 7 days, 1 month (30 days). */
export const PERIOD_INTERVALS: Record<DepositLimitPeriod, string> = {
  day: '24 hours',
  week: '7 days',
  month: '30 days',
};
/** Responsible gambling: a raise (or removal) of a limit takes effect only after this wait. */
const RAISE_DELAY = '24 hours';

interface LimitState {
  period: DepositLimitPeriod;
  /** In force now; null: no limit. */
  amount: bigint | null;
  pending: { amount: bigint | null; effectiveAt: Date } | null;
}

/** Deposits that count against a limit: approved and still pending ones. */
async function usedIn(db: Db, memberId: number, period: DepositLimitPeriod): Promise<bigint> {
  const row = await db
    .selectFrom('deposits')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('used'))
    .where('member_id', '=', memberId)
    .where('status', 'in', ['pending', 'approved'])
    .where('created_at', '>', sql<Date>`now() - ${PERIOD_INTERVALS[period]}::interval`)
    .executeTakeFirstOrThrow();
  return BigInt(row.used);
}

/** The member's limits as in force now: a pending raise whose time has come counts as applied. */
async function statesOf(db: Db, memberId: number): Promise<Map<DepositLimitPeriod, LimitState>> {
  const rows = await db
    .selectFrom('deposit_limits')
    .select(['period', 'amount', 'pending_amount', 'pending_effective_at', sql<Date>`now()`.as('now')])
    .where('member_id', '=', memberId)
    .execute();
  const states = new Map<DepositLimitPeriod, LimitState>();
  for (const row of rows) {
    const matured = row.pending_effective_at !== null && row.pending_effective_at <= row.now;
    states.set(row.period, {
      period: row.period,
      amount: matured ? row.pending_amount : row.amount,
      pending:
        row.pending_effective_at && !matured
          ? { amount: row.pending_amount, effectiveAt: row.pending_effective_at }
          : null,
    });
  }
  return states;
}

export function depositLimits({ db }: { db: Db }) {
  async function view(database: Db, memberId: number) {
    const states = await statesOf(database, memberId);
    return Promise.all(
      DEPOSIT_LIMIT_PERIODS.map(async (period) => {
        const state = states.get(period);
        const used = await usedIn(database, memberId, period);
        const amount = state?.amount ?? null;
        return {
          period,
          amount: amount === null ? null : toDecimalString(amount),
          used: toDecimalString(used),
          remaining: amount === null ? null : toDecimalString(amount > used ? amount - used : 0n),
          pending: state?.pending
            ? {
                amount: state.pending.amount === null ? null : toDecimalString(state.pending.amount),
                effectiveAt: state.pending.effectiveAt.toISOString(),
              }
            : null,
        };
      }),
    );
  }

  return {
    view: (memberId: number) => view(db, memberId),

    /**
     * Refuses a deposit that would take approved plus pending deposits in any window above its
     * limit. Call inside the deposit's transaction with the member row locked, so two deposits
     * at once cannot both fit into the same remaining allowance.
     */
    async assertWithin(trx: Db, memberId: number, amount: bigint): Promise<void> {
      const states = await statesOf(trx, memberId);
      for (const state of states.values()) {
        if (state.amount === null) continue;
        const used = await usedIn(trx, memberId, state.period);
        if (used + amount > state.amount) {
          const remaining = state.amount > used ? state.amount - used : 0n;
          throw new AppError('cashier.deposit_limit_exceeded', {
            period: state.period,
            limit: toDecimalString(state.amount),
            remaining: toDecimalString(remaining),
          });
        }
      }
    },

    /** A decrease (or a first limit) applies at once; a raise or a removal waits 24 hours. */
    async set(merchantId: number, memberId: number, period: DepositLimitPeriod, requested: bigint | null) {
      return db.transaction().execute(async (trx) => {
        await lockMember(trx, memberId);
        const current = (await statesOf(trx, memberId)).get(period)?.amount ?? null;
        const tightens = requested !== null && (current === null || requested <= current);
        if (tightens) {
          await trx
            .insertInto('deposit_limits')
            .values({ merchant_id: merchantId, member_id: memberId, period, amount: requested })
            .onConflict((oc) =>
              oc.columns(['member_id', 'period']).doUpdateSet({
                amount: requested,
                pending_amount: null,
                pending_effective_at: null,
                updated_at: sql<Date>`now()`,
              }),
            )
            .execute();
        } else if (current === null) {
          // No limit in force and none asked for: nothing is left to remember.
          await trx
            .deleteFrom('deposit_limits')
            .where('member_id', '=', memberId)
            .where('period', '=', period)
            .execute();
        } else {
          await trx
            .updateTable('deposit_limits')
            .set({
              amount: current,
              pending_amount: requested,
              pending_effective_at: sql<Date>`now() + ${RAISE_DELAY}::interval`,
              updated_at: sql<Date>`now()`,
            })
            .where('member_id', '=', memberId)
            .where('period', '=', period)
            .execute();
        }
        return view(trx, memberId);
      });
    },
  };
}
export type DepositLimits = ReturnType<typeof depositLimits>;
