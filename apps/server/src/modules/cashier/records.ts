import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { RECORDS_DEFAULT_PAGE_SIZE } from '@khela/contracts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

export interface RecordsQuery {
  pageNo?: number | undefined;
  pageSize?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function paging(query: RecordsQuery) {
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? RECORDS_DEFAULT_PAGE_SIZE;
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

/**
 * One page of a member's records, newest first, and how many match the query's day window (the
 * days of `timeZone`, the merchant's): `base` selects the rows (already narrowed to the member and
 * any status), `view` shows them.
 */
export async function pageOfRows<T extends keyof Database, Row, View>(
  base: SelectQueryBuilder<Database, T, Row>,
  query: RecordsQuery,
  timeZone: string,
  view: (rows: Row[]) => Promise<View[]>,
) {
  const { pageNo, pageSize, offset } = paging(query);
  let filtered = base;
  for (const condition of inDayWindow('created_at', query, timeZone)) filtered = filtered.where(condition);
  const [rows, total] = await Promise.all([
    filtered.orderBy(sql.ref('id'), 'desc').limit(pageSize).offset(offset).execute(),
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: await view(rows), total: Number(total.n), pageNo, pageSize };
}

/** A list call's paging and sort, its sort one of the list's own field names (never a column). */
export interface SortedPageQuery<Sort extends string> {
  pageNo?: number | undefined;
  pageSize?: number | undefined;
  sort?: Sort | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/**
 * One page of an operator's list sorted on the server by `column` (a column name, or an expression
 * such as `lower(name)`; ties by `tieBreak`, the same way), and how many rows `base` matches
 * (issue 16 Quality: every list is paged, filterable and sortable). `tieBreak` names the unique
 * column when `id` is not it or is ambiguous in a join.
 */
export async function sortedPageOfRows<DB, T extends keyof DB, Row, View>(
  base: SelectQueryBuilder<DB, T, Row>,
  query: Omit<RecordsQuery, 'from' | 'to'> & { order?: 'asc' | 'desc' | undefined },
  column: string | RawBuilder<unknown>,
  view: (rows: Row[]) => Promise<View[]> | View[],
  tieBreak = 'id',
) {
  const { pageNo, pageSize, offset } = paging(query);
  const order = query.order ?? 'desc';
  const [rows, total] = await Promise.all([
    base
      .orderBy(typeof column === 'string' ? sql.ref(column) : column, (by) =>
        (order === 'asc' ? by.asc() : by.desc()).nullsLast(),
      )
      .orderBy(sql.ref(tieBreak), order)
      .limit(pageSize)
      .offset(offset)
      .execute(),
    base
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow() as Promise<{ n: string }>,
  ]);
  return { list: await view(rows), total: Number(total.n), pageNo, pageSize };
}

/** An ILIKE pattern that finds `text` anywhere, its wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * `column` within the inclusive day window of the query (either end optional), its days those of
 * `timeZone`: a day is the merchant's day (merchants.time_zone), whatever zone the server runs in.
 */
export function inDayWindow(
  column: string,
  query: Pick<RecordsQuery, 'from' | 'to'>,
  timeZone: string,
): Expression<SqlBool>[] {
  // The contract checks the shape; a day that does not exist (2026-02-31) is caught here.
  for (const field of ['from', 'to'] as const) {
    const day = query[field];
    if (day && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
      throw AppError.fields([{ field, message: 'YYYY-MM-DD' }]);
    }
  }
  const conditions: Expression<SqlBool>[] = [];
  if (query.from) {
    conditions.push(sql<SqlBool>`${sql.ref(column)} >= (${query.from}::date)::timestamp AT TIME ZONE ${timeZone}`);
  }
  if (query.to) {
    conditions.push(sql<SqlBool>`${sql.ref(column)} < (${query.to}::date + 1)::timestamp AT TIME ZONE ${timeZone}`);
  }
  return conditions;
}

export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);
