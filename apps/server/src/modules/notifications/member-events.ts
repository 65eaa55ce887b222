import type pg from 'pg';
import type { Language } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { MEMBER_EVENTS_CHANNEL, type MemberEvent } from './notify.ts';

/** One open server-sent-events stream of a member (a tab or a device). */
export interface MemberStream {
  readonly language: Language;
  send(event: MemberEvent): void;
  close(): void;
}

export interface MemberEventHubDeps {
  db: Db;
  /** A fresh connection that is not part of the pool (LISTEN holds it). */
  connect: () => pg.Client | null;
  /** Streams one member may keep open; opening one more closes the oldest. */
  maxStreamsPerMember: number;
  /** Waits before listening again after the connection was lost. */
  reconnectDelayMs?: number;
}

interface Announcement {
  memberId: number;
  event?: MemberEvent;
  inboxId?: string;
}

/**
 * Fans member events out to the streams open on this instance (issue 5 item 9). Instances keep
 * no shared state: notifyMember calls pg_notify inside the writer's transaction, PostgreSQL
 * delivers it at commit to every instance's single listening connection, and each instance
 * passes it to the streams of that member it holds, if any.
 */
export function memberEventHub(deps: MemberEventHubDeps) {
  const streams = new Map<number, MemberStream[]>();
  let listener: Promise<pg.Client> | null = null;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | null = null;

  async function eventOf(announcement: Announcement): Promise<MemberEvent | null> {
    if (announcement.event) return announcement.event;
    if (!announcement.inboxId || !/^\d+$/.test(announcement.inboxId)) return null;
    const row = await deps.db
      .selectFrom('member_inbox')
      .select(['id', 'kind', 'title', 'body', 'reference'])
      .where('id', '=', BigInt(announcement.inboxId))
      .where('member_id', '=', announcement.memberId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id.toString(),
      kind: row.kind as MemberEvent['kind'],
      title: row.title,
      body: row.body,
      reference: row.reference,
      balanceChanged: true,
    };
  }

  async function deliver(payload: string | undefined): Promise<void> {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(payload ?? '') as Announcement;
    } catch {
      return;
    }
    const open = streams.get(announcement.memberId);
    if (!open?.length) return;
    const event = await eventOf(announcement);
    if (!event) return;
    for (const stream of [...open]) stream.send(event);
  }

  function forget(client: pg.Client) {
    client.removeAllListeners('notification');
    listener = null;
    void client.end().catch(() => undefined);
    if (!closed && streams.size > 0 && !reconnectTimer) {
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        void ready().catch(() => undefined);
      }, deps.reconnectDelayMs ?? 1000);
      reconnectTimer.unref();
    }
  }

  async function listen(): Promise<pg.Client> {
    const client = deps.connect();
    if (!client) throw new Error('no database connection for member events');
    try {
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === MEMBER_EVENTS_CHANNEL) void deliver(message.payload).catch(() => undefined);
      });
      client.once('error', () => forget(client));
      client.once('end', () => {
        if (listener) forget(client);
      });
      await client.query(`LISTEN ${MEMBER_EVENTS_CHANNEL}`);
      return client;
    } catch (error) {
      void client.end().catch(() => undefined);
      throw error;
    }
  }

  /** Resolves once this instance is listening: events committed after it are delivered. */
  function ready(): Promise<pg.Client> {
    if (closed) return Promise.reject(new Error('member event hub closed'));
    listener ??= listen().catch((error: unknown) => {
      listener = null;
      throw error;
    });
    return listener;
  }

  function remove(memberId: number, stream: MemberStream) {
    const open = streams.get(memberId)?.filter((s) => s !== stream) ?? [];
    if (open.length) streams.set(memberId, open);
    else streams.delete(memberId);
  }

  return {
    ready,

    /** Adds a stream; beyond the cap the member's oldest stream is closed. Returns its removal. */
    add(memberId: number, stream: MemberStream): () => void {
      const open = [...(streams.get(memberId) ?? []), stream];
      while (open.length > deps.maxStreamsPerMember) open.shift()!.close();
      streams.set(memberId, open);
      return () => remove(memberId, stream);
    },

    /** Streams open on this instance for a member (tests, metrics). */
    openStreams(memberId: number): number {
      return streams.get(memberId)?.length ?? 0;
    },

    async close(): Promise<void> {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      for (const open of [...streams.values()]) for (const stream of [...open]) stream.close();
      streams.clear();
      const pending = listener;
      listener = null;
      if (pending) {
        const client = await pending.catch(() => null);
        client?.removeAllListeners('end');
        await client?.end().catch(() => undefined);
      }
    },
  };
}
export type MemberEventHub = ReturnType<typeof memberEventHub>;
