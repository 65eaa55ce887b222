import { sql } from 'kysely';
import { isTrialType, type Language, type SportCode, type SportsSlip, type SportsSlipInput } from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';
import { runPrepared, type Db } from '../../db/database.ts';
import { groupCommit } from '../../db/group-commit.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../http/context.ts';
import { ledgerRefusal, type Ledger } from '../ledger/ledger.ts';
import { assertMayPlay, refusePlay } from '../protection/guards.ts';
import { BETTABLE } from './book.ts';
import { moveMoney, recordSeamless, type SlipRow } from './money.ts';
import { lineText, oddsText } from './reads.ts';
import { cashOutValue } from './settle-rules.ts';
import type { SportsVendorBook } from './vendor.ts';

/**
 * The slips in flight placed in one statement and one commit (group commit, ADR 0007), set-based
 * (migration 0048, issue 15 Performance): the guards, the locks, the legs read and every slip's
 * rules judged, then the slips that pass, their stakes (one ledger_post_many, each refused alone
 * when its member's running balance cannot pay), their legs and seamless records, each one insert a
 * batch. Each slip's legs follow one another in the selection and odds arrays, after its count of legs.
 */
const PLACE_SLIPS = {
  name: 'sports_place_slips',
  text: `SELECT * FROM sports_place_slips($1::integer[], $2::integer[], $3::text[], $4::text[], $5::text[],
                                       $6::bigint[], $7::integer[], $8::bigint[], $9::integer[], $10::text[],
                                       $11::integer[], $12::text[], $13::integer[], $14::integer[])`,
};

/** A leg of a slip just placed, as sports_place_slips() read and wrote it (JSON, migration 0048). */
interface PlacedLeg {
  leg_id: number;
  id: number;
  code: SportsSlip['legs'][number]['selection'];
  odds: number;
  event_id: number;
  market_id: number;
  line: number | null;
  type: SportsSlip['legs'][number]['marketType'];
  event_status: SportsSlip['legs'][number]['eventStatus'];
  home: { en: string; bn: string };
  away: { en: string; bn: string };
  starts_at: string;
  home_score: number | null;
  away_score: number | null;
  sport_code: string;
}

interface PlacedRow {
  status: string;
  error_code: string | null;
  error_detail: string | null;
  error_constraint: string | null;
  detail: Record<string, unknown> | null;
  slip_id: bigint | null;
  created_at: Date | null;
  odds: bigint | null;
  potential_return: bigint | null;
  balance: bigint | null;
  legs: PlacedLeg[] | null;
}

/**
 * How long an idle lane waits for the callers of the batch it last wrote (group-commit.ts gatherMs).
 * With 8 clients and none, they split into two groups of about 4 whose batches alternate, each
 * paying a batch's fixed cost (bench:sports, session 21: 3.8–3.9 slips a batch; 2 ms: 6.6–7.2, and
 * PostgreSQL CPU a slip 10–30 % lower in three of four alternate pairs; 1 ms: 4.6–4.8).
 */
const PLACE_GATHER_MS = Number(process.env.SPORTS_PLACE_GATHER_MS ?? 2);

const named = (name: { en: string; bn: string }, language: Language) => name[language] || name.en;

/** The terms a requestId stands for: the same id with other terms is refused (sports.request_reused). */
const termsOf = (stake: bigint, selectionIds: readonly number[]) =>
  `${stake}|${[...selectionIds].sort((a, b) => a - b).join(',')}`;

/**
 * Members' slips (issue 15 item 3, ADR 0024): placing singles and multiples, my slips, cash-out.
 * A slip is one transaction: its events and markets under shared locks (a result, a suspension or
 * an odds change waits for slips in flight, and every later slip sees it), the stake
 * (sports:<slip>:stake, seamless.bet), the slip, its legs and its seamless record.
 */
