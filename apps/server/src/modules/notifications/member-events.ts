import type pg from 'pg';
import type { Language } from '@khela/contracts';
import { channelListener } from '../../db/channel-listener.ts';
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

  async function deliver(payload: string): Promise<void> {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(payload) as Announcement;
    } catch {
      return;
    }
    const open = streams.get(announcement.memberId);
    if (!open?.length) return;
    const event = await eventOf(announcement);
    if (!event) return;
    for (const stream of [...open]) stream.send(event);
  }

  const listener = channelListener({
    connect: deps.connect,
    channel: MEMBER_EVENTS_CHANNEL,
    onMessage: (payload) => void deliver(payload).catch(() => undefined),
    ...(deps.reconnectDelayMs !== undefined && { reconnectDelayMs: deps.reconnectDelayMs }),
  });

  function remove(memberId: number, stream: MemberStream) {
    const open = streams.get(memberId)?.filter((s) => s !== stream) ?? [];
    if (open.length) streams.set(memberId, open);
    else streams.delete(memberId);
  }

  return {
    /** Resolves once this instance is listening: events committed after it are delivered. */
    ready: listener.ready,

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
      for (const open of [...streams.values()]) for (const stream of [...open]) stream.close();
      streams.clear();
      await listener.close();
    },
  };
}
export type MemberEventHub = ReturnType<typeof memberEventHub>;
