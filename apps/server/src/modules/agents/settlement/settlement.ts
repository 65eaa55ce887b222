import { sql } from 'kysely';
import { formatMinor } from '@khela/money';
import { tierRateBp, type ContractKind, type StoredTerms } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { KIND_NAMES, notifyInbox, recordHistory } from '../contracts/contracts.ts';
import { firstPeriodFrom, nextPeriod, periodStartingAt, unitOf, type Period } from './periods.ts';

/**
 * Settlement of agent contracts (issue 13 item 4). Decisions (docs/api.md "Agent contracts"):
 *
 * - Payer: the offerer. A contract between an agent and its downline is paid from the agent's main
 *   wallet (§4: the agent passes on part of what its own contract earns — hence a downline's rate
 *   never exceeds the upline's); a contract the house offered (offerer NULL, top-level agents) is
 *   paid from the merchant's house account. A payer whose wallet cannot cover a period leaves it
 *   `held` (insufficient_funds) for an operator to re-run.
 * - Team: the contract member and everyone under it (member_tree, depth ≥ 0). Active member =
 *   valid bet > 0 in the period.
 * - Amounts (rates in basis points, floored to the minor unit): daily and hourly salary = team
 *   valid bet × tier rate; dividend = the team's loss (−profit_loss when the team lost, else 0) ×
 *   tier rate, tiers chosen by active members and valid bet of the period; real-time salary = per
 *   single settled bet, stake × the profit salary rate when the member won it (payout > stake),
 *   else × the loss salary rate.
 * - Periods (periods.ts): every full period from activation until now (less a grace for late
 *   writes, and never past a transaction still open: settleableUntil) or the contract's end; each
 *   one payout row (unique contract, period start) and at most one ledger transaction keyed
 *   `agent-contract:<id>:<period start>`, so a re-run pays nothing more and a missed run catches
 *   up. `settled_through` is the cursor. Late wins and rollbacks count in the period they are
 *   written in, so a paid period's figures never change (ADR 0012).
 */
export const SETTLEMENT_GRACE_MS = 60_000;
/** At most this many periods per contract in one pass (a long outage catches up over a few passes). */
const MAX_PERIODS_PER_PASS = 5_000;

interface SettlingContract {
  id: bigint;
  merchant_id: number;
  kind: ContractKind;
  offerer_id: number | null;
  member_id: number;
  terms: StoredTerms;
  activated_at: Date;
  ended_at: Date | null;
  settled_through: Date | null;
  time_zone: string;
  currency: string;
}

interface Figures {
  activeMembers: number;
  validBet: bigint;
  profitLoss: bigint;
  basis: bigint;
  rateBp: number;
  amount: bigint;
}

export const ledgerKeyOf = (contractId: bigint, start: Date) => `agent-contract:${contractId}:${start.toISOString()}`;

export interface PassResult {
  contracts: number;
  periods: number;
  paid: number;
  skipped: number;
  held: number;
}

/** The columns that name a payout row: its contract, parties and period. */
const payoutOf = (c: SettlingContract, period: Period) => ({
  merchant_id: c.merchant_id,
  contract_id: c.id,
  kind: c.kind,
  member_id: c.member_id,
  payer_member_id: c.offerer_id,
  period_start: period.start,
  period_end: period.end,
});

/** A contract's team: its member and every member below it (the closure table includes depth 0). */
const teamOf = (memberId: number) => sql`(SELECT descendant_id FROM member_tree WHERE ancestor_id = ${memberId})`;

