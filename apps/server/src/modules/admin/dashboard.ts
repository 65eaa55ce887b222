import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { endpoints, type Dashboard, type DashboardFigures, type MerchantsDashboard } from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/route.ts';
import { merchantsOf } from './operator-merchants.ts';

interface DayRow {
  day: string;
  deposits: string;
  deposit_count: string;
  withdrawals: string;
  withdrawal_count: string;
  bets: string;
  bet_count: string;
  wins: string;
  new_members: string;
  active_members: string;
}

const TRIAL = 4;

function figuresOf(row: Omit<DayRow, 'day'> | undefined): DashboardFigures {
  const big = (value: string | undefined) => BigInt(value ?? '0');
  const bets = big(row?.bets);
  const wins = big(row?.wins);
  return {
    deposits: toDecimalString(big(row?.deposits)),
    depositCount: Number(row?.deposit_count ?? 0),
    withdrawals: toDecimalString(big(row?.withdrawals)),
    withdrawalCount: Number(row?.withdrawal_count ?? 0),
    bets: toDecimalString(bets),
    betCount: Number(row?.bet_count ?? 0),
    wins: toDecimalString(wins),
    ggr: toDecimalString(bets - wins),
    newMembers: Number(row?.new_members ?? 0),
    activeMembers: Number(row?.active_members ?? 0),
  };
}

function productFigures(bets: string, wins: string) {
  return {
    bets: toDecimalString(BigInt(bets)),
    wins: toDecimalString(BigInt(wins)),
    ggr: toDecimalString(BigInt(bets) - BigInt(wins)),
  };
}

/**
 * Issue 16 item 2: the console's dashboard. Money and bets come from member_daily_stats (kept by
 * triggers with every bet, deposit and withdrawal, migration 0019: the agent reports' source),
 * active members from member_active_days, never from the bets themselves; days are the merchant's.
 */
export function dashboardService(db: Db) {
  return {
    async read(merchantId: number, days: number, now = new Date()): Promise<Dashboard> {
      const merchant = await db
        .selectFrom('merchants')
        .select(['id', 'code', 'name', 'currency', 'time_zone'])
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
      const zone = merchant.time_zone;
      const today = sql`(${now}::timestamptz AT TIME ZONE ${zone})::date`;
      const monthStart = sql`date_trunc('month', ${today})::date`;
      const from = sql`least(${today} - ${days - 1}::integer, ${monthStart})`;
      const localDay = (column: string) => sql`(${sql.ref(column)} AT TIME ZONE ${zone})::date`;
      // One row per day of the window (the chart's days and the month's, whichever reach further back).
      const window = sql`
        WITH span AS (SELECT generate_series(${from}, ${today}, interval '1 day')::date AS day),
        stats AS (
          SELECT day, sum(deposits) AS deposits, sum(deposit_count) AS deposit_count,
                 sum(withdrawals) AS withdrawals, sum(withdrawal_count) AS withdrawal_count,
                 sum(valid_bet) AS bets, sum(bet_count) AS bet_count, sum(payout) AS wins
            FROM member_daily_stats
           WHERE merchant_id = ${merchantId} AND day BETWEEN ${from} AND ${today}
           GROUP BY day),
        joined AS (
          SELECT ${localDay('created_at')} AS day, count(*) AS new_members
            FROM members
           WHERE merchant_id = ${merchantId} AND type <> ${TRIAL}
             AND created_at >= (${from}::timestamp AT TIME ZONE ${zone})
           GROUP BY 1),
        active AS (
          SELECT day, count(*) AS active_members FROM member_active_days
           WHERE merchant_id = ${merchantId} AND day BETWEEN ${from} AND ${today}
           GROUP BY day)`;
      const [perDay, month, pending, products] = await Promise.all([
        sql<DayRow>`${window}
          SELECT span.day::text AS day, coalesce(s.deposits, 0)::text AS deposits,
                 coalesce(s.deposit_count, 0)::text AS deposit_count,
                 coalesce(s.withdrawals, 0)::text AS withdrawals,
                 coalesce(s.withdrawal_count, 0)::text AS withdrawal_count,
                 coalesce(s.bets, 0)::text AS bets, coalesce(s.bet_count, 0)::text AS bet_count,
                 coalesce(s.wins, 0)::text AS wins, coalesce(j.new_members, 0)::text AS new_members,
                 coalesce(a.active_members, 0)::text AS active_members
            FROM span
            LEFT JOIN stats s ON s.day = span.day
            LEFT JOIN joined j ON j.day = span.day
            LEFT JOIN active a ON a.day = span.day
           ORDER BY span.day`.execute(db),
        // A member active on several days of the month counts once.
        sql<{ active_members: string }>`
          SELECT count(DISTINCT member_id)::text AS active_members FROM member_active_days
           WHERE merchant_id = ${merchantId} AND day BETWEEN ${monthStart} AND ${today}`.execute(db),
        sql<{ deposits: string; withdrawals: string; adjustments: string }>`
          SELECT (SELECT count(*) FROM deposits WHERE merchant_id = ${merchantId} AND status = 'pending')::text AS deposits,
                 (SELECT count(*) FROM withdrawals WHERE merchant_id = ${merchantId} AND status = 'pending')::text
                   AS withdrawals,
                 (SELECT count(*) FROM adjustments WHERE merchant_id = ${merchantId} AND status = 'pending')::text
                   AS adjustments`.execute(db),
        // Per product type from the same summary rows (deposits and withdrawals sit in CASH: left out).
        sql<{ product_type: string; today_bets: string; today_wins: string; month_bets: string; month_wins: string }>`
          SELECT product_type,
                 coalesce(sum(valid_bet) FILTER (WHERE day = ${today}), 0)::text AS today_bets,
                 coalesce(sum(payout) FILTER (WHERE day = ${today}), 0)::text AS today_wins,
                 sum(valid_bet)::text AS month_bets, sum(payout)::text AS month_wins
            FROM member_daily_stats
           WHERE merchant_id = ${merchantId} AND day BETWEEN ${monthStart} AND ${today} AND product_type <> 'CASH'
           GROUP BY product_type
           ORDER BY sum(valid_bet) - sum(payout) DESC, product_type`.execute(db),
      ]);
      const rows = perDay.rows;
      const todayDay = rows.at(-1)!.day;
      const monthPrefix = todayDay.slice(0, 7);
      const monthTotals = rows
        .filter((row) => row.day.startsWith(monthPrefix))
        .reduce<Omit<DayRow, 'day'>>(
          (sum, row) => {
            const add = (key: keyof Omit<DayRow, 'day'>) => String(BigInt(sum[key]) + BigInt(row[key]));
            return {
              deposits: add('deposits'),
              deposit_count: add('deposit_count'),
              withdrawals: add('withdrawals'),
              withdrawal_count: add('withdrawal_count'),
              bets: add('bets'),
              bet_count: add('bet_count'),
              wins: add('wins'),
              new_members: add('new_members'),
              active_members: '0',
            };
          },
          {
            deposits: '0',
            deposit_count: '0',
            withdrawals: '0',
            withdrawal_count: '0',
            bets: '0',
            bet_count: '0',
            wins: '0',
            new_members: '0',
            active_members: '0',
          },
        );
      monthTotals.active_members = month.rows[0]?.active_members ?? '0';
      const counts = pending.rows[0]!;
      return {
        merchant: { id: merchant.id, code: merchant.code, name: merchant.name },
        currency: merchant.currency,
        timeZone: zone,
        today: todayDay,
        todayFigures: figuresOf(rows.at(-1)),
        monthFigures: figuresOf(monthTotals),
        days: rows.slice(-days).map((row) => ({ day: row.day, ...figuresOf(row) })),
        products: products.rows.map((row) => ({
          productType: row.product_type,
          today: productFigures(row.today_bets, row.today_wins),
          month: productFigures(row.month_bets, row.month_wins),
        })),
        pending: {
          deposits: Number(counts.deposits),
          withdrawals: Number(counts.withdrawals),
          adjustments: Number(counts.adjustments),
        },
      };
    },
  };
}

