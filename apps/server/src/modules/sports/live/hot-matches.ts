import type { Language, SportsHotMatch } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';

/** How many hot matches the home page shows, and how long one merchant's list in one language is kept. */
export const HOT_MATCHES = 10;
export const HOT_MATCHES_TTL_MS = 5_000;

/** The market shown with a match: 1X2 for sports, the match winner for e-sports, else the first open one. */
const MAIN_MARKETS = ['ONE_X_TWO', 'MATCH_WINNER'];

const decimal = (hundredths: number) => (hundredths / 100).toFixed(2);

/**
 * Hot matches (issue 15 item 3; endpoints.md §3 GCSGAME_getGameMatchV2: league, match, time, bet):
 * events an operator or the feed marked hot that are live or still to come, live first, then by
 * start time. Kept briefly per merchant and language: the home page of every visitor asks.
 */
export function hotMatches(db: Db, options: { ttlMs?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? HOT_MATCHES_TTL_MS;
  const now = options.now ?? Date.now;
  const kept = new Map<string, { until: number; list: Promise<SportsHotMatch[]> }>();

  async function read(merchantId: number, language: Language): Promise<SportsHotMatch[]> {
    const events = await db
      .selectFrom('sports_events as e')
      .innerJoin('sports_sports as s', 's.id', 'e.sport_id')
      .innerJoin('sports_competitions as c', 'c.id', 'e.competition_id')
      .select([
        'e.id',
        'e.home',
        'e.away',
        'e.starts_at',
        'e.status',
        'e.home_score',
        'e.away_score',
        's.code as sport',
        's.kind',
        'c.name as league',
      ])
      .where('e.merchant_id', '=', merchantId)
      .where('e.is_hot', '=', true)
      .where('e.status', 'in', ['live', 'scheduled'])
      .orderBy((eb) => eb.case().when('e.status', '=', 'live').then(0).else(1).end())
      .orderBy('e.starts_at')
      .orderBy('e.id')
      .limit(HOT_MATCHES)
      .execute();
    if (!events.length) return [];
    const eventIds = events.map((e) => e.id);
    const markets = await db
      .selectFrom('sports_markets')
      .select(['id', 'event_id', 'type', 'sort_order'])
      .where('event_id', 'in', eventIds)
      .where('status', '=', 'open')
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    const mainOf = new Map<bigint, (typeof markets)[number]>();
    for (const market of markets) {
      const chosen = mainOf.get(market.event_id);
      const preferred = MAIN_MARKETS.includes(market.type);
      if (!chosen || (preferred && !MAIN_MARKETS.includes(chosen.type))) mainOf.set(market.event_id, market);
    }
    const mainIds = [...mainOf.values()].map((m) => m.id);
    const selections = mainIds.length
      ? await db
          .selectFrom('sports_selections')
          .select(['id', 'market_id', 'code', 'odds'])
          .where('market_id', 'in', mainIds)
          .orderBy('id')
          .execute()
      : [];
    const name = (value: { en: string; bn: string }) => value[language] || value.en;
    return events.map((e) => {
      const main = mainOf.get(e.id);
      const home = name(e.home);
      const away = name(e.away);
      return {
        eventId: Number(e.id),
        kind: e.kind,
        sport: e.sport,
        league: name(e.league),
        match: `${home} vs ${away}`,
        home,
        away,
        time: e.starts_at.toISOString(),
        status: e.status,
        score: e.home_score === null || e.away_score === null ? null : { home: e.home_score, away: e.away_score },
        bet: main
          ? {
              marketId: Number(main.id),
              type: main.type,
              selections: selections
                .filter((s) => s.market_id === main.id)
                .map((s) => ({ id: Number(s.id), code: s.code, odds: decimal(s.odds) })),
            }
          : null,
      };
    });
  }

  return {
    list(merchantId: number, language: Language): Promise<SportsHotMatch[]> {
      const key = `${merchantId}:${language}`;
      const at = now();
      const hit = kept.get(key);
      if (hit && hit.until > at) return hit.list;
      const list = read(merchantId, language);
      kept.set(key, { until: at + ttlMs, list });
      list.catch(() => kept.delete(key));
      return list;
    },
  };
}