export function agentSettlement({
  db,
  ledger,
  graceMs = SETTLEMENT_GRACE_MS,
}: {
  db: Db;
  ledger: Ledger;
  /** Tests shorten it; the server keeps SETTLEMENT_GRACE_MS. */
  graceMs?: number;
}) {
  /**
   * The latest period end a pass may settle: the grace after `now`, and never past the start of a
   * transaction that is still open after the grace. The figures are bucketed by the time their rows
   * carry, which is their transaction's start (now() in the triggers of migration 0019, the rows'
   * defaults, inhouse settled_at); a transaction that began before a period ended and has not
   * committed yet would add to that period after it was paid (ADR 0012).
   */
  async function settleableUntil(now: Date): Promise<number> {
    const { rows } = await sql<{ since: Date | null }>`
      SELECT min(xact_start) AS since FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
         AND xact_start < now() - make_interval(secs => ${graceMs / 1000}::float8)`.execute(db);
    return Math.min(now.getTime() - graceMs, rows[0]?.since?.getTime() ?? Infinity);
  }

  /** A contract as settlement reads it: its row with the merchant's calendar and currency. */
  const settlingContracts = () =>
    db
      .selectFrom('agent_contracts as c')
      .innerJoin('merchants as mc', 'mc.id', 'c.merchant_id')
      .select([
        'c.id',
        'c.merchant_id',
        'c.kind',
        'c.offerer_id',
        'c.member_id',
        sql<StoredTerms>`c.terms`.as('terms'),
        sql<Date>`c.activated_at`.as('activated_at'),
        'c.ended_at',
        'c.settled_through',
        sql<string>`mc.time_zone`.as('time_zone'),
        'mc.currency',
      ])
      .where('c.activated_at', 'is not', null);

  async function contractsToSettle(now: Date, only?: bigint): Promise<SettlingContract[]> {
    let query = settlingContracts()
      .where('c.activated_at', '<', now)
      .where('c.state', 'in', ['active', 'termination_requested', 'terminated', 'superseded'])
      .where((eb) =>
        eb.or([
          eb('c.ended_at', 'is', null),
          eb('c.ended_at', '>', sql<Date>`coalesce(c.settled_through, c.activated_at)`),
        ]),
      );
    if (only !== undefined) query = query.where('c.id', '=', only);
    return (await query.orderBy('c.id').execute()) as SettlingContract[];
  }

  async function figuresOf(trx: Db, c: SettlingContract, period: Period): Promise<Figures> {
    const team = teamOf(c.member_id);
    if (c.kind === 'realtime_salary') {
      const profit = c.terms.profitRateBp ?? 0;
      const loss = c.terms.lossRateBp ?? 0;
      const { rows } = await sql<{ active: number; stake: string; pl: string; owed: string }>`
        SELECT count(DISTINCT member_id) FILTER (WHERE stake > 0)::int AS active,
               coalesce(sum(stake), 0)::text AS stake,
               coalesce(sum(payout - stake), 0)::text AS pl,
               coalesce(floor(sum(stake::numeric * CASE WHEN payout > stake THEN ${profit}::int ELSE ${loss}::int END) / 10000), 0)::text AS owed
          FROM settled_bets
         WHERE merchant_id = ${c.merchant_id} AND member_id IN ${team}
           AND settled_at >= ${period.start} AND settled_at < ${period.end}`.execute(trx);
      const row = rows[0]!;
      const basis = BigInt(row.stake);
      const amount = BigInt(row.owed);
      return {
        activeMembers: row.active,
        validBet: basis,
        profitLoss: BigInt(row.pl),
        basis,
        rateBp: basis > 0n ? Number((amount * 10_000n) / basis) : 0,
        amount,
      };
    }
    const { rows } =
      c.kind === 'hourly_salary'
        ? await sql<{ active: number; valid: string; pl: string }>`
            SELECT count(*) FILTER (WHERE v > 0)::int AS active, coalesce(sum(v), 0)::text AS valid,
                   coalesce(sum(pl), 0)::text AS pl
              FROM (SELECT member_id, sum(valid_bet) AS v, sum(profit_loss) AS pl FROM member_hourly_stats
                     WHERE merchant_id = ${c.merchant_id} AND member_id IN ${team}
                       AND hour >= ${period.start} AND hour < ${period.end}
                     GROUP BY member_id) s`.execute(trx)
        : await sql<{ active: number; valid: string; pl: string }>`
            SELECT count(*) FILTER (WHERE v > 0)::int AS active, coalesce(sum(v), 0)::text AS valid,
                   coalesce(sum(pl), 0)::text AS pl
              FROM (SELECT member_id, sum(valid_bet) AS v, sum(profit_loss) AS pl FROM member_daily_stats
                     WHERE merchant_id = ${c.merchant_id} AND member_id IN ${team}
                       AND day >= ${period.fromDay}::date AND day < ${period.toDay}::date
                     GROUP BY member_id) s`.execute(trx);
    const row = rows[0]!;
    const validBet = BigInt(row.valid);
    const profitLoss = BigInt(row.pl);
    const rateBp = tierRateBp(c.terms.tiers ?? [], row.active, validBet);
    // Late wins and rollbacks of earlier bets count in the period they arrive (ADR 0012): they can
    // take a period's valid bet below zero, which pays nothing (nothing is clawed back).
    const basis = c.kind === 'dividend' ? (profitLoss < 0n ? -profitLoss : 0n) : validBet > 0n ? validBet : 0n;
    return {
      activeMembers: row.active,
      validBet,
      profitLoss,
      basis,
      rateBp,
      amount: (basis * BigInt(rateBp)) / 10_000n,
    };
  }

  /**
   * Settles one period of a contract in one transaction: the payout row, the ledger transaction and
   * the inbox notice commit together. `force` (an operator's re-run) settles a held period again.
   */
  async function settlePeriod(
    c: SettlingContract,
    period: Period,
    options: { force?: boolean; advanceCursor: boolean },
  ): Promise<'paid' | 'skipped' | 'held' | 'busy' | 'done'> {
    return db.transaction().execute(async (trx) => {
      // Serialises instances on the contract: whoever holds it settles; the others skip it this pass.
      const locked = await sql<{ settled_through: Date | null }>`
        SELECT settled_through FROM agent_contracts WHERE id = ${c.id} FOR NO KEY UPDATE SKIP LOCKED`.execute(trx);
      if (!locked.rows[0]) return 'busy';
      const cursor = locked.rows[0].settled_through;
      if (options.advanceCursor && cursor && cursor.getTime() >= period.end.getTime()) return 'done';
      const existing = await trx
        .selectFrom('agent_contract_payouts')
        .selectAll()
        .where('contract_id', '=', c.id)
        .where('period_start', '=', period.start)
        .forUpdate()
        .executeTakeFirst();
      const advance = async () => {
        if (options.advanceCursor) {
          await trx
            .updateTable('agent_contracts')
            .set({ settled_through: period.end })
            .where('id', '=', c.id)
            .execute();
        }
      };
      if (existing && (existing.status === 'paid' || (!options.force && existing.status !== 'held'))) {
        await advance();
        return 'done';
      }
      if (existing?.status === 'held' && !options.force) {
        await advance();
        return 'held';
      }
      const f = await figuresOf(trx, c, period);
      let status: 'paid' | 'skipped' | 'held' = f.amount > 0n ? 'paid' : 'skipped';
      if (status === 'skipped' && !existing && (c.kind === 'realtime_salary' || c.kind === 'hourly_salary')) {
        await advance();
        return 'skipped';
      }
      let transactionId: bigint | null = null;
      if (status === 'paid') {
        await sql`SAVEPOINT agent_payout`.execute(trx);
        try {
          const posted = await ledger.post(
            {
              merchantId: c.merchant_id,
              currency: c.currency,
              idempotencyKey: ledgerKeyOf(c.id, period.start),
              kind: c.kind === 'dividend' ? 'agent_dividend' : 'agent_salary',
              postings: [
                {
                  account: c.offerer_id === null ? { kind: 'house' } : { kind: 'member_main', memberId: c.offerer_id },
                  amount: -f.amount,
                },
                { account: { kind: 'member_main', memberId: c.member_id }, amount: f.amount },
              ],
              reference: { contractId: c.id.toString(), kind: c.kind, periodStart: period.start.toISOString() },
            },
            trx,
          );
          transactionId = posted.transactionId;
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'wallet.insufficient_funds')) throw error;
          await sql`ROLLBACK TO SAVEPOINT agent_payout`.execute(trx);
          status = 'held';
        }
      }
      const values = {
        active_members: f.activeMembers,
        valid_bet: f.validBet,
        profit_loss: f.profitLoss,
        basis: f.basis,
        rate_bp: f.rateBp,
        amount: f.amount,
        status,
        held_reason: status === 'held' ? ('insufficient_funds' as const) : null,
        ledger_transaction_id: transactionId,
      };
      if (existing) {
        await trx
          .updateTable('agent_contract_payouts')
          .set({ ...values, updated_at: sql`now()` })
          .where('id', '=', existing.id)
          .execute();
      } else {
        await trx
          .insertInto('agent_contract_payouts')
          .values({ ...payoutOf(c, period), ...values })
          .execute();
      }
      if (status === 'paid') {
        const name = KIND_NAMES[c.kind];
        const amount = formatMinor(f.amount);
        await notifyInbox(
          trx,
          c.merchant_id,
          c.member_id,
          'contract.paid',
          { en: `${name.en[0]!.toUpperCase()}${name.en.slice(1)} paid`, bn: `${name.bn} প্রদান করা হয়েছে` },
          {
            en: `Your ${name.en} of ${amount} for ${period.start.toISOString()} – ${period.end.toISOString()} has been added to your wallet.`,
            bn: `${period.start.toISOString()} – ${period.end.toISOString()} সময়ের জন্য আপনার ${name.bn} ${amount} আপনার ওয়ালেটে যোগ হয়েছে।`,
          },
          { contractId: c.id.toString(), kind: c.kind, amount: f.amount.toString() },
        );
      }
      await advance();
      return status;
    });
  }

  /**
   * Real-time and hourly contracts have many short periods, most of them empty: the pass jumps to
   * the first one with a bet of the team (no row is kept for an empty one; the cursor moves on).
   */
  async function nextActivity(c: SettlingContract, from: Date): Promise<Date | null> {
    const team = teamOf(c.member_id);
    const { rows } =
      c.kind === 'realtime_salary'
        ? await sql<{ at: Date | null }>`
            SELECT min(settled_at) AS at FROM settled_bets
             WHERE merchant_id = ${c.merchant_id} AND member_id IN ${team} AND settled_at >= ${from}`.execute(db)
        : await sql<{ at: Date | null }>`
            SELECT min(hour) AS at FROM member_hourly_stats
             WHERE merchant_id = ${c.merchant_id} AND member_id IN ${team} AND hour >= ${from} AND valid_bet > 0`.execute(
            db,
          );
    return rows[0]?.at ?? null;
  }

  async function moveCursor(c: SettlingContract, from: Date | null, to: Date): Promise<boolean> {
    const moved = await db
      .updateTable('agent_contracts')
      .set({ settled_through: to })
      .where('id', '=', c.id)
      .where(sql<boolean>`settled_through IS NOT DISTINCT FROM ${from}::timestamptz`)
      .executeTakeFirst();
    return moved.numUpdatedRows > 0n;
  }

  /** Every unsettled full period of every contract up to `now` (the job; tests call it with a fixed now). */
  async function runPass(now: Date, only?: bigint): Promise<PassResult> {
    const result: PassResult = { contracts: 0, periods: 0, paid: 0, skipped: 0, held: 0 };
    const limit = await settleableUntil(now);
    for (const c of await contractsToSettle(now, only)) {
      result.contracts += 1;
      const unit = unitOf(c.kind, c.terms.period);
      let period = firstPeriodFrom(unit, c.time_zone, c.settled_through ?? c.activated_at);
      let cursor = c.settled_through;
      for (let n = 0; n < MAX_PERIODS_PER_PASS; n += 1) {
        if (period.end.getTime() > limit) break;
        if (c.ended_at && period.end.getTime() > c.ended_at.getTime()) {
          // The ended contract's last, partial period is never paid: the cursor goes to its end,
          // so later passes no longer look at it.
          if (!cursor || cursor.getTime() < c.ended_at.getTime()) await moveCursor(c, cursor, c.ended_at);
          break;
        }
        if (unit === 'five_minutes' || unit === 'hour') {
          // Fixed-size UTC periods: jump over the empty ones arithmetically.
          const size = period.end.getTime() - period.start.getTime();
          const stop = Math.min(limit, c.ended_at?.getTime() ?? Infinity);
          const next = await nextActivity(c, period.start);
          const jumpTo =
            next && next.getTime() < stop
              ? Math.floor(next.getTime() / size) * size
              : period.start.getTime() + Math.floor((stop - period.start.getTime()) / size) * size;
          if (jumpTo > period.start.getTime()) {
            const through = new Date(jumpTo);
            if (!(await moveCursor(c, cursor, through))) break;
            cursor = through;
            period = { start: through, end: new Date(jumpTo + size) };
          }
          if (!next || next.getTime() >= stop) break;
          if (period.end.getTime() > stop) break;
        }
        const outcome = await settlePeriod(c, period, { advanceCursor: true });
        if (outcome === 'busy') break;
        cursor = period.end;
        result.periods += 1;
        if (outcome === 'paid' || outcome === 'skipped' || outcome === 'held') result[outcome] += 1;
        period = nextPeriod(unit, c.time_zone, period);
      }
    }
    return result;
  }

  async function contractFor(merchantId: number, contractId: bigint): Promise<SettlingContract> {
    const row = (await settlingContracts()
      .where('c.id', '=', contractId)
      .where('c.merchant_id', '=', merchantId)
      .executeTakeFirst()) as SettlingContract | undefined;
    if (!row) throw new AppError('contract.payout_not_found');
    return row;
  }

  function periodOf(c: SettlingContract, start: Date): Period {
    const period = periodStartingAt(unitOf(c.kind, c.terms.period), c.time_zone, start);
    if (!period || period.start.getTime() < c.activated_at.getTime()) throw new AppError('contract.payout_not_found');
    if (c.ended_at && period.end.getTime() > c.ended_at.getTime()) throw new AppError('contract.payout_not_found');
    return period;
  }

  return {
    runPass,

    /** An operator holds a period: settlement leaves it unpaid until a re-run. A paid one cannot be held. */
    async hold(merchantId: number, contractId: bigint, start: Date, operatorId: number) {
      const c = await contractFor(merchantId, contractId);
      const period = periodOf(c, start);
      await db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('agent_contract_payouts')
          .select(['id', 'status'])
          .where('contract_id', '=', c.id)
          .where('period_start', '=', period.start)
          .forUpdate()
          .executeTakeFirst();
        if (existing?.status === 'paid') throw new AppError('contract.payout_paid');
        if (existing) {
          await trx
            .updateTable('agent_contract_payouts')
            .set({ status: 'held', held_reason: 'operator', updated_at: sql`now()` })
            .where('id', '=', existing.id)
            .execute();
        } else {
          await trx
            .insertInto('agent_contract_payouts')
            .values({ ...payoutOf(c, period), status: 'held', held_reason: 'operator' })
            .execute();
        }
        await recordHistory(trx, {
          contractId: c.id,
          merchantId: c.merchant_id,
          action: 'period_held',
          actor: 'operator',
          actorOperatorId: operatorId,
          before: existing ? { status: existing.status } : null,
          after: { status: 'held', periodStart: period.start.toISOString() },
        });
      });
    },

    /** Settles a held or skipped period again now; a paid one stays as it is (nothing more is paid). */
    async rerun(merchantId: number, contractId: bigint, start: Date, now: Date) {
      const c = await contractFor(merchantId, contractId);
      const period = periodOf(c, start);
      if (period.end.getTime() > (await settleableUntil(now))) throw new AppError('contract.payout_not_found');
      const outcome = await settlePeriod(c, period, { force: true, advanceCursor: false });
      if (outcome === 'busy') throw new AppError('request.rate_limited');
    },
  };
}
export type AgentSettlement = ReturnType<typeof agentSettlement>;
