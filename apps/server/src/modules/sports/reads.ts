import type { z } from 'zod';
import { sql } from 'kysely';
import type {
  ADMIN_CORRECTION_SORTS,
  ADMIN_SPORTS_EVENT_SORTS,
  AdminSportsEvent,
  Language,
  SportCode,
  SportsEvent,
  SportsEventsQuery,
  SportsMarket,
  SportsMenu,
  sportsAdminEndpoints,
} from '@khela/contracts';
import { toDecimalString } from '@khela/money';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { sortedPageOfRows, type SortedPageQuery } from '../cashier/records.ts';
import { BETTABLE } from './book.ts';

export const oddsText = (hundredths: number | bigint) => toDecimalString(BigInt(hundredths));
export const lineText = (line: number | null) => (line === null ? null : toDecimalString(BigInt(line)));
const named = (name: { en: string; bn: string }, language: Language) => name[language] || name.en;

const eventsWithNames = (db: Db) =>
  db
    .selectFrom('sports_events as e')
    .innerJoin('sports_sports as sp', 'sp.id', 'e.sport_id')
    .innerJoin('sports_competitions as c', 'c.id', 'e.competition_id')
    .selectAll('e')
    .select(['sp.code as sport_code', 'sp.kind', 'c.name as competition_name']);
type EventWithNames = Awaited<ReturnType<ReturnType<typeof eventsWithNames>['executeTakeFirstOrThrow']>>;

/** The markets (with selections) of some events; `main`: one per type, the first by sort order. */
async function marketsOf(db: Db, eventIds: bigint[], main: boolean) {
  if (eventIds.length === 0) return new Map<bigint, SportsMarket[]>();
  const [markets, selections] = await Promise.all([
    db
      .selectFrom('sports_markets')
      .selectAll()
      .where('event_id', 'in', eventIds)
      .orderBy('event_id')
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('sports_selections')
      .select(['id', 'market_id', 'code', 'odds'])
      .where('event_id', 'in', eventIds)
      .orderBy('id')
      .execute(),
  ]);
  const byMarket = new Map<bigint, typeof selections>();
  for (const s of selections) byMarket.set(s.market_id, [...(byMarket.get(s.market_id) ?? []), s]);
  const answer = new Map<bigint, SportsMarket[]>();
  for (const m of markets) {
    const list = answer.get(m.event_id) ?? [];
    if (main && list.some((known) => known.type === m.type)) continue;
    list.push({
      id: Number(m.id),
      type: m.type,
      line: lineText(m.line),
      status: m.status,
      minStake: toDecimalString(m.min_stake),
      maxStake: toDecimalString(m.max_stake),
      selections: (byMarket.get(m.id) ?? []).map((s) => ({ id: Number(s.id), code: s.code, odds: oddsText(s.odds) })),
    });
    answer.set(m.event_id, list);
  }
  return answer;
}

