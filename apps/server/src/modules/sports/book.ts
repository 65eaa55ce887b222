import { sql, type RawBuilder, type Selectable } from 'kysely';
import {
  SPORTS_LINED_MARKETS,
  SPORTS_MARKET_SELECTIONS,
  type SportCode,
  type SportsEventInput,
  type SportsMarketInput,
} from '@khela/contracts';
import { parseMinor } from '@khela/money';
import { isDatabaseGoingAway, type Db } from '../../db/database.ts';
import type { SportsEventsTable, SportsMarketsTable, SportsSelectionCode, SportsEventStatus } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { legOutcome, type Score } from './settle-rules.ts';
import { slipSettler } from './settlement.ts';
import { ensureSportsVendorBook, type SportsVendorBook } from './vendor.ts';

export type EventRow = Selectable<SportsEventsTable>;
export type MarketRow = Selectable<SportsMarketsTable>;

/** Who calls: the merchant, and the operator when it is one (audited); the feed passes no actor. */
export interface BookScope {
  merchantId: number;
  actor?: AuditActor | undefined;
}

/** The sports the book knows, their kind and names (the rows are made per merchant on first use). */
export const SPORTS_CATALOGUE: Record<SportCode, { kind: 'SPORTS' | 'ESPORTS'; en: string; bn: string; sort: number }> =
  {
    FOOTBALL: { kind: 'SPORTS', en: 'Football', bn: 'ফুটবল', sort: 1 },
    CRICKET: { kind: 'SPORTS', en: 'Cricket', bn: 'ক্রিকেট', sort: 2 },
    BASKETBALL: { kind: 'SPORTS', en: 'Basketball', bn: 'বাস্কেটবল', sort: 3 },
    ESPORTS_CS2: { kind: 'ESPORTS', en: 'Counter-Strike 2', bn: 'কাউন্টার-স্ট্রাইক ২', sort: 11 },
    ESPORTS_DOTA2: { kind: 'ESPORTS', en: 'Dota 2', bn: 'ডোটা ২', sort: 12 },
    ESPORTS_LOL: { kind: 'ESPORTS', en: 'League of Legends', bn: 'লিগ অব লেজেন্ডস', sort: 13 },
  };

export const BETTABLE: readonly SportsEventStatus[] = ['scheduled', 'live'];
const SETTLE_IN_CALL_MS = 10_000;

/**
 * Placing a slip takes these shared (slips.ts), a result, cancel or status change the event's and
 * an odds change or suspension the market's exclusive: in-memory locks, so bettors on one hot event
 * do not queue on its row as FOR SHARE made them (a multixact written per bettor; ADR 0024 addendum).
 */
/** An event's or a market's advisory lock key; `id` a value, or a column (slips.ts locks its selections' in one statement). */
const lockKey = (space: 'sports_event' | 'sports_market', id: bigint | number | RawBuilder<unknown>) =>
  sql`hashtext(${sql.lit(space)}), (${typeof id === 'object' ? id : BigInt(id).toString()}::bigint % 2147483647)::int`;
export const eventLockKey = (eventId: bigint | number | RawBuilder<unknown>) => lockKey('sports_event', eventId);
export const marketLockKey = (marketId: bigint | number | RawBuilder<unknown>) => lockKey('sports_market', marketId);
const hundredths = (value: string) => Number(parseMinor(value));

/** A market's input checked against its type: the line where it has one, odds for exactly its selections. */
function checkedMarket(input: SportsMarketInput) {
  const codes = SPORTS_MARKET_SELECTIONS[input.type];
  const lined = SPORTS_LINED_MARKETS.includes(input.type);
  const given = Object.keys(input.odds);
  const minStake = parseMinor(input.minStake);
  const maxStake = parseMinor(input.maxStake);
  if (
    lined !== (input.line !== undefined) ||
    given.length !== codes.length ||
    !codes.every((code) => input.odds[code] !== undefined) ||
    minStake > maxStake
  ) {
    throw new AppError('sports.invalid_market', { type: input.type, selections: codes });
  }
  return {
    type: input.type,
    line: input.line === undefined ? null : hundredths(input.line),
    minStake,
    maxStake,
    odds: codes.map((code) => ({ code, odds: hundredths(input.odds[code]!) })),
  };
}

