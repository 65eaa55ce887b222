import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { SportsBook } from '../book.ts';
import { httpSportsFeed, type FeedChange, type FeedMarketRef, type SportsFeed } from './feed.ts';

/** Changes asked for at once, and the most batches one pass applies per feed (the next pass goes on). */
const BATCH = 200;
const MAX_BATCHES = 25;

export interface FeedPassResult {
  feeds: number;
  applied: number;
  /** Changes the book refused (an unknown event or market, a state it cannot take): passed over. */
  refused: number;
  failed: number;
}

/** The longest wait between feed passes while no feed has anything new (the job queue's minute pass besides). */
export const FEED_IDLE_MAX_MS = 30_000;

/**
 * The wait before the next feed pass: feedTickMs while changes come; doubled after each pass that
 * applied, refused and failed nothing (no feed on, or none moved), up to FEED_IDLE_MAX_MS.
 */
export function feedDelayAfter(pass: FeedPassResult, delayMs: number, tickMs: number): number {
  if (pass.applied + pass.refused + pass.failed > 0) return tickMs;
  return Math.min(Math.max(tickMs, delayMs * 2), Math.max(tickMs, FEED_IDLE_MAX_MS));
}

const lineOf = (market: FeedMarketRef) => (market.line === undefined ? null : Math.round(Number(market.line) * 100));

/**
 * The feed pass (issue 15 item 3): each merchant's feeds are read from their cursors and every
 * change applied through the book's service (book.ts), the calls operators make. A feed is
 * applied by one pass at a time (its row locked, SKIP LOCKED: another instance's pass moves on),
 * and the cursor moves with every change. Each change is applied so that applying it again
 * changes nothing (an upsert by external id, absolute odds, a status or result the event already
 * has is passed over): should a pass stop between a change and its cursor, the next pass repeats
 * that change to no effect, so nothing is lost and nothing is applied twice.
 */
export function sportsFeedPass(deps: {
  db: Db;
  book: SportsBook;
  /** The feed a row names (tests give fixed lists); an HTTP feed at the row's URL by default. */
  feedOf?: (row: { id: number; name: string; url: string }) => SportsFeed;
  onError?: (error: unknown, feed: string) => void;
}) {
  const { db, book } = deps;
  const feedOf = deps.feedOf ?? ((row) => httpSportsFeed(row.url));

  async function eventOf(merchantId: number, ref: string) {
    const row = await db
      .selectFrom('sports_events')
      .select(['id', 'status', 'home_score', 'away_score'])
      .where('merchant_id', '=', merchantId)
      .where('external_id', '=', ref)
      .executeTakeFirst();
    if (!row) throw new AppError('sports.event_not_found');
    return row;
  }

  async function marketOf(merchantId: number, ref: string, market: FeedMarketRef) {
    const event = await eventOf(merchantId, ref);
    const line = lineOf(market);
    const row = await db
      .selectFrom('sports_markets')
      .select(['id', 'status'])
      .where('event_id', '=', event.id)
      .where('type', '=', market.type)
      .where((eb) => (line === null ? eb('line', 'is', null) : eb('line', '=', line)))
      .executeTakeFirst();
    if (!row) throw new AppError('sports.market_not_found');
    return row;
  }

  /** Applies one change; false when it changed nothing (already applied). */
  async function apply(merchantId: number, change: FeedChange): Promise<boolean> {
    const scope = { merchantId };
    switch (change.type) {
      case 'event': {
        // A finished event is not touched again (a repeated or late announcement).
        const known = await eventOf(merchantId, change.ref).catch(() => null);
        if (known && (known.status === 'settled' || known.status === 'cancelled')) return false;
        await book.upsertEvent(scope, { ...change.event, externalId: change.ref });
        return true;
      }
      case 'odds': {
        const market = await marketOf(merchantId, change.ref, change.market);
        if (market.status !== 'open' && market.status !== 'suspended') return false;
        await book.setOdds(scope, Number(market.id), change.odds);
        return true;
      }
      case 'market_status': {
        const market = await marketOf(merchantId, change.ref, change.market);
        if (market.status === change.status || (market.status !== 'open' && market.status !== 'suspended'))
          return false;
        await book.setMarketStatus(scope, Number(market.id), change.status);
        return true;
      }
      case 'event_status': {
        const event = await eventOf(merchantId, change.ref);
        if (event.status === 'settled' || event.status === 'cancelled') return false;
        if (change.status === 'cancelled') {
          await book.cancelEvent(scope, Number(event.id));
          return true;
        }
        const sameScore =
          !change.score || (event.home_score === change.score.home && event.away_score === change.score.away);
        if (event.status === change.status && sameScore) return false;
        await book.setEventStatus(scope, Number(event.id), change.status, change.score);
        return true;
      }
      case 'result': {
        const event = await eventOf(merchantId, change.ref);
        if (event.status === 'settled' || event.status === 'cancelled') return false;
        await book.recordResult(scope, Number(event.id), change.score);
        return true;
      }
      default:
        return false;
    }
  }

  async function runFeed(feedId: number, result: FeedPassResult) {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('sports_feeds')
        .select(['id', 'merchant_id', 'name', 'url', 'cursor'])
        .where('id', '=', feedId)
        .where('status', '=', 'on')
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return;
      result.feeds++;
      const feed = feedOf(row);
      let cursor = row.cursor;
      let lastError: string | null = null;
      passes: for (let batch = 0; batch < MAX_BATCHES; batch++) {
        let entries;
        try {
          entries = await feed.pull(cursor, BATCH);
        } catch (error) {
          lastError = `pull: ${(error as Error).message}`;
          deps.onError?.(error, row.name);
          break;
        }
        for (const entry of entries) {
          try {
            if (await apply(row.merchant_id, entry.change)) result.applied++;
          } catch (error) {
            if (!(error instanceof AppError)) {
              // The database or the book failed: stop here and try this change again next pass.
              lastError = `apply ${entry.cursor}: ${(error as Error).message}`;
              result.failed++;
              deps.onError?.(error, row.name);
              break passes;
            }
            result.refused++;
            lastError = `refused ${entry.cursor} (${entry.change.type} ${entry.change.ref}): ${error.code}`;
          }
          cursor = entry.cursor;
          await trx
            .updateTable('sports_feeds')
            .set({ cursor, applied: sql`applied + 1`, updated_at: sql`now()` })
            .where('id', '=', row.id)
            .execute();
        }
        if (entries.length < BATCH) break;
      }
      await trx
        .updateTable('sports_feeds')
        .set({ last_pulled_at: sql`now()`, last_error: lastError })
        .where('id', '=', row.id)
        .execute();
    });
  }

  return {
    async runPass(): Promise<FeedPassResult> {
      const result: FeedPassResult = { feeds: 0, applied: 0, refused: 0, failed: 0 };
      const feeds = await db.selectFrom('sports_feeds').select('id').where('status', '=', 'on').orderBy('id').execute();
      for (const { id } of feeds) await runFeed(id, result);
      return result;
    },
  };
}
