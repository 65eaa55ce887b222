import { sql, type Selectable } from 'kysely';
import {
  isTrialType,
  type BROADCAST_SORTS,
  type BroadcastInput,
  type BroadcastView,
  type Language,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import type { InboxBroadcastsTable } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { sanitizeRichText } from '../admin/content/rich-text.ts';
import { sortedPageOfRows, type SortedPageQuery } from '../cashier/records.ts';

type Row = Selectable<InboxBroadcastsTable>;

const sortColumn = (sort: (typeof BROADCAST_SORTS)[number], language: Language) =>
  sort === 'title' ? sql`lower(title->>${sql.lit(language)})` : 'created_at';

function view(row: Row): BroadcastView {
  return {
    id: row.id.toString(),
    target:
      row.member_id !== null
        ? 'member'
        : row.member_type !== null
          ? 'memberType'
          : row.vip_level !== null
            ? 'vipLevel'
            : 'merchant',
    memberType: row.member_type,
    memberId: row.member_id,
    vipLevel: row.vip_level,
    title: row.title,
    body: row.body,
    operatorId: row.operator_id,
    createdAt: row.created_at.toISOString(),
  };
}

/** Operator messages to the inbox (issue 14 item 7): one row per message, matched to members on read. */
export function inboxBroadcasts({ db }: { db: Db }) {
  return {
    /** GET /admin/inbox-broadcasts: newest first unless asked (issue 16 Quality). */
    list(merchantId: number, query: SortedPageQuery<(typeof BROADCAST_SORTS)[number]>, language: Language) {
      const mine = db.selectFrom('inbox_broadcasts').selectAll().where('merchant_id', '=', merchantId);
      return sortedPageOfRows(mine, query, sortColumn(query.sort ?? 'createdAt', language), (rows) => rows.map(view));
    },

    /** POST /admin/inbox-broadcasts (audited): the body is operator HTML, sanitised before it is kept. */
    async create(actor: AuditActor, input: BroadcastInput): Promise<BroadcastView> {
      const title = { bn: input.title.bn, en: input.title.en };
      const body = { bn: sanitizeRichText(input.body.bn).trim(), en: sanitizeRichText(input.body.en).trim() };
      if (!title.bn || !title.en || !body.bn || !body.en) throw new AppError('inbox.text_required');
      return db.transaction().execute(async (trx) => {
        if (input.target === 'member') {
          const member = await trx
            .selectFrom('members')
            .select(['id', 'type'])
            .where('id', '=', input.memberId)
            .where('merchant_id', '=', actor.merchantId)
            .executeTakeFirst();
          // §4: trial accounts get no messages.
          if (!member || isTrialType(member.type)) throw new AppError('inbox.member_not_found');
        }
        if (input.target === 'vipLevel') {
          const rank = await trx
            .selectFrom('vip_ranks')
            .select('level')
            .where('merchant_id', '=', actor.merchantId)
            .where('level', '=', input.vipLevel)
            .executeTakeFirst();
          if (!rank) throw new AppError('inbox.vip_level_not_found');
        }
        const row = await trx
          .insertInto('inbox_broadcasts')
          .values({
            merchant_id: actor.merchantId,
            member_type: input.target === 'memberType' ? input.memberType : null,
            member_id: input.target === 'member' ? input.memberId : null,
            vip_level: input.target === 'vipLevel' ? input.vipLevel : null,
            title: JSON.stringify(title),
            body: JSON.stringify(body),
            operator_id: actor.operatorId,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = view(row);
        await recordAudit(trx, actor, { action: 'create', entity: 'inboxBroadcasts', entityId: after.id, after });
        return after;
      });
    },
  };
}
