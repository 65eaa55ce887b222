import type { CacheChange, ChangeFeed } from './change-feed.ts';

/** For unit tests: a feed the test drives, listening or not, with changes announced by hand. */
export function fakeChangeFeed() {
  const subscribers = new Set<(change: CacheChange) => void>();
  const feed = {
    listening: true,
    start: async () => undefined,
    isListening: () => feed.listening,
    subscribe(fn: (change: CacheChange) => void) {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    announce: (change: CacheChange) => subscribers.forEach((fn) => fn(change)),
    close: async () => undefined,
  };
  return feed as typeof feed & ChangeFeed;
}
