import type pg from 'pg';

/** The channel migration 0012's triggers announce catalogue and site changes on. */
export const CACHE_CHANGES_CHANNEL = 'khela_cache_changes';

/** What a change touched: a merchant's games catalogue, what every request reads (site), its members' sessions. */
export type CacheScope = 'catalogue' | 'site' | 'sessions';
const SCOPES: readonly unknown[] = ['catalogue', 'site', 'sessions'] satisfies CacheScope[];

/**
 * A change heard on the channel (or made by this instance). `scope` and `merchantId` null: anything
 * may have changed (the listening connection was lost, so changes may have gone unheard).
 */
export interface CacheChange {
  scope: CacheScope | null;
  merchantId: number | null;
}

export interface ChangeFeedDeps {
  /** A fresh connection that is not part of the pool (LISTEN holds it); null: no feed at all. */
  connect: () => pg.Client | null;
  reconnectDelayMs?: number;
  onError?: (error: unknown) => void;
}

function parse(payload: string | undefined): CacheChange {
  try {
    const { scope, merchantId } = JSON.parse(payload ?? '') as { scope?: unknown; merchantId?: unknown };
    if (SCOPES.includes(scope) && Number.isInteger(merchantId)) {
      return { scope: scope as CacheScope, merchantId: merchantId as number };
    }
  } catch {
    // An unreadable payload is treated as "anything may have changed".
  }
  return { scope: null, merchantId: null };
}

/**
 * The instance's ear for cache invalidation (issue 11 item 2), mirroring the member events hub: one
 * dedicated connection LISTENs on khela_cache_changes; the triggers of migration 0012 NOTIFY in the
 * writer's transaction, so every instance hears a change once it is committed. While the connection
 * is down nothing may be cached (`listening` is false) and on every loss subscribers are told that
 * anything may have changed; caches also expire on their own (a short TTL) as a backstop.
 */
export function changeFeed(deps: ChangeFeedDeps) {
  const subscribers = new Set<(change: CacheChange) => void>();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let starting: Promise<void> | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;

  function emit(change: CacheChange) {
    for (const subscriber of subscribers) subscriber(change);
  }

  function lost(lostClient: pg.Client) {
    if (client !== lostClient) return;
    client = null;
    listening = false;
    lostClient.removeAllListeners('notification');
    void lostClient.end().catch(() => undefined);
    emit({ scope: null, merchantId: null });
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void start();
    }, deps.reconnectDelayMs ?? 1000);
    reconnectTimer.unref();
  }

  async function listen(): Promise<void> {
    const fresh = deps.connect();
    if (!fresh) return;
    try {
      await fresh.connect();
      fresh.on('notification', (message) => {
        if (message.channel === CACHE_CHANGES_CHANNEL) emit(parse(message.payload));
      });
      fresh.once('error', () => lost(fresh));
      fresh.once('end', () => lost(fresh));
      await fresh.query(`LISTEN ${CACHE_CHANGES_CHANNEL}`);
      if (closed) {
        await fresh.end().catch(() => undefined);
        return;
      }
      client = fresh;
      // Whatever was read before this instant may be stale: start from nothing.
      emit({ scope: null, merchantId: null });
      listening = true;
    } catch (error) {
      fresh.removeAllListeners('notification');
      fresh.removeAllListeners('end');
      void fresh.end().catch(() => undefined);
      deps.onError?.(error);
      scheduleReconnect();
    }
  }

  /** Starts listening (again); resolves once listening or once the attempt failed (it retries). */
  function start(): Promise<void> {
    if (closed || client) return Promise.resolve();
    starting ??= listen().finally(() => {
      starting = null;
    });
    return starting;
  }

  return {
    start,

    /** Whether changes are being heard right now: caches keep nothing while they are not. */
    isListening: () => listening,

    subscribe(subscriber: (change: CacheChange) => void): () => void {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },

    /**
     * A change this instance has just committed: its own caches drop it at once, before the
     * answer goes out (the NOTIFY tells the other instances, and this one again, a moment later).
     */
    announce(change: CacheChange) {
      emit(change);
    },

    async close(): Promise<void> {
      closed = true;
      listening = false;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await starting?.catch(() => undefined);
      const open = client;
      client = null;
      if (open) {
        open.removeAllListeners('notification');
        open.removeAllListeners('end');
        await open.end().catch(() => undefined);
      }
    },
  };
}
export type ChangeFeed = ReturnType<typeof changeFeed>;
