import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import {
  AGENT_TYPES,
  endpoints,
  REPORT_MAX_DAYS,
  RECORDS_DEFAULT_PAGE_SIZE,
  type AgentReportRow,
  type CashierReportRow,
  type GgrReportRow,
  type Language,
  type MemberReportRow,
  type ReportPeriod,
} from '@khela/contracts';
import { toDecimalString } from '@khela/money';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/route.ts';

const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;
/** Member and agent rows hold deposits and withdrawals in the summary row of this product type. */
const CASH = 'CASH';

const WINDOW_MESSAGES = {
  invalidDate: { en: 'This date does not exist.', bn: 'এই তারিখটি সঠিক নয়।' },
  reversed: { en: 'The start date must not be after the end date.', bn: 'শুরুর তারিখ শেষের তারিখের পরে হতে পারে না।' },
  tooLong: {
    en: `The period can be at most ${REPORT_MAX_DAYS} days.`,
    bn: `সময়কাল সর্বোচ্চ ${REPORT_MAX_DAYS} দিন হতে পারে।`,
  },
} as const;

export interface ReportWindowQuery {
  from?: string | undefined;
  to?: string | undefined;
  pageNo?: number | undefined;
  pageSize?: number | undefined;
}
export interface ReportWindow {
  from: string;
  to: string;
  pageNo: number;
  pageSize: number;
  offset: number;
}

