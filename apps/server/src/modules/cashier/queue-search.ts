import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { CASHIER_QUEUE_SORTS, Language } from '@khela/contracts';
import { parseMinor } from '@khela/money';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { paging } from './records.ts';

export interface QueueSearch {
  by: 'username' | 'memberId' | 'mobile' | 'reference' | 'id';
  q?: string | undefined;
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
}

const MESSAGES = {
  memberId: { en: 'A member id is a whole number.', bn: 'সদস্য আইডি একটি পূর্ণ সংখ্যা।' },
  id: { en: 'A request id is a whole number.', bn: 'অনুরোধের আইডি একটি পূর্ণ সংখ্যা।' },
  mobile: { en: 'A mobile number is digits only.', bn: 'মোবাইল নম্বর শুধু অঙ্কে লিখুন।' },
  range: {
    en: 'The smallest amount must not be above the largest.',
    bn: 'সর্বনিম্ন পরিমাণ সর্বোচ্চ পরিমাণের বেশি হতে পারে না।',
  },
} as const;

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Issue 16 item 3: the cashier queues' search, on the server. Conditions on a `deposits` or
 * `withdrawals` row (both have id, member_id, request_id, amount; deposits also the member's
 * reference_number). Members are looked up within the merchant only.
 */
export function queueSearchConditions(
  table: 'deposits' | 'withdrawals',
  merchantId: number,
  search: QueueSearch,
  language: Language,
): RawBuilder<SqlBool>[] {
  const refuse = (field: 'q' | 'minAmount', kind: keyof typeof MESSAGES) =>
    AppError.fields([{ field: `query.${field}`, message: MESSAGES[kind][language] }]);
  const conditions: RawBuilder<SqlBool>[] = [];
  const members = (where: RawBuilder<unknown>) =>
    sql<SqlBool>`member_id IN (SELECT id FROM members WHERE merchant_id = ${merchantId} AND ${where})`;
  const q = search.q;
  if (q !== undefined) {
    if (search.by === 'username') {
      conditions.push(members(sql`lower(username) LIKE ${likePrefix(q.toLowerCase())}`));
    } else if (search.by === 'mobile') {
      const digits = q.replace(/^\+/, '');
      if (!/^\d{1,20}$/.test(digits)) throw refuse('q', 'mobile');
      conditions.push(members(sql`mobile LIKE ${likePrefix(digits)}`));
    } else if (search.by === 'memberId' || search.by === 'id') {
      if (!/^\d{1,15}$/.test(q)) throw refuse('q', search.by);
      conditions.push(
        search.by === 'id'
          ? sql<SqlBool>`id = ${BigInt(q)}`
          : Number(q) > 2 ** 31 - 1
            ? sql<SqlBool>`false`
            : sql<SqlBool>`member_id = ${Number(q)}`,
      );
    } else {
      conditions.push(
        table === 'deposits'
          ? sql<SqlBool>`(request_id = ${q} OR lower(reference_number) = ${q.toLowerCase()})`
          : sql<SqlBool>`request_id = ${q}`,
      );
    }
  }
  const min = search.minAmount === undefined ? undefined : parseMinor(search.minAmount);
  const max = search.maxAmount === undefined ? undefined : parseMinor(search.maxAmount);
  if (min !== undefined && max !== undefined && min > max) throw refuse('minAmount', 'range');
  if (min !== undefined) conditions.push(sql<SqlBool>`amount >= ${min}`);
  if (max !== undefined) conditions.push(sql<SqlBool>`amount <= ${max}`);
  return conditions;
}

/** A queue's page, order and filters beside the search (issue 16: every list paged on the server). */
export interface QueuePaging {
  status?: string | undefined;
  memberId?: number | undefined;
  pageNo?: number | undefined;
  pageSize?: number | undefined;
  sort?: (typeof CASHIER_QUEUE_SORTS)[number] | undefined;
  order?: 'asc' | 'desc' | undefined;
}

const QUEUE_SORT_COLUMNS = {
  id: 'id',
  amount: 'amount',
  createdAt: 'created_at',
} as const satisfies Record<(typeof CASHIER_QUEUE_SORTS)[number], string>;

/**
 * One page of a cashier queue and how many match: `base` selects the merchant's deposits or
 * withdrawals; the status, member and search narrow it; newest first unless another order is asked.
 */
export async function queuePage<T extends 'deposits' | 'withdrawals', Row>(
  base: SelectQueryBuilder<Database, T, Row>,
  query: QueuePaging,
  search: RawBuilder<SqlBool>[],
) {
  const { pageNo, pageSize, offset } = paging(query);
  let filtered = base;
  if (query.status) filtered = filtered.where(sql<SqlBool>`status = ${query.status}`);
  if (query.memberId) filtered = filtered.where(sql<SqlBool>`member_id = ${query.memberId}`);
  for (const condition of search) filtered = filtered.where(condition);
  const order = query.order ?? 'desc';
  const [rows, total] = await Promise.all([
    filtered
      .orderBy(sql.ref(QUEUE_SORT_COLUMNS[query.sort ?? 'id']), order)
      .orderBy(sql.ref('id'), order)
      .limit(pageSize)
      .offset(offset)
      .execute(),
    filtered
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n, pageNo, pageSize };
}
