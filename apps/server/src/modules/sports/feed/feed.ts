import type { SportsEventInput, SportsMarketType, SportsSelectionCode } from '@khela/contracts';

/**
 * A sports data feed (issue 15 item 3): an ordered log of changes, read from a cursor. The book
 * applies each change through its own service (book.ts), the same calls operators make, so a feed
 * can do nothing an operator cannot. Odds, lines and scores are as the operator calls take them
 * ("1.85", "-0.25"). A market is named within its event by its type and line.
 */
export interface FeedMarketRef {
  type: SportsMarketType;
  /** The line for HANDICAP, OVER_UNDER and MAP_HANDICAP ("-0.25"); absent for the others. */
  line?: string | undefined;
}

export type FeedChange =
  /** A new event with its markets, or the event's names, start time and hotness again. */
  | { type: 'event'; ref: string; event: SportsEventInput }
  | { type: 'odds'; ref: string; market: FeedMarketRef; odds: Partial<Record<SportsSelectionCode, string>> }
  | { type: 'market_status'; ref: string; market: FeedMarketRef; status: 'open' | 'suspended' }
  | {
      type: 'event_status';
      ref: string;
      status: 'live' | 'ended' | 'cancelled';
      score?: { home: number; away: number } | undefined;
    }
  /** The final score: the book settles the event's markets from it. */
  | { type: 'result'; ref: string; score: { home: number; away: number } };

export interface FeedEntry {
  /** The position after this change: pulling from it again yields what followed. */
  cursor: string;
  change: FeedChange;
}

export interface SportsFeed {
  /** The changes after `cursor` (null: from the start), oldest first, at most `limit`. */
  pull(cursor: string | null, limit: number): Promise<FeedEntry[]>;
}

/** A feed served over HTTP as the sandbox feed serves it: GET <url>/changes?after=&limit=. */
export function httpSportsFeed(url: string, timeoutMs = 5_000): SportsFeed {
  return {
    async pull(cursor, limit) {
      const target = new URL('changes', url.endsWith('/') ? url : `${url}/`);
      if (cursor !== null) target.searchParams.set('after', cursor);
      target.searchParams.set('limit', String(limit));
      const res = await fetch(target, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`sports feed ${url} answered ${res.status}`);
      const body = (await res.json()) as { entries?: FeedEntry[] };
      if (!Array.isArray(body.entries)) throw new Error(`sports feed ${url} answered no entries`);
      return body.entries;
    },
  };
}

/** A fixed list of changes (tests, replays): cursors are positions in the list. */
export function listSportsFeed(changes: readonly FeedChange[]): SportsFeed {
  return {
    async pull(cursor, limit) {
      const from = cursor === null ? 0 : Number(cursor);
      return changes.slice(from, from + limit).map((change, i) => ({ cursor: String(from + i + 1), change }));
    },
  };
}
