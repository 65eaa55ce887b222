/**
 * Values that never change once made (a merchant's own-book integration, a crash chain's hashes),
 * loaded once per key by this instance and kept (past maxEntries it starts again from empty): every caller while the load runs shares it, and a
 * load that fails is forgotten, so the next call tries again.
 */
export function keptPerKey<K, V>(options: { maxEntries?: number } = {}) {
  const kept = new Map<K, Promise<V>>();
  return {
    get(key: K, load: () => Promise<V>): Promise<V> {
      let known = kept.get(key);
      if (!known) {
        if (options.maxEntries !== undefined && kept.size >= options.maxEntries) kept.clear();
        known = load();
        kept.set(key, known);
        known.catch(() => kept.delete(key));
      }
      return known;
    },
    /** The value changed (a seed pair rotated): the next get loads it again. */
    forget(key: K): void {
      kept.delete(key);
    },
  };
}
