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

const pendingSchema = z.object({
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  adjustments: z.number().int(),
});
const merchantRefSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const dashboardSchema = z.object({
  /**
   * The merchant the figures are of: the one the operator's session works on (an operator over
   * several merchants switches between them, or reads them side by side: GET /admin/dashboard/merchants).
   */
  merchant: merchantRefSchema,
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
  pending: pendingSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Issue 16 item 2: each merchant the operator works on, side by side, and the totals per currency. */
export const merchantsDashboardSchema = z.object({
  merchants: z.array(
    z.object({
      merchant: merchantRefSchema,
      currency: z.string(),
      /** The merchant-local day `today` is: merchants in other time zones may be on another day. */
      today: z.string(),
      todayFigures: dashboardFiguresSchema,
      monthFigures: dashboardFiguresSchema,
      pending: pendingSchema,
    }),
  ),
  /** One row per currency (amounts in different currencies are never added together). */
  totals: z.array(
    z.object({
      currency: z.string(),
      merchants: z.number().int(),
      todayFigures: dashboardFiguresSchema,
      monthFigures: dashboardFiguresSchema,
      pending: pendingSchema,
    }),
  ),
});
export type MerchantsDashboard = z.infer<typeof merchantsDashboardSchema>;

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
  merchants: defineEndpoint({
    name: 'admin.dashboard.merchants',
    method: 'GET',
    path: '/admin/dashboard/merchants',
    auth: 'operator',
    summary:
      "Today's and this month's figures and the pending approvals of every merchant the operator works on, side by side, with their totals per currency",
    tags,
    response: merchantsDashboardSchema,
  }),
};
