import type { CacheScope, ChangeFeed } from './change-feed.ts';

export interface MemoCacheOptions {
  feed: ChangeFeed;
  /** The changes that drop entries: those of this scope (and every "anything may have changed"). */
  scope: CacheScope;
  /** How long an entry is served without hearing of a change (the backstop); 0 caches nothing. */
  ttlMs: number;
  /** A change of one merchant drops every entry, not only that merchant's. */
  dropAllOnChange?: boolean;
  /** Entries kept per group (merchant); past it the group starts again from empty. */
  maxEntries?: number;
  now?: () => number;
}

interface Group<V> {
  entries: Map<string, { value: V; expiresAt: number }>;
  pending: Map<string, Promise<V>>;
}

/**
 * Values kept per instance, grouped by merchant (null: values of no one merchant), each loaded once
 * however many requests ask at the same time. A change heard on the feed drops the group at once;
 * a load that began before the drop still answers its own callers but is not kept, so nothing read
 * before a change is served after it. Nothing is kept while the feed is not listening.
 */
export function memoCache<V>(options: MemoCacheOptions) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 5000;
  let groups = new Map<number | null, Group<V>>();

  function drop(merchantId: number | null) {
    groups.delete(merchantId);
  }

  function dropAll() {
    groups = new Map();
  }

  options.feed.subscribe((change) => {
    if (change.scope === null || (change.scope === options.scope && options.dropAllOnChange)) dropAll();
    else if (change.scope === options.scope) drop(change.merchantId);
  });

  function groupOf(merchantId: number | null): Group<V> {
    let group = groups.get(merchantId);
    if (!group) {
      group = { entries: new Map(), pending: new Map() };
      groups.set(merchantId, group);
    }
    return group;
  }

  return {
    /** The kept value of `key`, else the one `load` gives (kept for the TTL unless a change comes first). */
    get(merchantId: number | null, key: string, load: () => Promise<V>): Promise<V> {
      if (options.ttlMs <= 0 || !options.feed.isListening()) return load();
      const group = groupOf(merchantId);
      const hit = group.entries.get(key);
      if (hit && hit.expiresAt > now()) return Promise.resolve(hit.value);
      const pending = group.pending.get(key);
      if (pending) return pending;
      const loading = load().then(
        (value) => {
          // Kept only if no change dropped the group while loading and changes are still heard.
          if (groups.get(merchantId) === group && options.feed.isListening()) {
            if (group.entries.size >= maxEntries) group.entries.clear();
            group.entries.set(key, { value, expiresAt: now() + options.ttlMs });
          }
          if (group.pending.get(key) === loading) group.pending.delete(key);
          return value;
        },
        (error: unknown) => {
          if (group.pending.get(key) === loading) group.pending.delete(key);
          throw error;
        },
      );
      group.pending.set(key, loading);
      return loading;
    },

    /** The kept value of `key` if there is one now, without loading (a synchronous fast path). */
    peek(merchantId: number | null, key: string): V | undefined {
      if (options.ttlMs <= 0 || !options.feed.isListening()) return undefined;
      const hit = groups.get(merchantId)?.entries.get(key);
      return hit && hit.expiresAt > now() ? hit.value : undefined;
    },

    /** Drops one merchant's entries (or, with null, those of no merchant). */
    drop,
    dropAll,
  };
}
export type MemoCache<V> = ReturnType<typeof memoCache<V>>;
