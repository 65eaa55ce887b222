import type { CrashEvent } from '@khela/contracts';
import { channelListener } from '../../../../db/channel-listener.ts';
import type pg from 'pg';
import { CRASH_CHANNEL, crashEventOf, type CrashAnnouncement } from './crash-game.ts';

export interface CrashWatcher {
  send(event: CrashEvent): void;
  close(): void;
}

/**
 * The crash screens watching from this instance (issue 12 item 2): whichever instance leads a
 * merchant's rounds, its NOTIFY reaches every instance, and each passes it to its own watchers of
 * that merchant. An event is made once and written to every watcher.
 */
export function crashWatchers(deps: { connect: () => pg.Client | null; onError?: (error: unknown) => void }) {
  const byMerchant = new Map<number, Set<CrashWatcher>>();
  const listener = channelListener({
    connect: deps.connect,
    channel: CRASH_CHANNEL,
    onError: deps.onError,
    onMessage(payload) {
      let announcement: CrashAnnouncement;
      try {
        announcement = JSON.parse(payload) as CrashAnnouncement;
      } catch {
        return;
      }
      const watchers = byMerchant.get(announcement.merchantId);
      if (!watchers?.size) return;
      const event = crashEventOf(announcement);
      for (const watcher of watchers) watcher.send(event);
    },
  });

  return {
    ready: listener.ready,

    /** Adds a watcher of the merchant's rounds; returns its removal. */
    add(merchantId: number, watcher: CrashWatcher): () => void {
      let watchers = byMerchant.get(merchantId);
      if (!watchers) byMerchant.set(merchantId, (watchers = new Set()));
      watchers.add(watcher);
      return () => {
        watchers.delete(watcher);
        if (!watchers.size) byMerchant.delete(merchantId);
      };
    },

    count: () => [...byMerchant.values()].reduce((sum, watchers) => sum + watchers.size, 0),

    async close() {
      for (const watchers of byMerchant.values()) for (const watcher of watchers) watcher.close();
      byMerchant.clear();
      await listener.close();
    },
  };
}
export type CrashWatchers = ReturnType<typeof crashWatchers>;
