import { sql } from 'kysely';
import { toDecimalString } from '@khela/money';
import type { CreditReport, Language } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import type { MemberContext } from '../../http/context.ts';
import { merchantTimeZone } from '../agents/access.ts';
import { recordsWindow } from '../wallet/records.ts';

const money = (value: bigint | string | null | undefined) => toDecimalString(BigInt(value ?? 0));

interface DayRow {
  day: string;
  deposits: string;
  deposit_count: number;
  withdrawals: string;
  withdrawal_count: number;
  bonuses: string;
  valid_bet: string;
  bet_count: number;
}

/**
 * Issue 14 item 8: the member's credit report. Days are the merchant's calendar days (as the agent
 * reports count them). Deposits are credited deposits and withdrawals paid ones (their ledger
 * postings); bonuses are whatever the house paid into the member's wallets (rebates, VIP bonuses,
 * referral rewards, promotions: every payout through payFromHouse), per ledger kind; turnover is
 * the valid bet of member_daily_stats, which the bets' triggers keep per merchant-local day.
 */
export function creditReports(db: Db) {
  return {
    async report(member: MemberContext, query: { from?: string; to?: string }, language: Language) {
      const timeZone = await merchantTimeZone(db, member.merchantId);
      const window = recordsWindow(query, language, timeZone);
      const start = sql`(${window.from}::date)::timestamp AT TIME ZONE ${timeZone}`;
      const end = sql`((${window.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;
      const postings = sql`
        SELECT (p.created_at AT TIME ZONE ${timeZone})::date AS day, p.amount, a.kind AS account_kind, t.kind,
               EXISTS (SELECT 1 FROM ledger_postings hp JOIN ledger_accounts ha ON ha.id = hp.account_id
                        WHERE hp.transaction_id = t.id AND ha.kind = 'house' AND hp.amount < 0) AS from_house
          FROM ledger_postings p
          JOIN ledger_accounts a ON a.id = p.account_id
          JOIN ledger_transactions t ON t.id = p.transaction_id
         WHERE a.merchant_id = ${member.merchantId} AND a.member_id = ${member.id}
           AND p.created_at >= ${start} AND p.created_at < ${end}`;
      const isBonus = sql`m.from_house AND m.amount > 0 AND m.account_kind IN ('member_main', 'member_bonus')`;
      const { rows } = await sql<DayRow>`
        WITH m AS (${postings}),
        cash AS (
          SELECT m.day,
                 coalesce(sum(m.amount) FILTER (WHERE m.kind = 'deposit' AND m.account_kind = 'member_main'), 0) AS deposits,
                 count(*) FILTER (WHERE m.kind = 'deposit' AND m.account_kind = 'member_main')::int AS deposit_count,
                 coalesce(-sum(m.amount) FILTER (WHERE m.kind = 'withdrawal_pay' AND m.account_kind = 'withdrawal_hold'), 0)
                   AS withdrawals,
                 count(*) FILTER (WHERE m.kind = 'withdrawal_pay' AND m.account_kind = 'withdrawal_hold')::int
                   AS withdrawal_count,
                 coalesce(sum(m.amount) FILTER (WHERE ${isBonus}), 0) AS bonuses
            FROM m GROUP BY m.day),
        bets AS (
          SELECT s.day, sum(s.valid_bet) AS valid_bet, sum(s.bet_count)::int AS bet_count
            FROM member_daily_stats s
           WHERE s.member_id = ${member.id} AND s.merchant_id = ${member.merchantId}
             AND s.day BETWEEN ${window.from}::date AND ${window.to}::date
           GROUP BY s.day)
        SELECT d.day::date::text AS day,
               coalesce(c.deposits, 0)::text AS deposits, coalesce(c.deposit_count, 0) AS deposit_count,
               coalesce(c.withdrawals, 0)::text AS withdrawals, coalesce(c.withdrawal_count, 0) AS withdrawal_count,
               coalesce(c.bonuses, 0)::text AS bonuses,
               coalesce(b.valid_bet, 0)::text AS valid_bet, coalesce(b.bet_count, 0) AS bet_count
          FROM generate_series(${window.from}::date, ${window.to}::date, interval '1 day') AS d(day)
          LEFT JOIN cash c ON c.day = d.day::date
          LEFT JOIN bets b ON b.day = d.day::date
         ORDER BY d.day DESC`.execute(db);
      const byKind = await sql<{ kind: string; amount: string }>`
        WITH m AS (${postings})
        SELECT m.kind, sum(m.amount)::text AS amount FROM m WHERE ${isBonus}
         GROUP BY m.kind ORDER BY sum(m.amount) DESC, m.kind`.execute(db);

      const sum = (pick: (row: DayRow) => string | number) =>
        rows.reduce((total, row) => total + BigInt(pick(row)), 0n);
      const report: CreditReport = {
        from: window.from,
        to: window.to,
        timeZone,
        totals: {
          deposits: money(sum((r) => r.deposits)),
          withdrawals: money(sum((r) => r.withdrawals)),
          bonuses: money(sum((r) => r.bonuses)),
          validBet: money(sum((r) => r.valid_bet)),
          depositCount: Number(sum((r) => r.deposit_count)),
          withdrawalCount: Number(sum((r) => r.withdrawal_count)),
          betCount: Number(sum((r) => r.bet_count)),
        },
        bonusesByKind: byKind.rows.map((row) => ({ kind: row.kind, amount: money(row.amount) })),
        days: rows.map((row) => ({
          day: row.day,
          deposits: money(row.deposits),
          withdrawals: money(row.withdrawals),
          bonuses: money(row.bonuses),
          validBet: money(row.valid_bet),
        })),
      };
      return report;
    },
  };
}
