import { sql, type RawBuilder } from 'kysely';
import { toDecimalString } from '@khela/money';
import { AGENT_TYPES, isAgentType, type Language } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext } from '../../../http/context.ts';
import { recordsWindow, type RecordsQuery, type RecordsWindow } from '../../wallet/records.ts';
import { merchantTimeZone, requireAgent } from '../access.ts';
import { mondayOf } from './rollup.ts';

export interface AgentReportQuery extends RecordsQuery {
  downline?: string | undefined;
}

/** The team a report covers: the subtree of `rootId`, from `minDepth` down (1: without the root). */
interface Team {
  rootId: number;
  minDepth: number;
  merchantId: number;
  timeZone: string;
  window: RecordsWindow;
  /** A small team's member ids (at most SMALL_TEAM), so its summary rows are read by member. */
  smallIds?: number[];
  /** The root is an agent, so its subtree has roll-up rows (migration 0022) for rolled-up days. */
  rootIsAgent: boolean;
}

/**
 * Which days of a window the roll-up answers (closed, rolled up and fresh) and which the live
 * summaries answer (today, dirty days, days not rolled up yet); every day is answered by exactly one.
 */
interface DaySplit {
  rolled: string[];
  live: string[];
}

/** The bet lists count their total up to this many rows (the pages beyond stay reachable by date). */
export const BET_LIST_MAX_ROWS = 10_000;
/** Up to this many members a team's summary rows are read member by member. */
const SMALL_TEAM = 500;
/** Above this many members a team's bet list reads the merchant's bets by time (see bets()). */
const LARGE_TEAM = 300;

const money = (value: bigint | string | null | undefined) => toDecimalString(BigInt(value ?? 0));
const int = (value: bigint | string | number | null | undefined) => Number(value ?? 0);

/** Ledger kinds per transaction type of the downline transaction report. */
const KINDS_OF_TYPE = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal_hold', 'withdrawal_release', 'withdrawal_pay'],
  transfer: ['transfer_upline', 'transfer_downline'],
  adjustment: ['adjustment'],
} as const;
type TransactionType = keyof typeof KINDS_OF_TYPE;
const TYPE_OF_KIND = new Map<string, TransactionType>(
  Object.entries(KINDS_OF_TYPE).flatMap(([type, kinds]) => kinds.map((kind) => [kind, type as TransactionType])),
);

/**
 * Issue 13 items 2 and 7: the agent centre's reports. Figures come from member_daily_stats (kept
 * by triggers as bets, deposits and withdrawals settle, migrations/0019_agent_stats.ts), bet lists
 * from the settled_bets view, money movements from the ledger; always within the caller's subtree.
 */
