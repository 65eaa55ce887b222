import type { Db } from '../../db/database.ts';

/** Player feedback (§3, §5) as operators read it, newest first. */
export function feedbackInbox(db: Db) {
  return {
    async list(merchantId: number, limit: number) {
      const rows = await db
        .selectFrom('feedback')
        .select(['id', 'type', 'content', 'sender', 'ip', 'created_at'])
        .where('merchant_id', '=', merchantId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        content: row.content,
        sender: row.sender,
        ip: row.ip,
        createdAt: row.created_at.toISOString(),
      }));
    },
  };
}
