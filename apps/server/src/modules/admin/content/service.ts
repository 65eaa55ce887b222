import type { Generated, Kysely } from 'kysely';
import type { Language } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit, type AuditActor } from '../../audit/audit-log.ts';
import { conflictOnDuplicate } from '../conflicts.ts';
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
    async list(name: ContentKindName, merchantId: number): Promise<ContentItem[]> {
      const kind = CONTENT_KIND_TABLE[name] as ContentKind;
      let query = content(db).selectFrom(kind.table).selectAll().where('merchant_id', '=', merchantId);
      for (const [column, direction] of kind.orderBy) query = query.orderBy(column as 'id', direction);
      const rows = await query.orderBy('id', 'asc').execute();
      return rows.map((row) => toItem(kind, row));
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
