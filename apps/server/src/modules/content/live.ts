import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { LiveHost } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';

/** How long a chat URL opens the room (and its message box posts) after launchChat. */
export const CHAT_TICKET_MINUTES = 30;

export interface ChatLaunch {
  merchantId: number;
  member: MemberContext;
  hostId: number;
}

/**
 * The live chat is a vendor's service; this is what our side asks of it: a URL of the host's room
 * for one member, opened in a frame on the site. It must never carry the member's session token.
 */
export interface LiveChatProvider {
  launch(launch: ChatLaunch): Promise<string>;
}

export const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest();

/**
 * Development's chat (issue 14 item 8): our own sandbox room (sandbox-chat-page.ts) behind a random
 * ticket for one member and host, valid CHAT_TICKET_MINUTES; only its hash is stored.
 */
export function sandboxChatProvider(db: Db): LiveChatProvider {
  return {
    async launch({ merchantId, member, hostId }) {
      const ticket = randomBytes(24).toString('base64url');
      await db
        .insertInto('live_chat_tickets')
        .values({
          ticket_hash: hashTicket(ticket),
          merchant_id: merchantId,
          member_id: member.id,
          host_id: hostId,
          expires_at: sql<Date>`now() + make_interval(mins => ${CHAT_TICKET_MINUTES})`,
        })
        .execute();
      // Expired tickets are of no use to anyone: each launch sweeps a few.
      await sql`DELETE FROM live_chat_tickets WHERE ctid IN (
        SELECT ctid FROM live_chat_tickets WHERE expires_at < now() - interval '1 day' LIMIT 100)`.execute(db);
      return `/sandbox/chat?ticket=${ticket}`;
    },
  };
}

/** Where no chat vendor is configured (production today): the call says the chat is unavailable. */
export const unavailableChatProvider: LiveChatProvider = {
  launch: () => Promise.reject(new AppError('live.chat_unavailable')),
};

/** CBS_modelList and CBS_launchChat: the operator's active hosts, online ones first. */
export function liveService(db: Db, provider: LiveChatProvider) {
  return {
    async hosts(merchantId: number): Promise<LiveHost[]> {
      const rows = await db
        .selectFrom('live_hosts')
        .select(['id', 'name', 'avatar_url', 'online', 'viewers', 'tags'])
        .where('merchant_id', '=', merchantId)
        .where('active', '=', true)
        .orderBy('online', 'desc')
        .orderBy('sequence', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map((row) => ({
        modelId: row.id,
        name: row.name,
        avatarUrl: row.avatar_url,
        online: row.online,
        viewers: row.online ? row.viewers : 0,
        tags: Array.isArray(row.tags) ? row.tags : [],
      }));
    },

    async launchChat(merchantId: number, member: MemberContext, hostId: number) {
      const host = await db
        .selectFrom('live_hosts')
        .select(['id', 'online'])
        .where('id', '=', hostId)
        .where('merchant_id', '=', merchantId)
        .where('active', '=', true)
        .executeTakeFirst();
      if (!host) throw new AppError('live.host_not_found');
      if (!host.online) throw new AppError('live.host_offline');
      return { chatUrl: await provider.launch({ merchantId, member, hostId }) };
    },
  };
}
