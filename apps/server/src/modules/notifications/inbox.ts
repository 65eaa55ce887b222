import { sql } from 'kysely';
import type { Language } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import type { MemberContext } from '../../http/context.ts';

/** Reference values go out as text (ids, minor-unit amounts): the wire schema is a string map. */
export function referenceAsText(reference: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(reference)) {
    if (value === null || value === undefined) continue;
    out[key] = typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
  }
  return out;
}

/** The member's notification inbox (issue 5 item 9): newest first, with the unread count. */
export function memberInbox({ db }: { db: Db }) {
  async function unreadCount(member: MemberContext): Promise<number> {
    const row = await db
      .selectFrom('member_inbox')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('member_id', '=', member.id)
      .where('merchant_id', '=', member.merchantId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  return {
    unreadCount,

    async list(member: MemberContext, language: Language, pageNo: number, pageSize: number) {
      const mine = db
        .selectFrom('member_inbox')
        .where('member_id', '=', member.id)
        .where('merchant_id', '=', member.merchantId);
      const [rows, total, unread] = await Promise.all([
        mine
          .select(['id', 'kind', 'title', 'body', 'reference', 'read_at', 'created_at'])
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        mine.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
        unreadCount(member),
      ]);
      return {
        list: rows.map((row) => ({
          id: row.id.toString(),
          kind: row.kind,
          title: row.title[language],
          body: row.body[language],
          reference: referenceAsText(row.reference),
          read: row.read_at !== null,
          createdAt: row.created_at.toISOString(),
        })),
        total: Number(total.n),
        pageNo,
        pageSize,
        unread,
      };
    },

    /** Marks the given entries (only the member's own; others' ids are ignored) or all read. */
    async markRead(member: MemberContext, target: { ids?: string[]; all?: boolean }) {
      const ids = (target.ids ?? []).map((id) => BigInt(id));
      if (target.all || ids.length) {
        let update = db
          .updateTable('member_inbox')
          .set({ read_at: sql`now()` })
          .where('member_id', '=', member.id)
          .where('merchant_id', '=', member.merchantId)
          .where('read_at', 'is', null);
        if (!target.all) update = update.where('id', 'in', ids);
        await update.execute();
      }
      return { unread: await unreadCount(member) };
    },
  };
}