/** Adds two spans' figures (GGR and all) of merchants in one currency. */
function sumFigures(a: DashboardFigures, b: DashboardFigures): DashboardFigures {
  const money = (key: 'deposits' | 'withdrawals' | 'bets' | 'wins' | 'ggr') =>
    toDecimalString(parseMinor(a[key]) + parseMinor(b[key]));
  return {
    deposits: money('deposits'),
    depositCount: a.depositCount + b.depositCount,
    withdrawals: money('withdrawals'),
    withdrawalCount: a.withdrawalCount + b.withdrawalCount,
    bets: money('bets'),
    betCount: a.betCount + b.betCount,
    wins: money('wins'),
    ggr: money('ggr'),
    newMembers: a.newMembers + b.newMembers,
    // A member belongs to one merchant: merchants' active members add up.
    activeMembers: a.activeMembers + b.activeMembers,
  };
}

/**
 * Issue 16 item 2: every merchant the operator works on side by side (today, this month, pending
 * approvals: each merchant's own dashboard figures), with totals per currency.
 */
export async function merchantsDashboard(
  dashboard: ReturnType<typeof dashboardService>,
  merchantIds: readonly number[],
  now = new Date(),
): Promise<MerchantsDashboard> {
  const each = await Promise.all(merchantIds.map((id) => dashboard.read(id, 1, now)));
  const merchants = each.map(({ merchant, currency, today, todayFigures, monthFigures, pending }) => ({
    merchant,
    currency,
    today,
    todayFigures,
    monthFigures,
    pending,
  }));
  const totals = new Map<string, MerchantsDashboard['totals'][number]>();
  for (const row of merchants) {
    const sum = totals.get(row.currency);
    totals.set(
      row.currency,
      sum
        ? {
            currency: row.currency,
            merchants: sum.merchants + 1,
            todayFigures: sumFigures(sum.todayFigures, row.todayFigures),
            monthFigures: sumFigures(sum.monthFigures, row.monthFigures),
            pending: {
              deposits: sum.pending.deposits + row.pending.deposits,
              withdrawals: sum.pending.withdrawals + row.pending.withdrawals,
              adjustments: sum.pending.adjustments + row.pending.adjustments,
            },
          }
        : {
            currency: row.currency,
            merchants: 1,
            todayFigures: row.todayFigures,
            monthFigures: row.monthFigures,
            pending: row.pending,
          },
    );
  }
  return { merchants, totals: [...totals.values()] };
}

export function registerDashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  const dashboard = dashboardService(deps.db);
  registerEndpoint(app, deps, endpoints.admin.dashboard.get, ({ merchant, query }) =>
    dashboard.read(merchant.id, query.days),
  );
  registerEndpoint(app, deps, endpoints.admin.dashboard.merchants, async ({ req }) => {
    if (!req.operator) throw new AppError('auth.not_logged_in');
    const held = await merchantsOf(deps.db, req.operator.id);
    return merchantsDashboard(
      dashboard,
      held.map((m) => m.id),
    );
  });
}
