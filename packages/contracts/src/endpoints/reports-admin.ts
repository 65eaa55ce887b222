import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { moneyValueSchema } from './amount.ts';
import { pageShape, pagingShape } from './wallet.ts';

const tags = ['admin', 'reports'] as const;

/** Issue 16 item 9: the longest window one report reads, in merchant-local days. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_PERIODS = ['day', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** A §3 product type as the summary tables name it (a vendor's category: LIVE, RNG, SPORTS, …). */
const productType = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z0-9_]{0,15}$/);

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
const order = z.enum(['asc', 'desc']).default('desc');
/** The window (merchant-local days; default the last 30 days up to today) and the page. */
const windowShape = { from: day.optional(), to: day.optional(), ...pagingShape };

const betFigures = {
  betCount: z.number().int(),
  /** Valid bets (stakes), what they paid back, and GGR: their difference (the house's win). */
  bets: moneyValueSchema,
  wins: moneyValueSchema,
  ggr: moneyValueSchema,
};
const cashFigures = {
  deposits: moneyValueSchema,
  depositCount: z.number().int(),
  withdrawals: moneyValueSchema,
  withdrawalCount: z.number().int(),
};

/** Every report answers a page of rows, the window it read, and the currency of its amounts. */
const reportPage = <T extends z.ZodType>(row: T) =>
  z.object({ ...pageShape(row), currency: z.string(), from: z.string(), to: z.string() });

export const GGR_REPORT_SORTS = ['period', 'ggr', 'bets', 'betCount'] as const;
/** Rows per product type, or per product type and vendor (issue 16 item 9). */
export const GGR_REPORT_GROUPS = ['productType', 'vendor'] as const;
/** A vendor as the vendor summary names it: the API partner's code, or our catalogue vendor's. */
const vendorCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/);
export const ggrReportRowSchema = z.object({
  /** `YYYY-MM-DD` or `YYYY-MM`. */
  period: z.string(),
  productType: z.string(),
  /** Only when grouped by vendor: its code and display name. */
  vendor: z.string().optional(),
  vendorName: z.string().optional(),
  ...betFigures,
});
export const MEMBER_REPORT_SORTS = ['ggr', 'bets', 'betCount', 'deposits', 'withdrawals', 'username'] as const;
export const memberReportRowSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  ...betFigures,
  ...cashFigures,
});
export const AGENT_REPORT_SORTS = MEMBER_REPORT_SORTS;
export const agentReportRowSchema = z.object({
  agentId: z.number().int(),
  username: z.string(),
  /** §6 agent type (1, 2, 41, 42). */
  type: z.number().int(),
  /** Figures of the agent's whole team, the agent included. */
  ...betFigures,
  ...cashFigures,
});
export const CASHIER_REPORT_SORTS = ['period', 'deposits', 'withdrawals', 'net'] as const;
export const cashierReportRowSchema = z.object({
  period: z.string(),
  ...cashFigures,
  /** Deposits less withdrawals. */
  net: moneyValueSchema,
});
export type GgrReportRow = z.infer<typeof ggrReportRowSchema>;
export type MemberReportRow = z.infer<typeof memberReportRowSchema>;
export type AgentReportRow = z.infer<typeof agentReportRowSchema>;
export type CashierReportRow = z.infer<typeof cashierReportRowSchema>;

const nameFilter = z.string().trim().min(1).max(64).optional();

/**
 * Issue 16 item 9: the console's reports, read from the agent reports' summary tables
 * (member_daily_stats, agent_daily_rollup), never from the bets themselves; paged and sorted on the server.
 */
export const reportAdminEndpoints = {
  ggr: defineEndpoint({
    name: 'admin.reports.ggr',
    method: 'GET',
    path: '/admin/reports/ggr',
    auth: 'operator',
    summary: 'GGR per merchant-local day or month and product type (and vendor), from the daily summary tables',
    tags,
    query: z.object({
      period: z.enum(REPORT_PERIODS).default('day'),
      groupBy: z.enum(GGR_REPORT_GROUPS).default('productType'),
      productType: productType.optional(),
      /** Only the rows of this vendor (implies grouping by vendor). */
      vendor: vendorCode.optional(),
      sort: z.enum(GGR_REPORT_SORTS).default('period'),
      order,
      ...windowShape,
    }),
    response: reportPage(ggrReportRowSchema).extend({
      /** The product types with figures in the window, for the filter. */
      productTypes: z.array(z.string()),
      /** The vendors with figures in the window, for the filter. */
      vendors: z.array(z.object({ code: z.string(), name: z.string() })),
    }),
  }),
  members: defineEndpoint({
    name: 'admin.reports.members',
    method: 'GET',
    path: '/admin/reports/members',
    auth: 'operator',
    summary: "Each member's bets, wins, GGR, deposits and withdrawals over a window (username prefix filter)",
    tags,
    query: z.object({
      username: nameFilter,
      sort: z.enum(MEMBER_REPORT_SORTS).default('ggr'),
      order,
      ...windowShape,
    }),
    response: reportPage(memberReportRowSchema),
  }),
  agents: defineEndpoint({
    name: 'admin.reports.agents',
    method: 'GET',
    path: '/admin/reports/agents',
    auth: 'operator',
    summary: "Each agent's team figures over a window (the roll-up for closed days, the live summaries for the rest)",
    tags,
    query: z.object({
      username: nameFilter,
      sort: z.enum(AGENT_REPORT_SORTS).default('ggr'),
      order,
      ...windowShape,
    }),
    response: reportPage(agentReportRowSchema),
  }),
  cashier: defineEndpoint({
    name: 'admin.reports.cashier',
    method: 'GET',
    path: '/admin/reports/cashier',
    auth: 'operator',
    summary: 'Approved deposits and paid withdrawals per merchant-local day or month',
    tags,
    query: z.object({
      period: z.enum(REPORT_PERIODS).default('day'),
      sort: z.enum(CASHIER_REPORT_SORTS).default('period'),
      order,
      ...windowShape,
    }),
    response: reportPage(cashierReportRowSchema),
  }),
};