const dayNumber = (day: string): number | null => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const time = Date.UTC(y, m - 1, d);
  const back = new Date(time);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? time : null;
};
const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The report's window of merchant-local days: by default the last 30 up to `today`; at most REPORT_MAX_DAYS. */
export function reportWindow(query: ReportWindowQuery, today: string, language: Language): ReportWindow {
  const fail = (field: string, message: keyof typeof WINDOW_MESSAGES) =>
    AppError.fields([{ field: `query.${field}`, message: WINDOW_MESSAGES[message][language] }]);
  const fromGiven = query.from === undefined ? undefined : dayNumber(query.from);
  const toGiven = query.to === undefined ? undefined : dayNumber(query.to);
  if (fromGiven === null) throw fail('from', 'invalidDate');
  if (toGiven === null) throw fail('to', 'invalidDate');
  const to = toGiven ?? (fromGiven !== undefined ? fromGiven + (DEFAULT_DAYS - 1) * DAY_MS : dayNumber(today)!);
  const from = fromGiven ?? to - (DEFAULT_DAYS - 1) * DAY_MS;
  if (from > to) throw fail('from', 'reversed');
  if ((to - from) / DAY_MS + 1 > REPORT_MAX_DAYS) throw fail('from', 'tooLong');
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? RECORDS_DEFAULT_PAGE_SIZE;
  return { from: dayText(from), to: dayText(to), pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

/** Sorts rows on `key` (numbers and decimal strings compared as numbers), ties broken by `period` newest first. */
export function sortRows<T extends Record<string, unknown>>(rows: T[], key: keyof T, order: 'asc' | 'desc'): T[] {
  const sign = order === 'asc' ? 1 : -1;
  const value = (row: T) => row[key];
  const compare = (a: unknown, b: unknown) => {
    if (typeof a === 'string' && typeof b === 'string' && !/^-?\d+(\.\d+)?$/.test(a)) return a.localeCompare(b);
    const [x, y] = [Number(a), Number(b)];
    return x === y ? 0 : x < y ? -1 : 1;
  };
  return [...rows].sort(
    (a, b) => sign * compare(value(a), value(b)) || String(b.period ?? '').localeCompare(String(a.period ?? '')),
  );
}

const money = (value: string | bigint | null | undefined) => toDecimalString(BigInt(value ?? 0));
const minorOf = (amount: string) => {
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const minor = BigInt(whole! + fraction);
  return amount.startsWith('-') ? -minor : minor;
};

interface FigureRow {
  bet_count: string;
  bets: string;
  wins: string;
  deposits: string;
  deposit_count: string;
  withdrawals: string;
  withdrawal_count: string;
}
const betFigures = (row: FigureRow) => ({
  betCount: Number(row.bet_count),
  bets: money(row.bets),
  wins: money(row.wins),
  ggr: money(BigInt(row.bets) - BigInt(row.wins)),
});
const cashFigures = (row: FigureRow) => ({
  deposits: money(row.deposits),
  depositCount: Number(row.deposit_count),
  withdrawals: money(row.withdrawals),
  withdrawalCount: Number(row.withdrawal_count),
});
/** The summed figures of member_daily_stats-shaped rows `s` (CASH rows carry no bets, others no cash). */
const SUMS = sql`
  coalesce(sum(s.bet_count), 0)::text AS bet_count, coalesce(sum(s.valid_bet), 0)::text AS bets,
  coalesce(sum(s.payout), 0)::text AS wins, coalesce(sum(s.deposits), 0)::text AS deposits,
  coalesce(sum(s.deposit_count), 0)::text AS deposit_count, coalesce(sum(s.withdrawals), 0)::text AS withdrawals,
  coalesce(sum(s.withdrawal_count), 0)::text AS withdrawal_count`;
const PERSON_SORTS: Record<string, RawBuilder<unknown>> = {
  ggr: sql`(coalesce(f.bets, '0')::bigint - coalesce(f.wins, '0')::bigint)`,
  bets: sql`coalesce(f.bets, '0')::bigint`,
  betCount: sql`coalesce(f.bet_count, '0')::bigint`,
  deposits: sql`coalesce(f.deposits, '0')::bigint`,
  withdrawals: sql`coalesce(f.withdrawals, '0')::bigint`,
  username: sql`m.username`,
};
const ZERO: FigureRow = {
  bet_count: '0',
  bets: '0',
  wins: '0',
  deposits: '0',
  deposit_count: '0',
  withdrawals: '0',
  withdrawal_count: '0',
};
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Issue 16 item 9: the console's reports. Every figure comes from the agent reports' summary tables
 * (member_daily_stats, kept by triggers as bets, deposits and withdrawals settle, migration 0019, and
 * agent_daily_rollup for closed days, migration 0022), never from the bets themselves.
 */
export function reportService(db: Db) {
  async function merchantOf(merchantId: number) {
    return db
      .selectFrom('merchants')
      .select(['currency', sql<string>`(now() AT TIME ZONE time_zone)::date::text`.as('today')])
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow();
  }
  const periodOf = (period: ReportPeriod) =>
    period === 'month' ? sql`to_char(s.day, 'YYYY-MM')` : sql`to_char(s.day, 'YYYY-MM-DD')`;
  /** The vendors with figures in the window, named by the API partner or the catalogue vendor. */
  async function vendorsOf(merchantId: number, window: ReportWindow, language: Language) {
    const found = await sql<{ code: string; name: string }>`
      SELECT d.vendor AS code,
             coalesce(v.name, gv.display_name ->> ${language}, gv.display_name ->> 'en', d.vendor) AS name
        FROM (SELECT DISTINCT s.vendor FROM vendor_daily_stats s
               WHERE s.merchant_id = ${merchantId} AND s.day BETWEEN ${window.from}::date AND ${window.to}::date) d
        LEFT JOIN vendors v ON v.merchant_id = ${merchantId} AND v.code = d.vendor
        LEFT JOIN LATERAL (SELECT display_name FROM game_vendors
                            WHERE merchant_id = ${merchantId} AND vassalage = d.vendor ORDER BY id LIMIT 1) gv ON true
       ORDER BY 2, 1`.execute(db);
    return found.rows;
  }
  const pageOf = <T>(rows: T[], window: ReportWindow) => ({
    list: rows.slice(window.offset, window.offset + window.pageSize),
    total: rows.length,
    pageNo: window.pageNo,
    pageSize: window.pageSize,
  });

  return {
    async ggr(
      merchantId: number,
      language: Language,
      query: ReportWindowQuery & {
        period: ReportPeriod;
        groupBy?: 'productType' | 'vendor' | undefined;
        productType?: string | undefined;
        vendor?: string | undefined;
        sort: 'period' | 'ggr' | 'bets' | 'betCount';
        order: 'asc' | 'desc';
      },
    ) {
      const merchant = await merchantOf(merchantId);
      const window = reportWindow(query, merchant.today, language);
      const byVendor = query.groupBy === 'vendor' || query.vendor !== undefined;
      const span = sql`s.merchant_id = ${merchantId} AND s.day BETWEEN ${window.from}::date AND ${window.to}::date`;
      // At most 366 days × the product types (× the vendors): grouped in SQL, sorted and paged here.
      const [grouped, vendors] = await Promise.all([
        byVendor
          ? sql<FigureRow & { period: string; product_type: string; vendor: string }>`
              SELECT ${periodOf(query.period)} AS period, s.product_type, s.vendor,
                     sum(s.bet_count)::text AS bet_count, sum(s.valid_bet)::text AS bets, sum(s.payout)::text AS wins
                FROM vendor_daily_stats s
               WHERE ${span}
               GROUP BY 1, 2, 3`.execute(db)
          : sql<FigureRow & { period: string; product_type: string; vendor: undefined }>`
              SELECT ${periodOf(query.period)} AS period, s.product_type, ${SUMS}
                FROM member_daily_stats s
               WHERE ${span} AND s.product_type <> ${CASH}
               GROUP BY 1, 2`.execute(db),
        vendorsOf(merchantId, window, language),
      ]);
      const names = new Map(vendors.map((vendor) => [vendor.code, vendor.name]));
      const productTypes = [...new Set(grouped.rows.map((row) => row.product_type))].sort();
      const rows: GgrReportRow[] = grouped.rows
        .filter((row) => !query.productType || row.product_type === query.productType)
        .filter((row) => !query.vendor || row.vendor === query.vendor)
        .map((row) => ({
          period: row.period,
          productType: row.product_type,
          ...(row.vendor !== undefined && { vendor: row.vendor, vendorName: names.get(row.vendor) ?? row.vendor }),
          ...betFigures(row),
        }));
      const sorted = sortRows(rows, query.sort, query.order).sort((a, b) =>
        query.sort === 'period' && a.period === b.period
          ? a.productType.localeCompare(b.productType) || (a.vendor ?? '').localeCompare(b.vendor ?? '')
          : 0,
      );
      return {
        ...pageOf(sorted, window),
        currency: merchant.currency,
        from: window.from,
        to: window.to,
        productTypes,
        vendors,
      };
    },

    async cashier(
      merchantId: number,
      language: Language,
      query: ReportWindowQuery & {
        period: ReportPeriod;
        sort: 'period' | 'deposits' | 'withdrawals' | 'net';
        order: 'asc' | 'desc';
      },
    ) {
      const merchant = await merchantOf(merchantId);
      const window = reportWindow(query, merchant.today, language);
      const grouped = await sql<FigureRow & { period: string }>`
        SELECT ${periodOf(query.period)} AS period, ${SUMS}
          FROM member_daily_stats s
         WHERE s.merchant_id = ${merchantId} AND s.day BETWEEN ${window.from}::date AND ${window.to}::date
           AND s.product_type = ${CASH}
         GROUP BY 1`.execute(db);
      const rows: CashierReportRow[] = grouped.rows.map((row) => ({
        period: row.period,
        ...cashFigures(row),
        net: money(BigInt(row.deposits) - BigInt(row.withdrawals)),
      }));
      const keyed = rows.map((row) => ({ ...row, netMinor: minorOf(row.net) }));
      const sorted = sortRows(keyed, query.sort === 'net' ? 'netMinor' : query.sort, query.order).map(
        ({ netMinor: _, ...row }) => row,
      );
      return { ...pageOf(sorted, window), currency: merchant.currency, from: window.from, to: window.to };
    },

    async members(
      merchantId: number,
      language: Language,
      query: ReportWindowQuery & { username?: string | undefined; sort: string; order: 'asc' | 'desc' },
    ) {
      const merchant = await merchantOf(merchantId);
      const window = reportWindow(query, merchant.today, language);
      const byName = query.username
        ? sql`AND lower(m.username) LIKE ${`${escapeLike(query.username.toLowerCase())}%`}`
        : sql``;
      const result = await sql<FigureRow & { id: number; username: string; total: string }>`
        WITH f AS (
          SELECT s.member_id, ${SUMS}
            FROM member_daily_stats s
           WHERE s.merchant_id = ${merchantId} AND s.day BETWEEN ${window.from}::date AND ${window.to}::date
           GROUP BY s.member_id)
        SELECT m.id, m.username, f.*, count(*) OVER ()::text AS total
          FROM f JOIN members m ON m.id = f.member_id
         WHERE m.merchant_id = ${merchantId} ${byName}
         ORDER BY ${PERSON_SORTS[query.sort]!} ${sql.raw(query.order)}, m.id
         LIMIT ${window.pageSize} OFFSET ${window.offset}`.execute(db);
      const list: MemberReportRow[] = result.rows.map((row) => ({
        memberId: row.id,
        username: row.username,
        ...betFigures(row),
        ...cashFigures(row),
      }));
      return {
        list,
        total: Number(result.rows[0]?.total ?? (window.offset > 0 ? await countMembers() : 0)),
        pageNo: window.pageNo,
        pageSize: window.pageSize,
        currency: merchant.currency,
        from: window.from,
        to: window.to,
      };
      async function countMembers() {
        const counted = await sql<{ n: string }>`
          SELECT count(*)::text AS n FROM (
            SELECT DISTINCT s.member_id FROM member_daily_stats s JOIN members m ON m.id = s.member_id
             WHERE s.merchant_id = ${merchantId} AND s.day BETWEEN ${window.from}::date AND ${window.to}::date ${byName}) x`.execute(
          db,
        );
        return counted.rows[0]?.n ?? '0';
      }
    },

    /**
     * Every agent's team (its subtree, itself included): the roll-up's rows for the window's rolled,
     * clean days, the live summaries joined to the tree for the rest (today, dirty days).
     */
    async agents(
      merchantId: number,
      language: Language,
      query: ReportWindowQuery & { username?: string | undefined; sort: string; order: 'asc' | 'desc' },
    ) {
      const merchant = await merchantOf(merchantId);
      const window = reportWindow(query, merchant.today, language);
      const byName = query.username
        ? sql`AND lower(m.username) LIKE ${`${escapeLike(query.username.toLowerCase())}%`}`
        : sql``;
      const span = sql`BETWEEN ${window.from}::date AND ${window.to}::date`;
      const result = await sql<FigureRow & { id: number; username: string; type: number; total: string }>`
        WITH rolled AS MATERIALIZED (
          SELECT day FROM agent_rollup_days WHERE merchant_id = ${merchantId} AND day ${span} AND NOT dirty),
        team AS (
          SELECT r.agent_id, r.bet_count, r.valid_bet, r.payout, r.deposits, r.deposit_count, r.withdrawals,
                 r.withdrawal_count
            FROM agent_daily_rollup r
           WHERE r.merchant_id = ${merchantId} AND r.day ${span} AND r.day IN (SELECT day FROM rolled)
          UNION ALL
          SELECT t.ancestor_id, s.bet_count, s.valid_bet, s.payout, s.deposits, s.deposit_count, s.withdrawals,
                 s.withdrawal_count
            FROM member_daily_stats s JOIN member_tree t ON t.descendant_id = s.member_id
           WHERE s.merchant_id = ${merchantId} AND s.day ${span} AND s.day NOT IN (SELECT day FROM rolled)),
        f AS (SELECT s.agent_id, ${SUMS} FROM team s GROUP BY s.agent_id)
        SELECT m.id, m.username, m.type, f.bet_count, f.bets, f.wins, f.deposits, f.deposit_count, f.withdrawals,
               f.withdrawal_count, count(*) OVER ()::text AS total
          FROM members m LEFT JOIN f ON f.agent_id = m.id
         WHERE m.merchant_id = ${merchantId} AND m.type = ANY(${[...AGENT_TYPES]}::integer[]) ${byName}
         ORDER BY ${PERSON_SORTS[query.sort]!} ${sql.raw(query.order)}, m.id
         LIMIT ${window.pageSize} OFFSET ${window.offset}`.execute(db);
      const list: AgentReportRow[] = result.rows.map((row) => {
        const figures = row.bets === null ? ZERO : row;
        return {
          agentId: row.id,
          username: row.username,
          type: row.type,
          ...betFigures(figures),
          ...cashFigures(figures),
        };
      });
      let total = Number(result.rows[0]?.total ?? 0);
      if (!result.rows.length && window.offset > 0) {
        const counted = await sql<{ n: string }>`
          SELECT count(*)::text AS n FROM members m
           WHERE m.merchant_id = ${merchantId} AND m.type = ANY(${[...AGENT_TYPES]}::integer[]) ${byName}`.execute(db);
        total = Number(counted.rows[0]?.n ?? 0);
      }
      return {
        list,
        total,
        pageNo: window.pageNo,
        pageSize: window.pageSize,
        currency: merchant.currency,
        from: window.from,
        to: window.to,
      };
    },
  };
}

export function registerReportRoutes(app: FastifyInstance, deps: AppDeps) {
  const reports = reportService(deps.db);
  const admin = endpoints.admin.reports;
  registerEndpoint(app, deps, admin.ggr, ({ merchant, language, query }) => reports.ggr(merchant.id, language, query));
  registerEndpoint(app, deps, admin.cashier, ({ merchant, language, query }) =>
    reports.cashier(merchant.id, language, query),
  );
  registerEndpoint(app, deps, admin.members, ({ merchant, language, query }) =>
    reports.members(merchant.id, language, query),
  );
  registerEndpoint(app, deps, admin.agents, ({ merchant, language, query }) =>
    reports.agents(merchant.id, language, query),
  );
}
