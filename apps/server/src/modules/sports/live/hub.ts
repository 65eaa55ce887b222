import type pg from 'pg';
import type { SportsLiveChange } from '@khela/contracts';
import { channelListener } from '../../../db/channel-listener.ts';

/** The channel migration 0039's triggers notify on. */
export const SPORTS_CHANNEL = 'sports_changes';

/** What a trigger sends: small, odds in hundredths (formatted here, once per change). */
interface Notified {
  kind: 'odds' | 'market' | 'event';
  merchantId: number | null;
  eventId: number;
  marketId?: number;
  selectionId?: number;
  odds?: number;
  status?: string;
  home?: number | null;
  away?: number | null;
}

export interface SportsWatcher {
  merchantId: number;
  /** Only these events' changes; empty: every change of the merchant's book. */
  eventIds: ReadonlySet<number>;
  send(change: SportsLiveChange): void;
  close(): void;
}

const decimalOdds = (hundredths: number) => (hundredths / 100).toFixed(2);

export function liveChangeOf(notified: Notified): SportsLiveChange | null {
  switch (notified.kind) {
    case 'odds':
      return notified.marketId !== undefined && notified.selectionId !== undefined && notified.odds !== undefined
        ? {
            kind: 'odds',
            eventId: notified.eventId,
            marketId: notified.marketId,
            selectionId: notified.selectionId,
            odds: decimalOdds(notified.odds),
          }
        : null;
    case 'market':
      return notified.marketId !== undefined && notified.status
        ? { kind: 'market', eventId: notified.eventId, marketId: notified.marketId, status: notified.status }
        : null;
    case 'event':
      return notified.status
        ? {
            kind: 'event',
            eventId: notified.eventId,
            status: notified.status,
            score:
              notified.home === null ||
              notified.home === undefined ||
              notified.away === null ||
              notified.away === undefined
                ? null
                : { home: notified.home, away: notified.away },
          }
        : null;
    default:
      return null;
  }
}

/**
 * The open sportsbook pages of this instance (issue 15 item 3): one LISTEN connection per
 * instance hears every committed change of the book (whichever instance or process wrote it: an
 * operator, the feed pass) and passes each to the pages watching its merchant and event.
 */
export function sportsLiveHub(deps: { connect: () => pg.Client | null; onError?: (error: unknown) => void }) {
  const watchers = new Set<SportsWatcher>();
  const listener = channelListener({
    connect: deps.connect,
    channel: SPORTS_CHANNEL,
    onError: deps.onError,
    onMessage(payload) {
      if (!watchers.size) return;
      let notified: Notified;
      try {
        notified = JSON.parse(payload) as Notified;
      } catch {
        return;
      }
      const change = liveChangeOf(notified);
      if (!change) return;
      for (const watcher of watchers) {
        if (notified.merchantId !== null && notified.merchantId !== watcher.merchantId) continue;
        if (watcher.eventIds.size && !watcher.eventIds.has(change.eventId)) continue;
        watcher.send(change);
      }
    },
  });

  return {
    ready: listener.ready,
    /** Adds a page; returns its removal. */
    add(watcher: SportsWatcher): () => void {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    count: () => watchers.size,
    async close() {
      for (const watcher of watchers) watcher.close();
      watchers.clear();
      await listener.close();
    },
  };
}
export type SportsLiveHub = ReturnType<typeof sportsLiveHub>;
