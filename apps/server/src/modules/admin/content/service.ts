import { sql, type Generated, type Kysely } from 'kysely';
import { CONTENT_LISTS, type Language } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit, type AuditActor } from '../../audit/audit-log.ts';
import { conflictOnDuplicate } from '../conflicts.ts';
import { containsPattern, paging } from '../../cashier/records.ts';
import {
  CONTENT_KIND_TABLE,
  type ContentInput,
  type ContentKind,
  type ContentKindName,
  type ContentTable,
} from './kinds.ts';

/** Every content table seen through what they share: an id and the merchant that owns the row. */
type ContentRow = { id: Generated<number>; merchant_id: number } & Record<string, unknown>;
type ContentDb = Kysely<Record<ContentTable, ContentRow>>;

export type ContentItem = { id: number } & Record<string, unknown>;

/** A content list's query as the contract gives it: page, `q`, sort, order and the kind's filters. */
export type ContentListQuery = {
  pageNo?: number | undefined;
  pageSize?: number | undefined;
  q?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
} & Record<string, unknown>;

function toItem(kind: ContentKind, row: Record<string, unknown>): ContentItem {
  const item: ContentItem = { id: row.id as number };
  for (const [field, column] of Object.entries(kind.columns) as [string, string][]) {
    const value = row[column];
    item[field] = value instanceof Date ? value.toISOString() : value;
  }
  return item;
}

function toColumns(kind: ContentKind, input: ContentInput): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(kind.columns) as [string, string][]) {
    const value = input[field];
    // An optional field left out keeps the column's default (create) or current value (update).
    if (value === undefined) continue;
    values[column] = kind.json.includes(column) ? JSON.stringify(value) : value;
  }
  return values;
}

/**
 * One implementation of list, create, replace and delete for every kind of operator-edited content
 * (CONTENT_KIND_TABLE says where each kind lives). Every row is scoped by merchant: another
 * merchant's id is simply not found. Each change writes its audit row in the same transaction.
 */
export function contentService(db: Db) {
  const content = (handle: Db) => handle as unknown as ContentDb;

  async function findForUpdate(handle: Db, kind: ContentKind, merchantId: number, id: number) {
    const row = await content(handle)
      .selectFrom(kind.table)
      .selectAll()
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('request.not_found');
    return row;
  }

  return {
    /** One page of a kind, filtered by the kind's filters (CONTENT_LISTS) and `q`, in the asked or the kind's order. */
    async list(name: ContentKindName, merchantId: number, query: ContentListQuery) {
      const kind = CONTENT_KIND_TABLE[name] as ContentKind;
      const columns = kind.columns as Record<string, string>;
      const { pageNo, pageSize, offset } = paging(query);
      let base = content(db).selectFrom(kind.table).where('merchant_id', '=', merchantId);
      for (const field of Object.keys(CONTENT_LISTS[name].filters)) {
        const value = query[field];
        if (typeof value !== 'string') continue;
        // On/off filters arrive as text; every other filter is an enum column's value.
        const wanted = value === 'true' || value === 'false' ? value === 'true' : value;
        base = base.where(columns[field] as 'id', '=', wanted as never);
      }
      if (query.q) {
        const like = containsPattern(query.q);
        const matches = kind.search.map((column) =>
          kind.json.includes(column)
            ? sql<boolean>`(${sql.ref(column)}->>'en' ilike ${like} or ${sql.ref(column)}->>'bn' ilike ${like})`
            : sql<boolean>`${sql.ref(column)}::text ilike ${like}`,
        );
        base = base.where(sql<boolean>`(${sql.join(matches, sql` or `)})`);
      }
      const order = query.order ?? 'asc';
      const sorted = query.sort
        ? [[query.sort === 'id' ? 'id' : columns[query.sort]!, order] as const]
        : kind.orderBy.map(([column, direction]) => [column, direction] as const);
      let page = base.selectAll();
      for (const [column, direction] of sorted) {
        page = page.orderBy(column as 'id', (by) => (direction === 'asc' ? by.asc() : by.desc()).nullsLast());
      }
      const [rows, total] = await Promise.all([
        page
          .orderBy('id', query.sort ? order : 'asc')
          .limit(pageSize)
          .offset(offset)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map((row) => toItem(kind, row)), total: total.n, pageNo, pageSize };
    },

    async create(name: ContentKindName, actor: AuditActor, input: ContentInput, language: Language) {
      const kind = CONTENT_KIND_TABLE[name] as ContentKind;
      const prepared = kind.prepare ? kind.prepare(input, language) : input;
      return conflictOnDuplicate(() =>
        db.transaction().execute(async (trx) => {
          const row = await content(trx)
            .insertInto(kind.table)
            .values({ ...toColumns(kind, prepared), merchant_id: actor.merchantId })
            .returningAll()
            .executeTakeFirstOrThrow();
          const item = toItem(kind, row);
          await recordAudit(trx, actor, { action: 'create', entity: name, entityId: item.id, after: item });
          return item;
        }),
      );
    },

    async update(name: ContentKindName, actor: AuditActor, id: number, input: ContentInput, language: Language) {
      const kind = CONTENT_KIND_TABLE[name] as ContentKind;
      const prepared = kind.prepare ? kind.prepare(input, language) : input;
      return conflictOnDuplicate(() =>
        db.transaction().execute(async (trx) => {
          const before = toItem(kind, await findForUpdate(trx, kind, actor.merchantId, id));
          const row = await content(trx)
            .updateTable(kind.table)
            .set(toColumns(kind, prepared))
            .where('id', '=', id)
            .where('merchant_id', '=', actor.merchantId)
            .returningAll()
            .executeTakeFirstOrThrow();
          const after = toItem(kind, row);
          await recordAudit(trx, actor, { action: 'update', entity: name, entityId: id, before, after });
          return after;
        }),
      );
    },

    async remove(name: ContentKindName, actor: AuditActor, id: number): Promise<{ id: number }> {
      const kind = CONTENT_KIND_TABLE[name] as ContentKind;
      return db.transaction().execute(async (trx) => {
        const row = await content(trx)
          .deleteFrom(kind.table)
          .where('id', '=', id)
          .where('merchant_id', '=', actor.merchantId)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new AppError('request.not_found');
        await recordAudit(trx, actor, { action: 'delete', entity: name, entityId: id, before: toItem(kind, row) });
        return { id };
      });
    },
  };
}
export type ContentService = ReturnType<typeof contentService>;
