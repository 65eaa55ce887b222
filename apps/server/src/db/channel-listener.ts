import type pg from 'pg';

export interface ChannelListenerDeps {
  /** A fresh connection outside the pool (LISTEN holds it). */
  connect: () => pg.Client | null;
  channel: string;
  onMessage: (payload: string) => void;
  /** Waits before listening again after the connection was lost. */
  reconnectDelayMs?: number;
  /** Told when a listen fails or a connection is lost (then retried). */
  onError?: (error: unknown) => void;
}

/**
 * One LISTEN connection of this instance on a PostgreSQL channel: NOTIFY reaches every instance at
 * the writer's commit. A lost connection is listened on again after a pause until close().
 */
export function channelListener(deps: ChannelListenerDeps) {
  let listening: Promise<pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  function forget(client: pg.Client, error?: unknown) {
    client.removeAllListeners('notification');
    if (listening === null) return;
    listening = null;
    void client.end().catch(() => undefined);
    if (error !== undefined) deps.onError?.(error);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void ready().catch(() => undefined);
      }, deps.reconnectDelayMs ?? 1000);
      retry.unref();
    }
  }

  async function listen(): Promise<pg.Client> {
    const client = deps.connect();
    if (!client) throw new Error(`no database connection to listen on ${deps.channel}`);
    try {
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === deps.channel && message.payload !== undefined) deps.onMessage(message.payload);
      });
      client.once('error', (error) => forget(client, error));
      client.once('end', () => forget(client));
      await client.query(`LISTEN ${deps.channel}`);
      return client;
    } catch (error) {
      void client.end().catch(() => undefined);
      throw error;
    }
  }

  /** Resolves once this instance is listening: notifications committed after it are heard. */
  function ready(): Promise<pg.Client> {
    if (closed) return Promise.reject(new Error(`listener on ${deps.channel} closed`));
    listening ??= listen().catch((error: unknown) => {
      listening = null;
      deps.onError?.(error);
      throw error;
    });
    return listening;
  }

  return {
    ready,
    async close(): Promise<void> {
      closed = true;
      if (retry) clearTimeout(retry);
      const pending = listening;
      listening = null;
      const client = await pending?.catch(() => null);
      client?.removeAllListeners('end');
      await client?.end().catch(() => undefined);
    },
  };
}
export type ChannelListener = ReturnType<typeof channelListener>;
