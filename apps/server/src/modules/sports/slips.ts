import { sql } from 'kysely';
import type { Language, SportCode, SportsSlip, SportsSlipInput } from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../http/context.ts';
import { ledgerRefusal, type Ledger } from '../ledger/ledger.ts';
import { assertMayPlay } from '../protection/guards.ts';
import { BETTABLE, eventLockKey, marketLockKey } from './book.ts';
import { moveMoney, moveOf, recordSeamless, seamlessRecord, type SlipRow } from './money.ts';
import { lineText, oddsText } from './reads.ts';
import { cashOutValue, combinedOdds, returnAt } from './settle-rules.ts';
import type { SportsVendorBook } from './vendor.ts';
import { ownBookSession, postOwnBookMove } from '../games/inhouse/inhouse-wallet.ts';

/** Thrown inside a placement whose requestId another commit took meanwhile: it rolls back and answers that slip. */
const REQUEST_TAKEN = new Error('sports: requestId taken meanwhile');

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
}: {
  db: Db;
  ledger: Ledger;
  vendorBookOf: (merchantId: number) => Promise<SportsVendorBook>;
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

  /** Members' sessions of the book's games (ownBookSession: made once and kept), known after a slip committed. */
  const sessions = new Map<string, bigint>();
  const sessionKey = (memberId: number, game: { integrationId: number; gameId: number }) =>
    `${memberId}:${game.integrationId}:${game.gameId}`;

  /**
   * The slip's transaction in four round trips (issue 15 Performance): the shared locks and the
   * slip's id; the selections with their markets, events and limits; the stake (ledger_post); the
   * slip, its legs and its seamless record in one statement.
   */
  async function placeIn(
    trx: Db,
    member: MemberContext,
    merchant: MerchantContext,
    input: SportsSlipInput,
    book: SportsVendorBook,
    stake: bigint,
    terms: string,
  ) {
    const selectionIds = input.legs.map((l) => BigInt(l.selectionId));
    // Shared with other bettors, exclusive against a result, a suspension or an odds change
    // (book.ts): taken in event order before the read, so the read (its own statement, its own
    // snapshot) sees all that committed before. A selection's event and market never change, so
    // reading them here needs no lock.
    const { rows: taken } = await sql<{ slip_id: string }>`
      SELECT nextval(pg_get_serial_sequence('sports_slips', 'id'))::text AS slip_id,
             (SELECT count(*) FROM (
                SELECT pg_advisory_xact_lock_shared(${eventLockKey(sql.ref('t.event_id'))}),
                       pg_advisory_xact_lock_shared(${marketLockKey(sql.ref('t.market_id'))})
                  FROM (SELECT event_id, market_id FROM sports_selections WHERE id = ANY(${selectionIds}::bigint[])
                         ORDER BY event_id, market_id OFFSET 0) t) locks) AS locks`.execute(trx);
    const slipId = BigInt(taken[0]!.slip_id);
    const rows = await trx
      .selectFrom('sports_selections as s')
      .innerJoin('sports_markets as m', 'm.id', 's.market_id')
      .innerJoin('sports_events as e', 'e.id', 's.event_id')
      .innerJoin('sports_sports as sp', 'sp.id', 'e.sport_id')
      .select([
        's.id',
        's.code',
        's.odds',
        's.event_id',
        's.market_id',
        'm.line',
        'm.type',
        'm.status as market_status',
        'm.min_stake',
        'm.max_stake',
        'e.status as event_status',
        'e.home',
        'e.away',
        'e.starts_at',
        'e.home_score',
        'e.away_score',
        'sp.kind',
        'sp.code as sport_code',
      ])
      .where('s.id', 'in', selectionIds)
      .where('e.merchant_id', '=', merchant.id)
      .orderBy('e.id')
      .orderBy('m.id')
      .execute();
    if (rows.length !== selectionIds.length) throw new AppError('sports.selection_not_found');
    if (new Set(rows.map((r) => r.event_id)).size !== rows.length) throw new AppError('sports.same_event');
    for (const row of rows) {
      if (!BETTABLE.includes(row.event_status)) {
        throw new AppError('sports.betting_closed', { eventId: Number(row.event_id), status: row.event_status });
      }
      if (row.market_status !== 'open') {
        throw new AppError('sports.market_suspended', { marketId: Number(row.market_id), status: row.market_status });
      }
    }
    const current = (selectionId: number) => rows.find((r) => Number(r.id) === selectionId)!;
    const moved = input.legs.some((leg) => {
      const now = current(leg.selectionId).odds;
      const sent = Number(parseMinor(leg.odds));
      return input.oddsPolicy === 'ask' ? now !== sent : input.oddsPolicy === 'higher' ? now < sent : false;
    });
    if (moved) {
      throw new AppError('sports.odds_changed', {
        legs: input.legs.map((leg) => ({
          selectionId: leg.selectionId,
          odds: oddsText(current(leg.selectionId).odds),
        })),
      });
    }
    const minStake = rows.reduce((max, r) => (r.min_stake > max ? r.min_stake : max), 0n);
    const maxStake = rows.reduce((min, r) => (r.max_stake < min ? r.max_stake : min), rows[0]!.max_stake);
    if (stake < minStake) throw new AppError('sports.stake_below_minimum', { minStake: toDecimalString(minStake) });
    if (stake > maxStake) throw new AppError('sports.stake_above_maximum', { maxStake: toDecimalString(maxStake) });
    const odds = combinedOdds(input.legs.map((leg) => current(leg.selectionId).odds));
    const session = {
      merchantId: book.merchantId,
      integrationId: book.integrationId,
      gameId: book.games[rows.every((r) => r.kind === 'ESPORTS') ? 'ESPORTS' : 'SPORTS'],
    };
    const slip: SlipRow = {
      id: slipId,
      merchant_id: merchant.id,
      member_id: member.id,
      request_id: input.requestId,
      terms,
      currency: merchant.currency,
      game_session_id: sessions.get(sessionKey(member.id, session)) ?? (await ownBookSession(trx, session, member.id)),
      kind: rows.length === 1 ? 'single' : 'multiple',
      stake,
      odds,
      potential_return: returnAt(stake, odds),
      status: 'open',
      payout: null,
      paid: null,
      outstanding: 0n,
      resettlements: 0,
      created_at: new Date(),
      settled_at: null,
      updated_at: new Date(),
      settle_due: false,
    };
    // The stake first, under the slip's own key: when the requestId turns out to be taken, the
    // transaction rolls back with it.
    const posted = await postOwnBookMove(ledger, trx, moveOf(book, slip, 'stake', -stake));
    const record = seamlessRecord(book, slip, 'bet', stake, posted.transactionId);
    const legs = input.legs.map((leg) => {
      const row = current(leg.selectionId);
      return sql`(${row.event_id}::bigint, ${row.market_id}::bigint, ${row.id}::bigint, ${row.code}::text,
                  ${row.line}::integer, ${row.odds}::integer)`;
    });
    const { rows: inserted } = await sql<{ created_at: Date; leg_ids: Record<string, string> }>`
      WITH slip AS (
        INSERT INTO sports_slips (id, merchant_id, member_id, request_id, terms, currency, game_session_id, kind,
                                  stake, odds, potential_return)
        VALUES (${slip.id}, ${slip.merchant_id}, ${slip.member_id}, ${slip.request_id}, ${slip.terms},
                ${slip.currency}, ${slip.game_session_id}, ${slip.kind}, ${slip.stake}, ${slip.odds},
                ${slip.potential_return})
        ON CONFLICT (member_id, request_id) DO NOTHING
        RETURNING id, created_at
      ), legs AS (
        INSERT INTO sports_slip_legs (slip_id, event_id, market_id, selection_id, code, line, odds)
        SELECT slip.id, l.* FROM slip, (VALUES ${sql.join(legs)}) AS l(event_id, market_id, selection_id, code, line, odds)
        RETURNING id, selection_id
      ), record AS (
        INSERT INTO seamless_transactions (${sql.join(Object.keys(record).map((c) => sql.id(c)))})
        SELECT ${sql.join(Object.values(record).map((v) => sql`${v}`))} FROM slip
      )
      SELECT created_at, (SELECT json_object_agg(selection_id::text, id::text) FROM legs) AS leg_ids
        FROM slip`.execute(trx);
    if (inserted.length === 0) throw REQUEST_TAKEN; // the same requestId committed meanwhile
    slip.created_at = inserted[0]!.created_at;
    slip.updated_at = inserted[0]!.created_at;
    const legIds = new Map(
      Object.entries(inserted[0]!.leg_ids).map(([selection, leg]) => [Number(selection), Number(leg)]),
    );
    return { slip, rows, legIds, session, balance: posted.balanceAfter };
  }

  /** The answer of a slip just placed, from what its transaction read: no read after the commit. */
  function placedView(
    slip: SlipRow,
    { rows, legIds }: Pick<Awaited<ReturnType<typeof placeIn>>, 'rows' | 'legIds'>,
    input: SportsSlipInput,
    language: Language,
  ): SportsSlip {
    return {
      id: Number(slip.id),
      kind: slip.kind,
      stake: toDecimalString(slip.stake),
      odds: oddsText(slip.odds),
      potentialReturn: toDecimalString(slip.potential_return),
      status: slip.status,
      payout: null,
      createdAt: slip.created_at.toISOString(),
      settledAt: null,
      legs: input.legs.map((leg) => {
        const l = rows.find((r) => Number(r.id) === leg.selectionId)!;
        return {
          id: legIds.get(leg.selectionId)!,
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
          selectionId: Number(l.id),
          selection: l.code,
          odds: oddsText(l.odds),
          outcome: 'open',
        };
      }),
    };
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
      await assertMayPlay(db, member);
      const stake = parseMinor(input.stake);
      const selectionIds = input.legs.map((l) => l.selectionId);
      const terms = termsOf(stake, selectionIds);
      // The same requestId again answers its slip: looked up only when this one cannot be placed
      // (below), so a new slip costs no extra round trip.
      const replayOr = async (error: unknown) => {
        const earlier = await earlierSlip(member.id, input.requestId);
        if (earlier) return replay(member, earlier, terms, language);
        throw error;
      };
      if (new Set(selectionIds).size !== selectionIds.length) return replayOr(new AppError('sports.same_event'));
      const book = await vendorBookOf(merchant.id);
      const idempotencyKey = `sports:${input.requestId}`;
      let placed: Awaited<ReturnType<typeof placeIn>>;
      try {
        placed = await db.transaction().execute((trx) => placeIn(trx, member, merchant, input, book, stake, terms));
      } catch (error) {
        if (error === REQUEST_TAKEN) return replayOr(error);
        return replayOr(ledgerRefusal(error, { idempotencyKey }));
      }
      sessions.set(sessionKey(member.id, placed.session), placed.slip.game_session_id);
      if (sessions.size > 100_000) sessions.clear();
      return { ...placedView(placed.slip, placed, input, language), balance: toDecimalString(placed.balance) };
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