export function agentReports({ db, rollup = true }: { db: Db; rollup?: boolean }) {
  /** Agents only; the team is the caller's downlines, or a downline's own subtree (itself included). */
  async function teamOf(member: MemberContext, query: AgentReportQuery, language: Language): Promise<Team> {
    requireAgent(member);
    const timeZone = await merchantTimeZone(db, member.merchantId);
    const base = { merchantId: member.merchantId, timeZone, window: recordsWindow(query, language, timeZone) };
    if (!query.downline) return withSmallIds({ ...base, rootId: member.id, minDepth: 1, rootIsAgent: true });
    const found = await db
      .selectFrom('members as m')
      .innerJoin('member_tree as t', 't.descendant_id', 'm.id')
      .select(['m.id', 'm.type'])
      .where('m.merchant_id', '=', member.merchantId)
      .where('m.username', '=', query.downline)
      .where('t.ancestor_id', '=', member.id)
      .executeTakeFirst();
    // Outside the subtree is answered exactly like a member that does not exist.
    if (!found) throw new AppError('agent.downline_not_found');
    return withSmallIds({ ...base, rootId: found.id, minDepth: 0, rootIsAgent: isAgentType(found.type) });
  }

  /** The window's days split between the roll-up and the live summaries (see DaySplit). */
  async function splitDays(team: Team, { anyRoot = false } = {}): Promise<DaySplit> {
    const all: string[] = [];
    for (let day = team.window.from; day <= team.window.to; day = nextDay(day)) all.push(day);
    if (!rollup || !(team.rootIsAgent || anyRoot)) return { rolled: [], live: all };
    const rows = await sql<{ day: string }>`
      SELECT day::text AS day FROM agent_rollup_days
       WHERE merchant_id = ${team.merchantId} AND day BETWEEN ${team.window.from}::date AND ${team.window.to}::date
         AND NOT dirty`.execute(db);
    const rolled = new Set(rows.rows.map((row) => row.day));
    return { rolled: [...rolled].sort(), live: all.filter((day) => !rolled.has(day)) };
  }

  /**
   * The team's member_daily_stats rows (s) of the split's days as (day, product_type and the sums):
   * the live rows of the live days, the root's roll-up rows of the rolled days, less the root's own
   * rows there when the root is not part of the team.
   */
  const teamDayRows = (team: Team, days: DaySplit) => sql`(
      SELECT s.day, s.product_type, s.bet_count, s.valid_bet, s.payout, s.profit_loss, s.deposits, s.deposit_count,
             s.withdrawals, s.withdrawal_count, 1::bigint AS member_rows
        FROM member_daily_stats s JOIN ${teamIds(team)} t ON t.id = s.member_id
       WHERE s.merchant_id = ${team.merchantId} AND s.day = ANY(${days.live}::date[])${byMember(team, sql`s.member_id`)}
      UNION ALL
      SELECT r.day, r.product_type, r.bet_count, r.valid_bet, r.payout, r.profit_loss, r.deposits, r.deposit_count,
             r.withdrawals, r.withdrawal_count, r.member_rows
        FROM agent_daily_rollup r WHERE r.agent_id = ${team.rootId} AND r.day = ANY(${days.rolled}::date[])
      UNION ALL
      SELECT s.day, s.product_type, -s.bet_count, -s.valid_bet, -s.payout, -s.profit_loss, -s.deposits,
             -s.deposit_count, -s.withdrawals, -s.withdrawal_count, -1
        FROM member_daily_stats s
       WHERE s.member_id = ${team.rootId} AND ${team.minDepth}::integer > 0 AND s.day = ANY(${days.rolled}::date[]))`;

  /**
   * The team's members active in the window (member_active_months, migration 0022): per product
   * type and in all (product_type NULL). One row per member, month and product, masked to the window.
   */
  function activeMembers(team: Team) {
    const months: string[] = [];
    const masks: string[] = [];
    for (let day = team.window.from; day <= team.window.to; day = nextDay(day)) {
      const month = `${day.slice(0, 7)}-01`;
      if (months.at(-1) !== month) {
        months.push(month);
        masks.push('0');
      }
      masks[masks.length - 1] = String(BigInt(masks.at(-1)!) | (1n << BigInt(Number(day.slice(8)) - 1)));
    }
    return big(sql<{ product_type: string | null; n: string }>`
      WITH active AS MATERIALIZED (
        SELECT a.member_id, a.product_type
          FROM member_active_months a
          JOIN unnest(${months}::date[], ${masks}::bigint[]) w(month, mask) ON w.month = a.month
          JOIN ${teamIds(team)} t ON t.id = a.member_id
         WHERE a.merchant_id = ${team.merchantId} AND a.month = ANY(${months}::date[])
           AND a.days::bigint & w.mask <> 0${byMember(team, sql`a.member_id`)})
      SELECT product_type, count(DISTINCT member_id) AS n FROM active GROUP BY product_type
      UNION ALL
      SELECT NULL, count(*) FROM (SELECT member_id FROM active GROUP BY member_id) x`);
  }

  /**
   * A query over many summary rows (a month of a large team): in a transaction with more sort and
   * hash memory, so its grouping and distinct counts stay in memory instead of spilling to disk.
   */
  const big = <R>(query: RawBuilder<R>) =>
    db.transaction().execute(async (trx) => {
      await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
      return query.execute(trx);
    });

  /**
   * Notes a small team's ids: its summary rows are then read member by member off the primary key
   * (a few rows each) rather than by scanning the merchant's window and joining.
   */
  async function withSmallIds(team: Team): Promise<Team> {
    const rows = await db
      .selectFrom('member_tree')
      .select('descendant_id')
      .where('ancestor_id', '=', team.rootId)
      .where('depth', '>=', team.minDepth)
      .limit(SMALL_TEAM + 1)
      .execute();
    return rows.length <= SMALL_TEAM ? { ...team, smallIds: rows.map((row) => row.descendant_id) } : team;
  }
  const byMember = (team: Team, column: RawBuilder<unknown>) =>
    team.smallIds ? sql` AND ${column} = ANY(${team.smallIds}::integer[])` : sql``;

  /** The team's member ids (with their depth below the root) as a subquery. */
  const teamIds = (team: Team) =>
    sql`(SELECT descendant_id AS id, depth FROM member_tree
          WHERE ancestor_id = ${team.rootId} AND depth >= ${team.minDepth})`;
  /** A timestamp column's merchant-local day falls in the window. */
  const timeInWindow = (team: Team, column: RawBuilder<unknown>) =>
    sql`${column} >= (${team.window.from}::date::timestamp AT TIME ZONE ${team.timeZone})
        AND ${column} < ((${team.window.to}::date + 1)::timestamp AT TIME ZONE ${team.timeZone})`;
  const pageOf = <T>(team: Team, list: T[], total: number) => ({
    list,
    total,
    pageNo: team.window.pageNo,
    pageSize: team.window.pageSize,
  });

  return {
    async teamOverview(member: MemberContext, query: AgentReportQuery, language: Language) {
      const team = await teamOf(member, query, language);
      const ids = teamIds(team);
      const split = await splitDays(team);
      // Sums per day (the window's totals added up here) and active members per day: the live
      // summaries for live days, the root's roll-up for rolled days; active members in the whole
      // window from the monthly bitmasks (a distinct count cannot be added up from days).
      const [days, activeDays, active, size, joined] = await Promise.all([
        sql<{
          day: string;
          bets: string;
          valid: string;
          payout: string;
          pl: string;
          deposits: string;
          deposit_count: string;
          withdrawals: string;
          withdrawal_count: string;
        }>`SELECT s.day::text AS day, sum(s.bet_count) AS bets, sum(s.valid_bet) AS valid, sum(s.payout) AS payout,
                  sum(s.profit_loss) AS pl, sum(s.deposits) AS deposits, sum(s.deposit_count) AS deposit_count,
                  sum(s.withdrawals) AS withdrawals, sum(s.withdrawal_count) AS withdrawal_count
             FROM ${teamDayRows(team, split)} s
            GROUP BY s.day`.execute(db),
        sql<{ day: string; n: string }>`
           SELECT day::text AS day, sum(n) AS n FROM (
             SELECT a.day, count(*) AS n
               FROM member_active_days a JOIN ${ids} t ON t.id = a.member_id
              WHERE a.merchant_id = ${team.merchantId} AND a.day = ANY(${split.live}::date[])
                ${byMember(team, sql`a.member_id`)}
              GROUP BY a.day
             UNION ALL
             SELECT r.day, r.active_members FROM agent_daily_active r
              WHERE r.agent_id = ${team.rootId} AND r.day = ANY(${split.rolled}::date[])
             UNION ALL
             SELECT a.day, -1 FROM member_active_days a
              WHERE a.member_id = ${team.rootId} AND ${team.minDepth}::integer > 0 AND a.day = ANY(${split.rolled}::date[])) x
            GROUP BY day`.execute(db),
        activeMembers(team),
        sql<{ n: string }>`SELECT count(*) AS n FROM ${ids} t`.execute(db),
        sql<{ day: string; n: string }>`
           SELECT (m.created_at AT TIME ZONE ${team.timeZone})::date::text AS day, count(*) AS n
             FROM members m JOIN ${ids} t ON t.id = m.id
            WHERE ${timeInWindow(team, sql`m.created_at`)}
            GROUP BY 1`.execute(db),
      ]);
      const byDay = new Map(days.rows.map((row) => [row.day, row]));
      const activeByDay = new Map(activeDays.rows.map((row) => [row.day, int(row.n)]));
      const add = (key: keyof (typeof days.rows)[number]) =>
        days.rows.reduce((sum, row) => sum + BigInt(row[key] ?? 0), 0n);
      const total = {
        bets: add('bets'),
        valid: add('valid'),
        payout: add('payout'),
        pl: add('pl'),
        deposits: add('deposits'),
        deposit_count: add('deposit_count'),
        withdrawals: add('withdrawals'),
        withdrawal_count: add('withdrawal_count'),
        active: active.rows.find((row) => row.product_type === null)?.n,
      };
      const joinedByDay = new Map(joined.rows.map((row) => [row.day, int(row.n)]));
      const series = [];
      for (let day = team.window.from; day <= team.window.to; day = nextDay(day)) {
        const row = byDay.get(day);
        series.push({
          day,
          newMembers: joinedByDay.get(day) ?? 0,
          activeMembers: activeByDay.get(day) ?? 0,
          deposits: money(row?.deposits),
          withdrawals: money(row?.withdrawals),
          validBet: money(row?.valid),
          profitLoss: money(row?.pl),
        });
      }
      return {
        from: team.window.from,
        to: team.window.to,
        timeZone: team.timeZone,
        teamSize: int(size.rows[0]?.n),
        newMembers: [...joinedByDay.values()].reduce((a, b) => a + b, 0),
        activeMembers: int(total.active),
        deposits: money(total.deposits),
        depositCount: int(total.deposit_count),
        withdrawals: money(total.withdrawals),
        withdrawalCount: int(total.withdrawal_count),
        betCount: int(total.bets),
        validBet: money(total.valid),
        payout: money(total.payout),
        profitLoss: money(total.pl),
        series,
      };
    },

    /**
     * palStatementsAgentCopy: one row per direct downline (depth 1) with its whole subtree's figures
     * (and, for a downline's own subtree, a row of that downline's own figures at depth 0), so the
     * rows add up to the team. An agent line reads its roll-up on rolled days and the live
     * summaries of its subtree on the others; any other line reads the live summaries.
     */
    async palStatements(member: MemberContext, query: AgentReportQuery, language: Language) {
      const team = await teamOf(member, query, language);
      const split = await splitDays(team);
      const sums = (p: string) =>
        sql.raw(`${p}.bet_count AS bets, ${p}.valid_bet AS valid, ${p}.payout, ${p}.profit_loss AS pl,
                 ${p}.deposits, ${p}.withdrawals`);
      const result = await big(sql<{
        username: string | null;
        type: number | null;
        depth: number | null;
        bets: string | null;
        valid: string | null;
        payout: string | null;
        pl: string | null;
        deposits: string | null;
        withdrawals: string | null;
        members: string;
        t_bets: string | null;
        t_valid: string | null;
        t_payout: string | null;
        t_pl: string | null;
        t_deposits: string | null;
        t_withdrawals: string | null;
      }>`WITH lines AS MATERIALIZED (
            SELECT t.descendant_id AS id, t.depth, m.type = ANY(${[...AGENT_TYPES]}::integer[]) AS agent
              FROM member_tree t JOIN members m ON m.id = t.descendant_id
             WHERE t.ancestor_id = ${team.rootId} AND t.depth = 1),
          figures AS (
            SELECT l.id, ${sums('r')}
              FROM lines l JOIN agent_daily_rollup r ON r.agent_id = l.id
             WHERE l.agent AND r.day = ANY(${split.rolled}::date[])
            UNION ALL
            SELECT lt.ancestor_id, ${sums('s')}
              FROM lines l
              JOIN member_tree lt ON lt.ancestor_id = l.id
              JOIN member_daily_stats s ON s.member_id = lt.descendant_id
             WHERE l.agent AND s.merchant_id = ${team.merchantId} AND s.day = ANY(${split.live}::date[])
            UNION ALL
            SELECT lt.ancestor_id, ${sums('s')}
              FROM lines l
              JOIN member_tree lt ON lt.ancestor_id = l.id
              JOIN member_daily_stats s ON s.member_id = lt.descendant_id
             WHERE NOT l.agent AND s.merchant_id = ${team.merchantId}
               AND s.day BETWEEN ${team.window.from}::date AND ${team.window.to}::date
            UNION ALL
            SELECT s.member_id, ${sums('s')}
              FROM member_daily_stats s
             WHERE s.member_id = ${team.rootId} AND ${team.minDepth}::integer = 0
               AND s.day BETWEEN ${team.window.from}::date AND ${team.window.to}::date),
          per AS MATERIALIZED (
            SELECT id AS member_id, sum(bets) AS bets, sum(valid) AS valid, sum(payout) AS payout, sum(pl) AS pl,
                   sum(deposits) AS deposits, sum(withdrawals) AS withdrawals
              FROM figures GROUP BY id),
          totals AS (
            SELECT count(*) AS members, sum(bets) AS t_bets, sum(valid) AS t_valid, sum(payout) AS t_payout,
                   sum(pl) AS t_pl, sum(deposits) AS t_deposits, sum(withdrawals) AS t_withdrawals FROM per),
          page AS (
            SELECT * FROM per ORDER BY valid DESC, member_id
             LIMIT ${team.window.pageSize} OFFSET ${team.window.offset})
          SELECT m.username, m.type, CASE WHEN page.member_id = ${team.rootId} THEN 0 ELSE 1 END AS depth,
                 page.bets, page.valid, page.payout, page.pl, page.deposits, page.withdrawals, totals.*
            FROM totals LEFT JOIN (page JOIN members m ON m.id = page.member_id) ON true
           ORDER BY page.valid DESC, page.member_id`);
      const rows = { rows: result.rows.filter((row) => row.username !== null) };
      const sum = result.rows[0]
        ? {
            members: result.rows[0].members,
            bets: result.rows[0].t_bets,
            valid: result.rows[0].t_valid,
            payout: result.rows[0].t_payout,
            pl: result.rows[0].t_pl,
            deposits: result.rows[0].t_deposits,
            withdrawals: result.rows[0].t_withdrawals,
          }
        : undefined;
      return {
        ...pageOf(
          team,
          rows.rows.map((row) => ({
            username: row.username!,
            memberType: int(row.type),
            depth: int(row.depth),
            betCount: int(row.bets),
            validBet: money(row.valid),
            payout: money(row.payout),
            profitLoss: money(row.pl),
            deposits: money(row.deposits),
            withdrawals: money(row.withdrawals),
          })),
          int(sum?.members),
        ),
        summary: {
          betCount: int(sum?.bets),
          validBet: money(sum?.valid),
          payout: money(sum?.payout),
          profitLoss: money(sum?.pl),
          deposits: money(sum?.deposits),
          withdrawals: money(sum?.withdrawals),
        },
      };
    },

    async revenue(member: MemberContext, query: AgentReportQuery, language: Language) {
      const team = await teamOf(member, query, language);
      const split = await splitDays(team);
      // Sums per product type from the live summaries and the roll-up; active members per product
      // type (a bet with a stake in it on a day of the window) from the monthly bitmasks.
      const [sums, active] = await Promise.all([
        sql<{ product_type: string | null; bets: string; valid: string; payout: string; pl: string }>`
          SELECT s.product_type, sum(s.bet_count) AS bets, sum(s.valid_bet) AS valid, sum(s.payout) AS payout,
                 sum(s.profit_loss) AS pl
            FROM ${teamDayRows(team, split)} s
           WHERE s.product_type <> 'CASH'
           GROUP BY ROLLUP (s.product_type)
          HAVING sum(s.member_rows) > 0
           ORDER BY s.product_type NULLS LAST`.execute(db),
        activeMembers(team),
      ]);
      const activeOf = new Map(active.rows.map((row) => [row.product_type, row.n]));
      const rows = {
        rows: sums.rows.map((row) => ({ ...row, active: activeOf.get(row.product_type) ?? '0' })),
      };
      const view = (row: (typeof rows.rows)[number] | undefined) => ({
        activeMembers: int(row?.active),
        betCount: int(row?.bets),
        validBet: money(row?.valid),
        payout: money(row?.payout),
        profitLoss: money(row?.pl),
        revenue: money(-BigInt(row?.pl ?? 0)),
      });
      return {
        list: rows.rows
          .filter((row) => row.product_type !== null)
          .map((row) => ({
            productType: row.product_type!,
            ...view(row),
          })),
        total: view(rows.rows.find((row) => row.product_type === null)),
      };
    },

    async downlineTransactions(
      member: MemberContext,
      query: AgentReportQuery & { type?: TransactionType | undefined },
      language: Language,
    ) {
      const team = await teamOf(member, query, language);
      const kinds: readonly string[] = query.type ? KINDS_OF_TYPE[query.type] : [...TYPE_OF_KIND.keys()];
      const rows = await sql<{
        id: string;
        created_at: Date;
        username: string;
        kind: string;
        amount: string;
        balance_after: string | null;
        total: string;
      }>`SELECT p.id, p.created_at, m.username, lt.kind, p.amount, p.balance_after, count(*) OVER () AS total
           FROM ${teamIds(team)} t
           JOIN ledger_accounts a ON a.member_id = t.id AND a.kind = 'member_main'
           JOIN ledger_postings p ON p.account_id = a.id
           JOIN ledger_transactions lt ON lt.id = p.transaction_id
           JOIN members m ON m.id = t.id
          WHERE a.merchant_id = ${team.merchantId}
            AND lt.kind = ANY(${[...kinds]}::text[])
            AND ${timeInWindow(team, sql`p.created_at`)}
          ORDER BY p.created_at DESC, p.id DESC
          LIMIT ${team.window.pageSize} OFFSET ${team.window.offset}`.execute(db);
      return pageOf(
        team,
        rows.rows.map((row) => ({
          id: String(row.id),
          time: row.created_at.toISOString(),
          username: row.username,
          type: TYPE_OF_KIND.get(row.kind) ?? 'adjustment',
          kind: row.kind,
          amount: money(row.amount),
          balanceAfter: money(row.balance_after),
        })),
        int(rows.rows[0]?.total),
      );
    },

    async bets(
      member: MemberContext,
      query: AgentReportQuery & { scope?: 'self' | 'team' | undefined },
      language: Language,
    ) {
      const team = await teamOf(member, query, language);
      // personalHistoryCopy: the agent's own bets; teamBetting: the team's (or one downline's subtree).
      const self = query.scope === 'self' && !query.downline;
      const size = self
        ? 1
        : int(
            (
              await sql<{ n: string }>`SELECT count(*) AS n FROM member_tree
                WHERE ancestor_id = ${team.rootId} AND depth >= ${team.minDepth}`.execute(db)
            ).rows[0]?.n,
          );
      // A small team: its members' own (member, time) indexes. A large one: the merchant's bets newest
      // first off the time indexes, each checked by an index probe of member_tree (OFFSET 0 keeps the
      // check per row, so the scan stops as soon as the page is full).
      const mine = (column: RawBuilder<unknown>) =>
        self
          ? sql`${column} = ${member.id}`
          : size <= LARGE_TEAM
            ? sql`${column} IN (SELECT descendant_id FROM member_tree
                                 WHERE ancestor_id = ${team.rootId} AND depth >= ${team.minDepth})`
            : sql`EXISTS (SELECT 1 FROM member_tree mt WHERE mt.ancestor_id = ${team.rootId}
                           AND mt.descendant_id = ${column} AND mt.depth >= ${team.minDepth} OFFSET 0)`;
      const upTo = team.window.offset + team.window.pageSize;
      // The two sources of settled_bets, each newest first and cut at the page's end, then merged.
      const [rows, counted] = await Promise.all([
        sql<{
          bet_ref: string;
          username: string;
          product_type: string;
          stake: string;
          payout: string;
          settled_at: Date;
        }>`SELECT b.bet_ref, m.username, b.product_type, b.stake, b.payout, b.settled_at
             FROM ((SELECT r.member_id, 'INHOUSE' AS product_type, 'inhouse:' || r.id AS bet_ref, r.stake,
                           coalesce(r.payout, 0) AS payout, r.settled_at
                      FROM inhouse_rounds r
                     WHERE r.state = 'settled' AND r.merchant_id = ${team.merchantId}
                       AND ${timeInWindow(team, sql`r.settled_at`)} AND ${mine(sql`r.member_id`)}
                     ORDER BY r.settled_at DESC LIMIT ${upTo})
                   UNION ALL
                   (SELECT w.member_id, agent_stats_product_type(w.vendor_id, w.member_id, w.game_session_id),
                           'seamless:' || w.vendor_id || ':' || bet.vendor_tx_id, bet.amount, w.amount, w.created_at
                      FROM seamless_transactions w
                      JOIN seamless_transactions bet
                        ON bet.merchant_id = w.merchant_id AND bet.vendor_id = w.vendor_id
                       AND bet.vendor_tx_id = w.reference_tx_id AND bet.kind = 'bet'
                      JOIN vendors v ON v.id = w.vendor_id AND v.code NOT LIKE 'INHOUSE\\_%'
                     WHERE w.kind = 'win' AND w.merchant_id = ${team.merchantId}
                       AND ${timeInWindow(team, sql`w.created_at`)} AND ${mine(sql`w.member_id`)}
                     ORDER BY w.created_at DESC LIMIT ${upTo})) b
             JOIN members m ON m.id = b.member_id
            ORDER BY b.settled_at DESC, b.bet_ref DESC
            LIMIT ${team.window.pageSize} OFFSET ${team.window.offset}`.execute(db),
        // The total, counted up to BET_LIST_MAX_ROWS.
        sql<{ n: string }>`SELECT count(*) AS n FROM (SELECT 1 FROM settled_bets b
                             WHERE b.merchant_id = ${team.merchantId} AND ${timeInWindow(team, sql`b.settled_at`)}
                               AND ${mine(sql`b.member_id`)}
                             LIMIT ${BET_LIST_MAX_ROWS}) x`.execute(db),
      ]);
      return pageOf(
        team,
        rows.rows.map((row) => ({
          betRef: row.bet_ref,
          username: row.username,
          productType: row.product_type,
          stake: money(row.stake),
          payout: money(row.payout),
          profitLoss: money(BigInt(row.payout) - BigInt(row.stake)),
          settledAt: row.settled_at.toISOString(),
        })),
        int(counted.rows[0]?.n),
      );
    },

    async userLoss(member: MemberContext, query: AgentReportQuery, language: Language) {
      const team = await teamOf(member, query, language);
      // Per member over the window: the weeks whose days are all rolled up and fresh from
      // member_weekly_stats, the other days from member_daily_stats.
      const rolled = new Set((await splitDays(team, { anyRoot: true })).rolled);
      const weeks: string[] = [];
      const days: string[] = [];
      for (let day = team.window.from; day <= team.window.to; day = nextDay(day)) {
        const week = [day];
        while (week.length < 7) week.push(nextDay(week.at(-1)!));
        if (mondayOf(day) === day && week[6]! <= team.window.to && week.every((d) => rolled.has(d))) {
          weeks.push(day);
          day = week[6]!;
        } else days.push(day);
      }
      const rows = await big(sql<{
        username: string;
        depth: number;
        bets: string;
        valid: string;
        pl: string;
        last_bet_at: Date | null;
        total: string;
      }>`WITH per AS (
            SELECT x.member_id, t.depth, sum(x.bet_count) AS bets, sum(x.valid_bet) AS valid,
                   sum(x.profit_loss) AS pl, max(x.last_bet_at) AS last_bet_at
              FROM (SELECT s.member_id, s.bet_count, s.valid_bet, s.profit_loss, s.last_bet_at
                      FROM member_daily_stats s
                     WHERE s.merchant_id = ${team.merchantId} AND s.day = ANY(${days}::date[])
                       AND s.product_type <> 'CASH'${byMember(team, sql`s.member_id`)}
                    UNION ALL
                    SELECT w.member_id, w.bet_count, w.valid_bet, w.profit_loss, w.last_bet_at
                      FROM member_weekly_stats w
                     WHERE w.merchant_id = ${team.merchantId} AND w.week = ANY(${weeks}::date[])
                       ${byMember(team, sql`w.member_id`)}) x
              JOIN ${teamIds(team)} t ON t.id = x.member_id
             GROUP BY x.member_id, t.depth
            HAVING sum(x.profit_loss) < 0)
          SELECT m.username, page.depth, page.bets, page.valid, page.pl, page.last_bet_at, page.total
            FROM (SELECT per.*, count(*) OVER () AS total FROM per ORDER BY per.pl, per.member_id
                   LIMIT ${team.window.pageSize} OFFSET ${team.window.offset}) page
            JOIN members m ON m.id = page.member_id
           ORDER BY page.pl, page.member_id`);
      return pageOf(
        team,
        rows.rows.map((row) => ({
          username: row.username,
          depth: int(row.depth),
          betCount: int(row.bets),
          validBet: money(row.valid),
          loss: money(-BigInt(row.pl)),
          lastBetAt: row.last_bet_at ? row.last_bet_at.toISOString() : null,
        })),
        int(rows.rows[0]?.total),
      );
    },
  };
}
export type AgentReports = ReturnType<typeof agentReports>;

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