export function sportsSlips({
  db,
  ledger,
  vendorBookOf,
  onSlipBatch,
}: {
  db: Db;
  ledger: Ledger;
  vendorBookOf: (merchantId: number) => Promise<SportsVendorBook>;
  /** Told each batch's size as it is written (the sports_slip_batch_size metric). */
  onSlipBatch?: (size: number) => void;
}) {
  const mainBalance = (memberId: number, merchantId: number, currency: string, executor: Db = db) =>
    ledger.balanceOf(merchantId, currency, { kind: 'member_main', memberId }, executor);

  async function slipViews(rows: SlipRow[], language: Language): Promise<SportsSlip[]> {
    if (rows.length === 0) return [];
    const legs = await db
      .selectFrom('sports_slip_legs as l')
      .innerJoin('sports_events as e', 'e.id', 'l.event_id')
      .innerJoin('sports_sports as sp', 'sp.id', 'e.sport_id')
      .innerJoin('sports_markets as m', 'm.id', 'l.market_id')
      .selectAll('l')
      .select([
        'e.home',
        'e.away',
        'e.starts_at',
        'e.status as event_status',
        'e.home_score',
        'e.away_score',
        'sp.code as sport_code',
        'm.type',
      ])
      .where(
        'l.slip_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('l.id')
      .execute();
    return rows.map((slip) => ({
      id: Number(slip.id),
      kind: slip.kind,
      stake: toDecimalString(slip.stake),
      odds: oddsText(slip.odds),
      potentialReturn: toDecimalString(slip.potential_return),
      status: slip.status,
      payout: slip.payout === null ? null : toDecimalString(slip.payout),
      createdAt: slip.created_at.toISOString(),
      settledAt: slip.settled_at?.toISOString() ?? null,
      legs: legs
        .filter((l) => l.slip_id === slip.id)
        .map((l) => ({
          id: Number(l.id),
          eventId: Number(l.event_id),
          sport: l.sport_code as SportCode,
          home: named(l.home, language),
          away: named(l.away, language),
          startsAt: l.starts_at.toISOString(),
          eventStatus: l.event_status,
          score: l.home_score === null || l.away_score === null ? null : { home: l.home_score, away: l.away_score },
          marketId: Number(l.market_id),
          marketType: l.type,
          line: lineText(l.line),
          selectionId: Number(l.selection_id),
          selection: l.code,
          odds: oddsText(l.odds),
          outcome: l.outcome,
        })),
    }));
  }

  async function slipView(slipId: bigint, language: Language) {
    const row = await db.selectFrom('sports_slips').selectAll().where('id', '=', slipId).executeTakeFirstOrThrow();
    return (await slipViews([row], language))[0]!;
  }

  async function replay(member: MemberContext, slip: SlipRow, terms: string, language: Language) {
    if (slip.terms !== terms) throw new AppError('sports.request_reused');
    return {
      ...(await slipView(slip.id, language)),
      balance: toDecimalString(await mainBalance(member.id, slip.merchant_id, slip.currency)),
    };
  }

  const earlierSlip = (memberId: number, requestId: string) =>
    db
      .selectFrom('sports_slips')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();

  /** The open legs of a slip with their markets' current odds and state (read FOR SHARE in a transaction). */
  async function legsForCashOut(trx: Db, slipId: bigint) {
    return trx
      .selectFrom('sports_slip_legs as l')
      .innerJoin('sports_selections as s', 's.id', 'l.selection_id')
      .innerJoin('sports_markets as m', 'm.id', 'l.market_id')
      .innerJoin('sports_events as e', 'e.id', 'l.event_id')
      .select([
        'l.odds',
        'l.outcome',
        's.odds as current_odds',
        'm.status as market_status',
        'e.status as event_status',
      ])
      .where('l.slip_id', '=', slipId)
      .modifyEnd(sql`FOR SHARE OF m, e`)
      .execute();
  }

  /** The cash-out price now, or the refusal (an open leg's market suspended, or nothing to price). */
  function priceOf(slip: SlipRow, legs: Awaited<ReturnType<typeof legsForCashOut>>) {
    // A slip reopened by a corrected result has been settled once: its money moves only by resettlement.
    if (slip.status !== 'open' || slip.paid !== null) {
      throw new AppError('sports.cash_out_unavailable', { status: slip.status });
    }
    const blocked = legs.some(
      (l) => l.outcome === 'open' && (l.market_status !== 'open' || !BETTABLE.includes(l.event_status)),
    );
    const value = blocked
      ? null
      : cashOutValue(
          slip.stake,
          legs.map((l) => ({ odds: l.odds, outcome: l.outcome, currentOdds: l.current_odds })),
        );
    if (value === null || value <= 0n) throw new AppError('sports.cash_out_unavailable', { status: slip.status });
    return value;
  }

  async function ownSlip(member: MemberContext, slipId: number, executor: Db = db, lock = false) {
    const row = await executor
      .selectFrom('sports_slips')
      .selectAll()
      .where('id', '=', BigInt(slipId))
      .where('member_id', '=', member.id)
      .$if(lock, (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row) throw new AppError('sports.slip_not_found');
    return row;
  }

  interface SlipToPlace {
    member: MemberContext;
    merchant: MerchantContext;
    input: SportsSlipInput;
    book: SportsVendorBook;
    stake: bigint;
    terms: string;
  }

  /**
   * Places a batch of slips with one statement and one commit; each one's result in order. They go
   * in member order, so concurrent batches lock wallets in one order (as seamless_bets()).
   */
  async function placeSlips(batch: SlipToPlace[]): Promise<PlacedRow[]> {
    const slips = [...batch].sort((a, b) => a.member.id - b.member.id);
    const column = <T>(pick: (slip: SlipToPlace) => T) => slips.map(pick);
    const rows = await runPrepared<PlacedRow & { ord: number }>(db, PLACE_SLIPS, [
      column((s) => s.merchant.id),
      column((s) => s.member.id),
      column((s) => s.input.requestId),
      column((s) => s.terms),
      column((s) => s.merchant.currency),
      column((s) => s.stake.toString()),
      column((s) => s.input.legs.length),
      slips.flatMap((s) => s.input.legs.map((leg) => leg.selectionId)),
      slips.flatMap((s) => s.input.legs.map((leg) => Number(parseMinor(leg.odds)))),
      column((s) => s.input.oddsPolicy),
      column((s) => s.book.integrationId),
      column((s) => s.book.integrationCode),
      column((s) => s.book.games.SPORTS),
      column((s) => s.book.games.ESPORTS),
    ]);
    if (rows.length !== slips.length) throw new Error(`sports_place_slips answered ${rows.length} of ${slips.length}`);
    const results = new Map<SlipToPlace, PlacedRow>(rows.map((row) => [slips[row.ord - 1]!, row]));
    return batch.map((slip) => results.get(slip)!);
  }
  // A second lane only for a backlog of 16: a set-based batch costs much the same whatever its size
  // (bench:sports: 5.4 → 6.6–9.2 slips a batch, PostgreSQL CPU a slip −10–25 %; a lane at 6 made
  // batches of 5.1–6.5 and cost 1 433–1 829 µs a slip against 7.8–7.9 and 940–1 128 at 16).
  const placeSlip = groupCommit(placeSlips, { onBatch: onSlipBatch, laneThreshold: 16, gatherMs: PLACE_GATHER_MS });

  /** The answer of a slip just placed, from what sports_place_slips() read and wrote: no read after the commit. */
  function placedView(placed: PlacedRow, input: SportsSlipInput, stake: bigint, language: Language): SportsSlip {
    return {
      id: Number(placed.slip_id),
      kind: input.legs.length === 1 ? 'single' : 'multiple',
      stake: toDecimalString(stake),
      odds: oddsText(placed.odds!),
      potentialReturn: toDecimalString(placed.potential_return!),
      status: 'open',
      payout: null,
      createdAt: placed.created_at!.toISOString(),
      settledAt: null,
      legs: placed.legs!.map((l) => ({
        id: l.leg_id,
        eventId: l.event_id,
        sport: l.sport_code as SportCode,
        home: named(l.home, language),
        away: named(l.away, language),
        startsAt: new Date(l.starts_at).toISOString(),
        eventStatus: l.event_status,
        score: l.home_score === null || l.away_score === null ? null : { home: l.home_score, away: l.away_score },
        marketId: l.market_id,
        marketType: l.type,
        line: lineText(l.line),
        selectionId: l.id,
        selection: l.code,
        odds: oddsText(l.odds),
        outcome: 'open',
      })),
    };
  }

  /** A refusal of sports_place_slips() (migration 0048) as the member is told it. */
  function refusalOf(placed: PlacedRow): Error {
    const detail = placed.detail ?? {};
    switch (placed.status) {
      case 'odds_changed':
        return new AppError('sports.odds_changed', {
          legs: (detail.legs as { selectionId: number; odds: number }[]).map((leg) => ({
            selectionId: leg.selectionId,
            odds: oddsText(leg.odds),
          })),
        });
      case 'stake_below_minimum':
        return new AppError('sports.stake_below_minimum', {
          minStake: toDecimalString(BigInt(detail.minStake as string)),
        });
      case 'stake_above_maximum':
        return new AppError('sports.stake_above_maximum', {
          maxStake: toDecimalString(BigInt(detail.maxStake as string)),
        });
      case 'betting_closed':
      case 'market_suspended':
        return new AppError(`sports.${placed.status}`, detail);
      case 'selection_not_found':
      case 'same_event':
        return new AppError(`sports.${placed.status}`);
      default:
        return new Error(`sports_place_slips answered ${placed.status}`);
    }
  }

  return {
    /**
     * A member's slip (§4: trial accounts and protections refused first). One leg is a single;
     * legs from different events a multiple whose odds are the product of the legs' (rounded down).
     * Stakes within the tightest limits of its markets. Odds that moved: `any` takes the current
     * ones, `higher` takes them only when none is lower than sent, `ask` refuses with the current
     * ones (sports.odds_changed). The same requestId again answers the same slip.
     */
    async place(member: MemberContext, merchant: MerchantContext, input: SportsSlipInput, language: Language) {
      if (isTrialType(member.type)) throw new AppError('auth.trial_account');
      const stake = parseMinor(input.stake);
      const selectionIds = input.legs.map((l) => l.selectionId);
      const terms = termsOf(stake, selectionIds);
      // The same requestId again answers its slip: looked up only when this one cannot be placed,
      // so a new slip costs no extra round trip.
      const replayOr = async (error: unknown) => {
        const earlier = await earlierSlip(member.id, input.requestId);
        if (earlier) return replay(member, earlier, terms, language);
        throw error;
      };
      if (new Set(selectionIds).size !== selectionIds.length) {
        await assertMayPlay(db, member);
        return replayOr(new AppError('sports.same_event'));
      }
      const book = await vendorBookOf(merchant.id);
      const placed = await placeSlip({ member, merchant, input, book, stake, terms });
      if (placed.status === 'error') {
        // A wallet that cannot pay (KL402), or the same requestId committed meanwhile (its slip answers).
        const error = { code: placed.error_code, detail: placed.error_detail, constraint: placed.error_constraint };
        const refusal = ledgerRefusal(error, { idempotencyKey: `sports:${input.requestId}` });
        return replayOr(
          refusal instanceof AppError ? refusal : new Error(`sports_place_slips: ${error.code} ${error.detail ?? ''}`),
        );
      }
      if (placed.status === 'guard') {
        const guard = placed.detail as {
          status: string | null;
          selfExcludedUntil: string | null;
          coolingOffUntil: string | null;
        };
        refusePlay({
          status: guard.status,
          selfExcludedUntil: guard.selfExcludedUntil === null ? null : new Date(guard.selfExcludedUntil),
          coolingOffUntil: guard.coolingOffUntil === null ? null : new Date(guard.coolingOffUntil),
        });
      }
      // Not placed: the same requestId placed before answers its slip (sports_place_slips does not look first).
      if (placed.status !== 'ok') return replayOr(refusalOf(placed));
      return { ...placedView(placed, input, stake, language), balance: toDecimalString(placed.balance!) };
    },

    async mySlips(
      member: MemberContext,
      language: Language,
      query: { status?: 'open' | 'settled' | undefined; pageNo?: number | undefined; pageSize?: number | undefined },
    ) {
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 20;
      const filtered = db
        .selectFrom('sports_slips')
        .where('member_id', '=', member.id)
        .$if(query.status === 'open', (q) => q.where('status', '=', 'open'))
        .$if(query.status === 'settled', (q) => q.where('status', '<>', 'open'));
      const [rows, total] = await Promise.all([
        filtered
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        filtered.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: await slipViews(rows, language), total: Number(total.n), pageNo, pageSize };
    },

    async cashOutQuote(member: MemberContext, slipId: number) {
      const slip = await ownSlip(member, slipId);
      const amount = priceOf(slip, await legsForCashOut(db, slip.id));
      return { slipId: Number(slip.id), amount: toDecimalString(amount), quotedAt: new Date().toISOString() };
    },

    /** Closes an open slip for the amount quoted (refused with the new one when it moved); paid once. */
    async cashOut(member: MemberContext, slipId: number, amountText: string, language: Language) {
      await assertMayPlay(db, member);
      const amount = parseMinor(amountText);
      const book = await vendorBookOf(member.merchantId);
      const done = await db.transaction().execute(async (trx) => {
        // Its events and markets (FOR SHARE) before the slip, the order a result takes (the event,
        // then markDue's slips): the two never deadlock, and a cash-out refused because the result
        // came first never holds the slip while the result's settlement pass skips it (SKIP LOCKED).
        const legs = await legsForCashOut(trx, BigInt(slipId));
        const slip = await ownSlip(member, slipId, trx, true);
        // The same cash-out again (a retry) answers the closed slip.
        if (slip.status === 'cashed_out' && slip.payout === amount) return slip;
        const value = priceOf(slip, legs);
        if (value !== amount) throw new AppError('sports.cash_out_changed', { amount: toDecimalString(value) });
        const tx = await moveMoney(ledger, trx, book, slip, 'cashout', amount);
        await recordSeamless(trx, book, slip, 'win', amount, tx);
        await trx
          .updateTable('sports_slips')
          .set({
            status: 'cashed_out',
            payout: amount,
            paid: amount,
            settled_at: sql<Date>`now()`,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', slip.id)
          .execute();
        return slip;
      });
      return {
        ...(await slipView(done.id, language)),
        balance: toDecimalString(await mainBalance(member.id, done.merchant_id, done.currency)),
      };
    },
  };
}
export type SportsSlips = ReturnType<typeof sportsSlips>;
