import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { moneyValueSchema } from './amount.ts';
import { page, pageShape, recordsShape } from './wallet.ts';

const tags = ['agent-reports'] as const;

/**
 * Issue 13 items 2 and 7: the agent centre's reports, read from the summary tables
 * (member_daily_stats) and the settled_bets view for the calling agent's team (its member_tree
 * subtree). Every call takes the §9 window (`from`/`to`, days in the merchant's time zone, at most
 * 90 days) and an optional `downline` (a username in the caller's subtree) that narrows the team
 * to that member's own subtree. Players and trial users get auth.not_agent (403); a downline
 * outside the subtree, agent.downline_not_found (404).
 */
const downline = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((value) => /^[A-Za-z0-9_.@-]+$/.test(value));

export const agentReportQuerySchema = z.object({ ...recordsShape, downline: downline.optional() });

/** The kinds of money movement the downline transaction report lists. */
export const AGENT_TRANSACTION_TYPES = ['deposit', 'withdrawal', 'transfer', 'adjustment'] as const;
/** Whose bets the bet list shows: the agent's own (personalHistoryCopy) or the team's (teamBetting). */
export const AGENT_BET_SCOPES = ['self', 'team'] as const;

const figures = {
  betCount: z.number().int(),
  validBet: moneyValueSchema,
  payout: moneyValueSchema,
  /** The members' win/loss: payout − valid bet (negative: the team lost). */
  profitLoss: moneyValueSchema,
};

export const teamOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  teamSize: z.number().int(),
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  deposits: moneyValueSchema,
  depositCount: z.number().int(),
  withdrawals: moneyValueSchema,
  withdrawalCount: z.number().int(),
  ...figures,
  /** One entry per day of the window (days without activity included, as zeros). */
  series: z.array(
    z.object({
      day: z.string(),
      newMembers: z.number().int(),
      activeMembers: z.number().int(),
      deposits: moneyValueSchema,
      withdrawals: moneyValueSchema,
      validBet: moneyValueSchema,
      profitLoss: moneyValueSchema,
    }),
  ),
});

export const palStatementRowSchema = z.object({
  username: z.string(),
  memberType: z.number().int(),
  /** 1: a direct downline, its figures those of its whole subtree; 0: the asked downline's own figures. */
  depth: z.number().int(),
  ...figures,
  deposits: moneyValueSchema,
  withdrawals: moneyValueSchema,
});

export const revenueRowSchema = z.object({
  productType: z.string(),
  activeMembers: z.number().int(),
  ...figures,
  /** What the house kept: valid bet − payout. */
  revenue: moneyValueSchema,
});

export const downlineTransactionSchema = z.object({
  id: z.string(),
  time: z.string(),
  username: z.string(),
  type: z.enum(AGENT_TRANSACTION_TYPES),
  /** The ledger kind (deposit, withdrawal_hold, transfer_downline, …). */
  kind: z.string(),
  amount: moneyValueSchema,
  balanceAfter: moneyValueSchema,
});

export const teamBetSchema = z.object({
  betRef: z.string(),
  username: z.string(),
  productType: z.string(),
  stake: moneyValueSchema,
  payout: moneyValueSchema,
  profitLoss: moneyValueSchema,
  settledAt: z.string(),
});

export const userLossRowSchema = z.object({
  username: z.string(),
  depth: z.number().int(),
  betCount: z.number().int(),
  validBet: moneyValueSchema,
  /** What the member lost (positive): valid bet − payout. */
  loss: moneyValueSchema,
  lastBetAt: z.string().nullable(),
});

const summary = z.object({ ...figures, deposits: moneyValueSchema, withdrawals: moneyValueSchema });

export const agentReportEndpoints = {
  teamOverview: defineEndpoint({
    name: 'agentTeamOverview',
    method: 'GET',
    path: '/wps/agent/reports/team-overview',
    auth: 'member',
    summary: 'Team size, new and active members, deposits, withdrawals, valid bets, profit and loss, per day',
    tags,
    query: agentReportQuerySchema,
    response: teamOverviewSchema,
  }),
  palStatements: defineEndpoint({
    name: 'palStatementsAgentCopy',
    method: 'GET',
    path: '/wps/agent/reports/pal-statements',
    auth: 'member',
    summary:
      'Profit and loss per direct downline (the figures of its whole subtree; for a downline asked, also its own row at depth 0), largest valid bet first',
    tags,
    query: agentReportQuerySchema,
    response: z.object({ ...pageShape(palStatementRowSchema), summary }),
  }),
  revenue: defineEndpoint({
    name: 'agentRevenueReport',
    method: 'GET',
    path: '/wps/agent/reports/revenue',
    auth: 'member',
    summary: "The team's bets, payouts and revenue per product type",
    tags,
    query: agentReportQuerySchema,
    response: z.object({
      list: z.array(revenueRowSchema),
      total: revenueRowSchema.omit({ productType: true }),
    }),
  }),
  downlineTransactions: defineEndpoint({
    name: 'agentDownlineTransactionDetailsCopy',
    method: 'GET',
    path: '/wps/agent/reports/downline-transactions',
    auth: 'member',
    summary: "Deposits, withdrawals, transfers and adjustments of the agent's downlines, newest first",
    tags,
    query: agentReportQuerySchema.extend({ type: z.enum(AGENT_TRANSACTION_TYPES).optional() }),
    response: page(downlineTransactionSchema),
  }),
  bets: defineEndpoint({
    name: 'teamBetting',
    method: 'GET',
    path: '/wps/agent/reports/bets',
    auth: 'member',
    summary: 'Settled bets of the agent itself (scope self) or of its team (scope team), newest first',
    tags,
    query: agentReportQuerySchema.extend({ scope: z.enum(AGENT_BET_SCOPES).optional() }),
    response: page(teamBetSchema),
  }),
  userLoss: defineEndpoint({
    name: 'userLoss',
    method: 'GET',
    path: '/wps/agent/reports/user-loss',
    auth: 'member',
    summary: 'The team members who lost most in the window, largest loss first',
    tags,
    query: agentReportQuerySchema,
    response: page(userLossRowSchema),
  }),
};
