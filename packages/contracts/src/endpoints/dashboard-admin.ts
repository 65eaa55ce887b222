import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { moneyValueSchema } from './amount.ts';

const tags = ['admin', 'dashboard'] as const;

/** Issue 16 item 2: the longest chart the dashboard draws, in merchant-local days. */
export const DASHBOARD_MAX_DAYS = 92;

/** The figures of one span (a day, today, this month), from the summary tables. */
export const dashboardFiguresSchema = z.object({
  deposits: moneyValueSchema,
  depositCount: z.number().int(),
  withdrawals: moneyValueSchema,
  withdrawalCount: z.number().int(),
  /** Valid bets (stakes) and what they paid back; GGR is their difference (the house's win). */
  bets: moneyValueSchema,
  betCount: z.number().int(),
  wins: moneyValueSchema,
  ggr: moneyValueSchema,
  newMembers: z.number().int(),
  /** Distinct members with a valid bet in the span. */
  activeMembers: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

const productFiguresSchema = z.object({ bets: moneyValueSchema, wins: moneyValueSchema, ggr: moneyValueSchema });

export const dashboardSchema = z.object({
  /**
   * The merchant the figures are of. An operator belongs to exactly one merchant (operators.merchant_id),
   * so a multi-merchant owner signs in to each merchant's console; the dashboard names which one.
   */
  merchant: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  currency: z.string(),
  timeZone: z.string(),
  /** The merchant-local day `today` is (YYYY-MM-DD). */
  today: z.string(),
  todayFigures: dashboardFiguresSchema,
  monthFigures: dashboardFiguresSchema,
  /** One entry per day of the chart, oldest first, days without activity included. */
  days: z.array(z.object({ day: z.string(), ...dashboardFiguresSchema.shape })),
  /** Bets, wins and GGR per §3 product type today and this month, largest month GGR first. */
  products: z.array(z.object({ productType: z.string(), today: productFiguresSchema, month: productFiguresSchema })),
  pending: z.object({
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    adjustments: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Issue 16 item 2: the operator console's dashboard. */
export const dashboardAdminEndpoints = {
  get: defineEndpoint({
    name: 'admin.dashboard',
    method: 'GET',
    path: '/admin/dashboard',
    auth: 'operator',
    summary:
      "Today's and this month's deposits, withdrawals, bets, wins, GGR, new and active members, the pending approvals, " +
      'and the same figures per day over the last `days` days (from the daily summary tables)',
    tags,
    query: z.object({ days: z.coerce.number().int().min(1).max(DASHBOARD_MAX_DAYS).default(30) }),
    response: dashboardSchema,
  }),
};
