import { sql, type RawBuilder } from 'kysely';
import { isTrialType, type Language } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
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

/** The kind an operator message has in the inbox (its body is sanitised HTML). */
export const OPERATOR_MESSAGE_KIND = 'operator.message';

interface VisibleRow {
  id: string;
  kind: string;
  title: { bn: string; en: string };
  body: { bn: string; en: string };
  reference: Record<string, unknown>;
  html: boolean;
  read_at: Date | null;
  created_at: Date;
}

/**
 * Every message the member sees: its own system messages (member_inbox) and the operator
 * broadcasts that reach it, matched here rather than copied per member (migrations/0025_inbox.ts).
 * A broadcast to a merchant, member type or VIP level (the member's current one) reaches the
 * members registered before it was sent.
 */
function visible(member: MemberContext): RawBuilder<VisibleRow> {
  return sql<VisibleRow>`(
    SELECT i.id::text AS id, i.kind, i.title, i.body, i.reference, false AS html, i.read_at, i.created_at
    FROM member_inbox i
    WHERE i.member_id = ${member.id} AND i.merchant_id = ${member.merchantId}
    UNION ALL
    SELECT b.id::text, ${OPERATOR_MESSAGE_KIND}, b.title, b.body, '{}'::jsonb, true, s.read_at, b.created_at
    FROM inbox_broadcasts b
    LEFT JOIN inbox_broadcast_states s ON s.member_id = ${member.id} AND s.broadcast_id = b.id
    WHERE b.merchant_id = ${member.merchantId}
      AND s.deleted_at IS NULL
      AND (
        b.member_id = ${member.id}
        OR (
          b.member_id IS NULL
          AND (b.member_type IS NULL OR b.member_type = ${member.type})
          AND (
            b.vip_level IS NULL
            OR b.vip_level = (SELECT h.level FROM vip_rank_history h WHERE h.member_id = ${member.id} ORDER BY h.id DESC LIMIT 1)
          )
          AND b.created_at >= (SELECT created_at FROM members WHERE id = ${member.id})
        )
      )
  )`;
}

/** The member's inbox (issue 5 item 9, issue 14 item 7): newest first, with the unread count. */
export function memberInbox({ db }: { db: Db }) {
  async function unreadCount(member: MemberContext, executor: Db = db): Promise<number> {
    // §4: trial accounts get no messages and see no badge.
    if (isTrialType(member.type)) return 0;
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM ${visible(member)} v WHERE v.read_at IS NULL`.execute(executor);
    return Number(rows[0]!.n);
  }

  function refuseTrial(member: MemberContext) {
    if (isTrialType(member.type)) throw new AppError('auth.trial_account');
  }

  /** Marks broadcasts among `ids` (or all of them) that reach the member as read or deleted. */
  async function markBroadcasts(trx: Db, member: MemberContext, ids: string[] | 'all', mark: 'read' | 'delete') {
    const only = ids === 'all' ? sql`true` : sql`v.id IN (${sql.join(ids)})`;
    const column = mark === 'read' ? sql`read_at` : sql`deleted_at`;
    await sql`
      INSERT INTO inbox_broadcast_states (member_id, broadcast_id, ${column})
      SELECT ${member.id}, v.id::bigint, now() FROM ${visible(member)} v
      WHERE v.html AND ${only} ${mark === 'read' ? sql`AND v.read_at IS NULL` : sql``}
      ON CONFLICT (member_id, broadcast_id) DO UPDATE SET ${column} = coalesce(inbox_broadcast_states.${column}, now())
    `.execute(trx);
  }

  return {
    unreadCount,

    async list(member: MemberContext, language: Language, pageNo: number, pageSize: number) {
      if (isTrialType(member.type)) return { list: [], total: 0, pageNo, pageSize, unread: 0 };
      const [page, counts] = await Promise.all([
        sql<VisibleRow>`
          SELECT * FROM ${visible(member)} v ORDER BY v.id::bigint DESC
          LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}
        `.execute(db),
        sql<{ total: string; unread: string }>`
          SELECT count(*)::text AS total, (count(*) FILTER (WHERE v.read_at IS NULL))::text AS unread
          FROM ${visible(member)} v
        `.execute(db),
      ]);
      return {
        list: page.rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          title: row.title[language],
          body: row.body[language],
          html: row.html,
          reference: referenceAsText(row.reference),
          read: row.read_at !== null,
          createdAt: new Date(row.created_at).toISOString(),
        })),
        total: Number(counts.rows[0]!.total),
        pageNo,
        pageSize,
        unread: Number(counts.rows[0]!.unread),
      };
    },

    /** Marks the given entries (only the member's own; others' ids are ignored) or all read. */
    async markRead(member: MemberContext, target: { ids?: string[]; all?: boolean }) {
      refuseTrial(member);
      const ids = target.all ? 'all' : (target.ids ?? []);
      await db.transaction().execute(async (trx) => {
        let update = trx
          .updateTable('member_inbox')
          .set({ read_at: sql`now()` })
          .where('member_id', '=', member.id)
          .where('merchant_id', '=', member.merchantId)
          .where('read_at', 'is', null);
        if (ids !== 'all') update = update.where('id', 'in', ids.map(BigInt));
        await update.execute();
        await markBroadcasts(trx, member, ids, 'read');
      });
      return { unread: await unreadCount(member) };
    },

    /** Deletes the given messages; one id that is not the member's own: 404 and nothing deleted. */
    async remove(member: MemberContext, ids: string[]) {
      refuseTrial(member);
      const wanted = [...new Set(ids.map((id) => BigInt(id).toString()))];
      const deleted = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: string }>`
          SELECT count(*)::text AS n FROM ${visible(member)} v WHERE v.id IN (${sql.join(wanted)})
        `.execute(trx);
        if (Number(rows[0]!.n) !== wanted.length) throw new AppError('inbox.not_found');
        await trx
          .deleteFrom('member_inbox')
          .where('member_id', '=', member.id)
          .where('merchant_id', '=', member.merchantId)
          .where('id', 'in', wanted.map(BigInt))
          .execute();
        await markBroadcasts(trx, member, wanted, 'delete');
        return wanted.length;
      });
      return { deleted, unread: await unreadCount(member) };
    },
  };
}