/**
 * The sportsbook's book keeping (issue 15 item 3, ADR 0024): events, markets and odds, kept by
 * operators (/admin/sports) and by the feed (modules/sports/feed) through the same calls; the
 * result settles every market and slip once (settlement.ts), a corrected result resettles.
 */
export function sportsBook({ db, ledger, secrets }: { db: Db; ledger: Ledger; secrets: SecretBox }) {
  const vendorBooks = new Map<number, Promise<SportsVendorBook>>();
  function vendorBookOf(merchantId: number): Promise<SportsVendorBook> {
    let known = vendorBooks.get(merchantId);
    if (!known) {
      known = ensureSportsVendorBook(db, secrets, merchantId);
      vendorBooks.set(merchantId, known);
      known.catch(() => vendorBooks.delete(merchantId));
    }
    return known;
  }
  const settler = slipSettler({ db, ledger });

  /**
   * After a result, correction or cancel has committed: its slips settled in the operator's (or
   * feed's) call for up to SETTLE_IN_CALL_MS, the rest in the background; the job finishes what a
   * crash leaves (ADR 0024 addendum).
   */
  async function settleMarked() {
    const { more } = await settler.settleDue(SETTLE_IN_CALL_MS);
    // A failure here loses nothing: the slips stay marked and the sports_settle job settles them.
    if (more)
      void settler.settleDue().catch((error: unknown) => {
        if (!isDatabaseGoingAway(error))
          console.warn('sports: background settlement failed:', (error as Error).message);
      });
  }

  async function audit(trx: Db, scope: BookScope, action: string, entity: string, id: bigint, detail: object) {
    if (scope.actor) await recordAudit(trx, scope.actor, { action, entity, entityId: id.toString(), after: detail });
  }

  async function sportOf(trx: Db, merchantId: number, code: SportCode) {
    const known = SPORTS_CATALOGUE[code];
    await trx
      .insertInto('sports_sports')
      .values({
        merchant_id: merchantId,
        code,
        kind: known.kind,
        name: JSON.stringify({ en: known.en, bn: known.bn }),
        sort_order: known.sort,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
      .execute();
    return trx
      .selectFrom('sports_sports')
      .select(['id', 'kind'])
      .where('merchant_id', '=', merchantId)
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
  }

  async function competitionOf(trx: Db, merchantId: number, sportId: number, input: SportsEventInput['competition']) {
    const row = await trx
      .insertInto('sports_competitions')
      .values({ merchant_id: merchantId, sport_id: sportId, code: input.code, name: JSON.stringify(input.name) })
      .onConflict((oc) => oc.columns(['sport_id', 'code']).doUpdateSet({ name: JSON.stringify(input.name) }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function addMarket(trx: Db, eventId: bigint, input: SportsMarketInput, sortOrder: number) {
    const market = checkedMarket(input);
    const row = await trx
      .insertInto('sports_markets')
      .values({
        event_id: eventId,
        type: market.type,
        line: market.line,
        min_stake: market.minStake,
        max_stake: market.maxStake,
        sort_order: sortOrder,
      })
      .onConflict((oc) => oc.columns(['event_id', 'type', 'line']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    await trx
      .insertInto('sports_selections')
      .values(market.odds.map(({ code, odds }) => ({ event_id: eventId, market_id: row.id, code, odds })))
      .execute();
    return row.id;
  }

  async function lockEvent(trx: Db, merchantId: number, eventId: number) {
    await sql`SELECT pg_advisory_xact_lock(${eventLockKey(eventId)})`.execute(trx);
    const row = await trx
      .selectFrom('sports_events')
      .selectAll()
      .where('id', '=', BigInt(eventId))
      .where('merchant_id', '=', merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('sports.event_not_found');
    return row;
  }

  async function lockMarket(trx: Db, merchantId: number, marketId: number) {
    await sql`SELECT pg_advisory_xact_lock(${marketLockKey(marketId)})`.execute(trx);
    const row = await trx
      .selectFrom('sports_markets as m')
      .innerJoin('sports_events as e', 'e.id', 'm.event_id')
      .selectAll('m')
      .select('e.status as event_status')
      .where('m.id', '=', BigInt(marketId))
      .where('e.merchant_id', '=', merchantId)
      .modifyEnd(sql`FOR UPDATE OF m`)
      .executeTakeFirst();
    if (!row) throw new AppError('sports.market_not_found');
    return row;
  }

  const requireState = (status: string, allowed: readonly string[]) => {
    if (!allowed.includes(status)) throw new AppError('sports.invalid_state', { status });
  };

  /** Every leg on the event's markets takes its outcome on the score (void markets' legs are void): one statement. */
  async function decideLegs(trx: Db, eventId: bigint, score: Score | null) {
    const markets = await trx
      .selectFrom('sports_markets')
      .select(['id', 'type', 'line', 'status'])
      .where('event_id', '=', eventId)
      .execute();
    const decided = markets.flatMap((market) =>
      SPORTS_MARKET_SELECTIONS[market.type].map((code) => ({
        market: market.id.toString(),
        code,
        outcome:
          score === null || market.status === 'void' ? 'void' : legOutcome(market.type, market.line, code, score),
      })),
    );
    if (decided.length === 0) return;
    await sql`
      UPDATE sports_slip_legs l SET outcome = v.outcome
        FROM unnest(${decided.map((d) => d.market)}::bigint[], ${decided.map((d) => d.code)}::text[],
                    ${decided.map((d) => d.outcome)}::text[]) AS v(market_id, code, outcome)
       WHERE l.event_id = ${eventId} AND l.market_id = v.market_id AND l.code = v.code
         AND l.outcome <> v.outcome`.execute(trx);
  }

  return {
    vendorBookOf,
    /** Settles every slip marked for settlement (the job, the server starting, the benchmark). */
    settleDue: settler.settleDue,

    /**
     * Creates an event (or, with an externalId the merchant has seen, updates its names, start and
     * hot flag) and adds the markets it does not have yet (a market is its type and line).
     */
    async upsertEvent(
      scope: BookScope,
      input: SportsEventInput & { externalId?: string | undefined },
      /** A transaction already open (the demo seed's); the book's own otherwise. */
      executor?: Db,
    ) {
      if (executor) await ensureSportsVendorBook(executor, secrets, scope.merchantId);
      else await vendorBookOf(scope.merchantId);
      const run = <T>(work: (trx: Db) => Promise<T>) => (executor ? work(executor) : db.transaction().execute(work));
      return run(async (trx) => {
        const sport = await sportOf(trx, scope.merchantId, input.sport);
        const competitionId = await competitionOf(trx, scope.merchantId, sport.id, input.competition);
        const values = {
          sport_id: sport.id,
          competition_id: competitionId,
          home: JSON.stringify(input.home),
          away: JSON.stringify(input.away),
          starts_at: new Date(input.startsAt),
          ...(input.isHot !== undefined && { is_hot: input.isHot }),
        };
        const existing =
          input.externalId === undefined
            ? undefined
            : await trx
                .selectFrom('sports_events')
                .select('id')
                .where('merchant_id', '=', scope.merchantId)
                .where('external_id', '=', input.externalId)
                .forUpdate()
                .executeTakeFirst();
        const event = existing
          ? await trx
              .updateTable('sports_events')
              .set({ ...values, updated_at: sql<Date>`now()` })
              .where('id', '=', existing.id)
              .returning('id')
              .executeTakeFirstOrThrow()
          : await trx
              .insertInto('sports_events')
              .values({ ...values, merchant_id: scope.merchantId, external_id: input.externalId ?? null })
              .returning('id')
              .executeTakeFirstOrThrow();
        const markets = input.markets ?? [];
        for (const [index, market] of markets.entries()) await addMarket(trx, event.id, market, index);
        const rows = await trx
          .selectFrom('sports_markets')
          .select(['id', 'type', 'line'])
          .where('event_id', '=', event.id)
          .orderBy('sort_order')
          .orderBy('id')
          .execute();
        const selections = await trx
          .selectFrom('sports_selections')
          .select(['id', 'market_id', 'code'])
          .where('event_id', '=', event.id)
          .orderBy('id')
          .execute();
        const answer = {
          eventId: Number(event.id),
          markets: rows.map((m) => ({
            id: Number(m.id),
            type: m.type,
            line: m.line,
            selections: selections.filter((s) => s.market_id === m.id).map((s) => ({ id: Number(s.id), code: s.code })),
          })),
        };
        await audit(trx, scope, existing ? 'update' : 'create', 'sportsEvents', event.id, { ...input, ...answer });
        return answer;
      });
    },

    /** Adds one market to an event not yet settled or cancelled. */
    async addMarket(scope: BookScope, eventId: number, input: SportsMarketInput) {
      await db.transaction().execute(async (trx) => {
        const event = await lockEvent(trx, scope.merchantId, eventId);
        requireState(event.status, ['scheduled', 'live', 'ended']);
        const id = await addMarket(trx, event.id, input, 100);
        if (id === null) throw new AppError('sports.invalid_market', { exists: true });
        await audit(trx, scope, 'create', 'sportsMarkets', id, input);
      });
    },

    async updateEvent(
      scope: BookScope,
      eventId: number,
      input: {
        home?: { bn: string; en: string } | undefined;
        away?: { bn: string; en: string } | undefined;
        startsAt?: string | undefined;
        isHot?: boolean | undefined;
      },
    ) {
      await db.transaction().execute(async (trx) => {
        const event = await lockEvent(trx, scope.merchantId, eventId);
        await trx
          .updateTable('sports_events')
          .set({
            ...(input.home && { home: JSON.stringify(input.home) }),
            ...(input.away && { away: JSON.stringify(input.away) }),
            ...(input.startsAt && { starts_at: new Date(input.startsAt) }),
            ...(input.isHot !== undefined && { is_hot: input.isHot }),
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', event.id)
          .execute();
        await audit(trx, scope, 'update', 'sportsEvents', event.id, input);
      });
    },

    /** New odds for a market's selections; slips already taken keep theirs. */
    async setOdds(scope: BookScope, marketId: number, odds: Partial<Record<SportsSelectionCode, string>>) {
      return db.transaction().execute(async (trx) => {
        const market = await lockMarket(trx, scope.merchantId, marketId);
        requireState(market.status, ['open', 'suspended']);
        const codes = SPORTS_MARKET_SELECTIONS[market.type];
        const entries = Object.entries(odds) as [SportsSelectionCode, string][];
        if (entries.length === 0 || entries.some(([code]) => !codes.includes(code))) {
          throw new AppError('sports.invalid_market', { type: market.type, selections: codes });
        }
        for (const [code, value] of entries) {
          await trx
            .updateTable('sports_selections')
            .set({ odds: hundredths(value), updated_at: sql<Date>`now()` })
            .where('market_id', '=', market.id)
            .where('code', '=', code)
            .execute();
        }
        await audit(trx, scope, 'odds', 'sportsMarkets', market.id, odds);
        return Number(market.event_id);
      });
    },

    /** Suspends a market (no bets, no cash-out) or opens it again. */
    async setMarketStatus(scope: BookScope, marketId: number, status: 'open' | 'suspended') {
      return db.transaction().execute(async (trx) => {
        const market = await lockMarket(trx, scope.merchantId, marketId);
        requireState(market.status, ['open', 'suspended']);
        await trx
          .updateTable('sports_markets')
          .set({ status, updated_at: sql<Date>`now()` })
          .where('id', '=', market.id)
          .execute();
        await audit(trx, scope, status === 'open' ? 'open' : 'suspend', 'sportsMarkets', market.id, { status });
        return Number(market.event_id);
      });
    },

    /** Scheduled, live (in play, still taking bets) or ended (no more bets; waiting for the result). */
    async setEventStatus(
      scope: BookScope,
      eventId: number,
      status: 'scheduled' | 'live' | 'ended',
      score?: Score | undefined,
    ) {
      await db.transaction().execute(async (trx) => {
        const event = await lockEvent(trx, scope.merchantId, eventId);
        requireState(event.status, ['scheduled', 'live', 'ended']);
        await trx
          .updateTable('sports_events')
          .set({
            status,
            ...(score && { home_score: score.home, away_score: score.away }),
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', event.id)
          .execute();
        await audit(trx, scope, 'status', 'sportsEvents', event.id, { status, score });
      });
    },

    /**
     * Records the final score in one transaction: the event locked (bets in flight commit first;
     * a second call waits and finds it settled), every market settled, every leg decided, every
     * open slip on the event marked; then the settlement pass pays each once (settlement.ts).
     */
    async recordResult(scope: BookScope, eventId: number, score: Score) {
      await db.transaction().execute(async (trx) => {
        const event = await lockEvent(trx, scope.merchantId, eventId);
        requireState(event.status, ['scheduled', 'live', 'ended']);
        await trx
          .updateTable('sports_markets')
          .set({ status: 'settled', updated_at: sql<Date>`now()` })
          .where('event_id', '=', event.id)
          .where('status', '<>', 'void')
          .execute();
        await decideLegs(trx, event.id, score);
        await trx
          .updateTable('sports_events')
          .set({
            status: 'settled',
            home_score: score.home,
            away_score: score.away,
            settled_at: sql<Date>`now()`,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', event.id)
          .execute();
        await settler.markDue(trx, event.id, 'open');
        await audit(trx, scope, 'result', 'sportsEvents', event.id, { score });
      });
      await settleMarked();
    },

    /**
     * A corrected result of a settled event: every leg decided again and every slip on the event
     * (but cashed-out ones) resettled, posting only the difference (settlement.ts).
     */
    async resettle(scope: BookScope, eventId: number, score: Score) {
      await db.transaction().execute(async (trx) => {
        const event = await lockEvent(trx, scope.merchantId, eventId);
        requireState(event.status, ['settled']);
        await decideLegs(trx, event.id, score);
        await trx
          .updateTable('sports_events')
          .set({
            home_score: score.home,
            away_score: score.away,
            corrections: event.corrections + 1,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', event.id)
          .execute();
        await settler.markDue(trx, event.id, 'all');
        await audit(trx, scope, 'correct', 'sportsEvents', event.id, {
          before: { home: event.home_score, away: event.away_score },
          score,
        });
      });
      await settleMarked();
    },

    /** Cancels an event not yet settled: its markets void, its legs void (singles refunded, multiples re-priced). */
    async cancelEvent(scope: BookScope, eventId: number) {
      await db.transaction().execute(async (trx) => {
        const event = await lockEvent(trx, scope.merchantId, eventId);
        requireState(event.status, ['scheduled', 'live', 'ended']);
        await trx
          .updateTable('sports_markets')
          .set({ status: 'void', updated_at: sql<Date>`now()` })
          .where('event_id', '=', event.id)
          .execute();
        await decideLegs(trx, event.id, null);
        await trx
          .updateTable('sports_events')
          .set({ status: 'cancelled', settled_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
          .where('id', '=', event.id)
          .execute();
        await settler.markDue(trx, event.id, 'open');
        await audit(trx, scope, 'cancel', 'sportsEvents', event.id, {});
      });
      await settleMarked();
    },
  };
}
export type SportsBook = ReturnType<typeof sportsBook>;