function eventView(row: EventWithNames, language: Language, markets: SportsMarket[]): SportsEvent {
  return {
    id: Number(row.id),
    kind: row.kind,
    sport: row.sport_code as SportCode,
    competitionId: row.competition_id,
    competition: named(row.competition_name, language),
    home: named(row.home, language),
    away: named(row.away, language),
    startsAt: row.starts_at.toISOString(),
    status: row.status,
    score: row.home_score === null || row.away_score === null ? null : { home: row.home_score, away: row.away_score },
    isHot: row.is_hot,
    bettable: BETTABLE.includes(row.status),
    markets,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What members read: the menu, the event lists and one event (visitors may browse; §2). */
type AdminCorrectionsQuery = NonNullable<z.output<NonNullable<(typeof sportsAdminEndpoints.corrections)['query']>>>;
const EVENT_SORT_COLUMNS = {
  startsAt: 'e.starts_at',
  status: 'e.status',
  id: 'e.id',
} as const satisfies Record<(typeof ADMIN_SPORTS_EVENT_SORTS)[number], string>;
const CORRECTION_SORT_COLUMNS = {
  updatedAt: 'updated_at',
  outstanding: 'outstanding',
  slipId: 'id',
} as const satisfies Record<(typeof ADMIN_CORRECTION_SORTS)[number], string>;

export function sportsReads(db: Db) {
  return {
    async menu(merchantId: number, language: Language, kind?: 'SPORTS' | 'ESPORTS'): Promise<SportsMenu> {
      const [sports, competitions, counts] = await Promise.all([
        db
          .selectFrom('sports_sports')
          .selectAll()
          .where('merchant_id', '=', merchantId)
          .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('sports_competitions')
          .selectAll()
          .where('merchant_id', '=', merchantId)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('sports_events')
          .select(['competition_id', 'status', sql<string>`count(*)::text`.as('n')])
          .where('merchant_id', '=', merchantId)
          .where('status', 'in', ['scheduled', 'live'])
          .groupBy(['competition_id', 'status'])
          .execute(),
      ]);
      const count = (competitionId: number, status: 'live' | 'scheduled') =>
        Number(counts.find((c) => c.competition_id === competitionId && c.status === status)?.n ?? 0);
      return {
        sports: sports.map((sport) => {
          const own = competitions
            .filter((c) => c.sport_id === sport.id)
            .map((c) => ({
              id: c.id,
              name: named(c.name, language),
              live: count(c.id, 'live'),
              upcoming: count(c.id, 'scheduled'),
            }));
          return {
            code: sport.code as SportCode,
            kind: sport.kind,
            name: named(sport.name, language),
            live: own.reduce((n, c) => n + c.live, 0),
            upcoming: own.reduce((n, c) => n + c.upcoming, 0),
            competitions: own,
          };
        }),
      };
    },

    /** Events taking bets (live first, then by start), filtered; each with its main markets. */
    async events(merchantId: number, language: Language, query: SportsEventsQuery) {
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 20;
      const statuses =
        query.tab === 'live' ? ['live'] : query.tab === 'upcoming' ? ['scheduled'] : ['live', 'scheduled'];
      const filtered = eventsWithNames(db)
        .where('e.merchant_id', '=', merchantId)
        .where('e.status', 'in', statuses as ('live' | 'scheduled')[])
        .$if(query.kind !== undefined, (q) => q.where('sp.kind', '=', query.kind!))
        .$if(query.sport !== undefined, (q) => q.where('sp.code', '=', query.sport!))
        .$if(query.competition !== undefined, (q) => q.where('e.competition_id', '=', query.competition!))
        .$if(query.hot !== undefined, (q) => q.where('e.is_hot', '=', true));
      const [rows, total] = await Promise.all([
        filtered
          .orderBy(sql`e.status = 'live'`, 'desc')
          .orderBy('e.starts_at')
          .orderBy('e.id')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        filtered
          .clearSelect()
          .select(sql<string>`count(*)::text`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const markets = await marketsOf(
        db,
        rows.map((r) => r.id),
        true,
      );
      return {
        list: rows.map((row) => eventView(row, language, markets.get(row.id) ?? [])),
        total: Number(total.n),
        pageNo,
        pageSize,
      };
    },

    async event(merchantId: number, language: Language, eventId: number): Promise<SportsEvent> {
      const row = await eventsWithNames(db)
        .where('e.merchant_id', '=', merchantId)
        .where('e.id', '=', BigInt(eventId))
        .executeTakeFirst();
      if (!row) throw new AppError('sports.event_not_found');
      const markets = await marketsOf(db, [row.id], false);
      return eventView(row, language, markets.get(row.id) ?? []);
    },

    /** The operator's view of events: every market, the open stakes, the result and its corrections. */
    async adminEvents(
      merchantId: number,
      query: SortedPageQuery<(typeof ADMIN_SPORTS_EVENT_SORTS)[number]> & {
        status?: SportsEvent['status'] | undefined;
        id?: number;
      },
    ) {
      const filtered = eventsWithNames(db)
        .where('e.merchant_id', '=', merchantId)
        .$if(query.status !== undefined, (q) => q.where('e.status', '=', query.status!))
        .$if(query.id !== undefined, (q) => q.where('e.id', '=', BigInt(query.id!)));
      const {
        list: rows,
        total,
        pageNo,
        pageSize,
      } = await sortedPageOfRows(
        filtered,
        query,
        EVENT_SORT_COLUMNS[query.sort ?? 'startsAt'],
        (found) => found,
        'e.id',
      );
      const ids = rows.map((r) => r.id);
      const markets = await marketsOf(db, ids, false);
      const stakes = ids.length
        ? await db
            .selectFrom('sports_slip_legs as l')
            .innerJoin('sports_slips as s', 's.id', 'l.slip_id')
            .select([
              'l.event_id',
              sql<string>`count(*)::text`.as('n'),
              sql<string>`coalesce(sum(s.stake), 0)::text`.as('staked'),
            ])
            .where('l.event_id', 'in', ids)
            .where('s.status', '=', 'open')
            .groupBy('l.event_id')
            .execute()
        : [];
      const list: AdminSportsEvent[] = rows.map((row) => {
        const open = stakes.find((s) => s.event_id === row.id);
        return {
          ...eventView(row, 'en', markets.get(row.id) ?? []),
          names: { home: row.home, away: row.away },
          openSlips: Number(open?.n ?? 0),
          openStake: toDecimalString(BigInt(open?.staked ?? '0')),
          result:
            row.status === 'settled' && row.home_score !== null && row.away_score !== null
              ? { home: row.home_score, away: row.away_score }
              : null,
          corrections: row.corrections,
        };
      });
      return { list, total, pageNo, pageSize };
    },

    async adminEvent(merchantId: number, eventId: number): Promise<AdminSportsEvent> {
      const found = await this.adminEvents(merchantId, { id: eventId, pageSize: 1 });
      if (!found.list[0]) throw new AppError('sports.event_not_found');
      return found.list[0];
    },

    /** GET /admin/sports/corrections: one page of slips still owing a take-back, latest first unless asked. */
    async corrections(merchantId: number, query: AdminCorrectionsQuery) {
      let base = db.selectFrom('sports_slips').where('merchant_id', '=', merchantId).where('outstanding', '>', 0n);
      if (query.memberId !== undefined) base = base.where('member_id', '=', query.memberId);
      return sortedPageOfRows(
        base.select(['id', 'member_id', 'outstanding', 'updated_at']),
        query,
        CORRECTION_SORT_COLUMNS[query.sort ?? 'updatedAt'],
        (rows) =>
          rows.map((r) => ({
            slipId: Number(r.id),
            memberId: r.member_id,
            outstanding: toDecimalString(r.outstanding),
            updatedAt: r.updated_at.toISOString(),
          })),
      );
    },
  };
}
