import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import type { ErrorCode } from '../errors.ts';
import { moneyValueSchema } from './amount.ts';

/**
 * Issue 13 items 3 and 4 (§3, §4, §6): agent contracts — dividend, daily salary, hourly salary and
 * real-time salary — offered by an upline to a direct downline, decided by the downline in the
 * contract popup, and settled by modules/agents/settlement.
 *
 * On the wire a rate is a percentage as text ("1.5" = 1.5 %, at most 2 decimals, 0–100) and a bet
 * amount a decimal string of the currency; stored terms keep basis points (hundredths of a percent)
 * and minor units.
 */
const tags = ['agent-contracts'] as const;

export const CONTRACT_KINDS = ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];
export const CONTRACT_STATES = [
  'offered',
  'active',
  'rejected',
  'termination_requested',
  'terminated',
  'superseded',
] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];
/** §4 dividend periods, in the merchant's time zone. */
export const DIVIDEND_PERIODS = ['Daily', 'Weekly', 'Semimonthly', 'Monthly'] as const;
export type DividendPeriod = (typeof DIVIDEND_PERIODS)[number];
export const PAYOUT_STATUSES = ['held', 'paid', 'skipped'] as const;
/** How the operator's payout list may be sorted (newest period first by default). */
export const ADMIN_PAYOUT_SORTS = ['periodStart', 'amount', 'member'] as const;
/** How the operator's contract list may be sorted (newest offer first by default). */
export const ADMIN_CONTRACT_SORTS = ['offeredAt', 'member', 'kind', 'state'] as const;
export const CONTRACT_ACTIONS = ['accept', 'reject', 'terminate'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];
/** At most this many rate tiers per contract. */
export const MAX_CONTRACT_TIERS = 10;

/** Stored form of a tier: the period's minimum active members and team valid bet (minor units). */
export interface StoredTier {
  activeMembers: number;
  validBet: string;
  rateBp: number;
}
/** Stored terms (agent_contracts.terms). */
export interface StoredTerms {
  period?: DividendPeriod;
  tiers?: StoredTier[];
  profitRateBp?: number;
  lossRateBp?: number;
}

const looseNumber = z.union([z.string().max(32), z.number()]);
/** As sent: loosely typed, so that a bad rate gets its own stable code (parseContractTerms). */
export const termsInputSchema = z.object({
  period: z.string().max(20).optional(),
  tiers: z
    .array(z.object({ activeMembers: looseNumber, validBet: looseNumber, rate: looseNumber }))
    .max(50)
    .optional(),
  profitRate: looseNumber.optional(),
  lossRate: looseNumber.optional(),
});
export type TermsInput = z.infer<typeof termsInputSchema>;

const RATE_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;
const BET_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;

/** "1.5" → 150 basis points; null when not a rate between 0 and 100 % with at most 2 decimals. */
export function rateToBp(value: unknown): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '');
  if (!RATE_PATTERN.test(text.trim())) return null;
  const [whole, fraction = ''] = text.trim().split('.');
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}
export const bpToRate = (bp: number): string => (bp / 100).toFixed(2);

function betToMinor(value: unknown): bigint | null {
  const text = (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '')).trim();
  if (!BET_PATTERN.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export type TermsResult = { ok: true; terms: StoredTerms } | { ok: false; code: ErrorCode };

/**
 * §4 validation of offered terms, shared by the server and the offer form: rates non-negative and
 * numeric (contract.invalid_rate); tiers present, whole active-member counts and valid bet amounts
 * (contract.invalid_tiers); tiers strictly ascending in their thresholds and rates, no two the same
 * (contract.overlapping_tiers); a dividend names its period (contract.invalid_period).
 */
export function parseContractTerms(kind: ContractKind, input: TermsInput): TermsResult {
  if (kind === 'realtime_salary') {
    const profitRateBp = rateToBp(input.profitRate);
    const lossRateBp = rateToBp(input.lossRate);
    if (profitRateBp === null || lossRateBp === null) return { ok: false, code: 'contract.invalid_rate' };
    if (profitRateBp === 0 && lossRateBp === 0) return { ok: false, code: 'contract.invalid_rate' };
    return { ok: true, terms: { profitRateBp, lossRateBp } };
  }
  const terms: StoredTerms = {};
  if (kind === 'dividend') {
    if (!(DIVIDEND_PERIODS as readonly string[]).includes(input.period ?? '')) {
      return { ok: false, code: 'contract.invalid_period' };
    }
    terms.period = input.period as DividendPeriod;
  }
  const raw = input.tiers ?? [];
  if (raw.length === 0 || raw.length > MAX_CONTRACT_TIERS) return { ok: false, code: 'contract.invalid_tiers' };
  const tiers: StoredTier[] = [];
  for (const tier of raw) {
    const rateBp = rateToBp(tier.rate);
    if (rateBp === null || rateBp === 0) return { ok: false, code: 'contract.invalid_rate' };
    const members = String(tier.activeMembers).trim();
    if (!/^\d{1,6}$/.test(members)) return { ok: false, code: 'contract.invalid_tiers' };
    const validBet = betToMinor(tier.validBet);
    if (validBet === null) return { ok: false, code: 'contract.invalid_tiers' };
    tiers.push({ activeMembers: Number(members), validBet: validBet.toString(), rateBp });
  }
  for (let i = 1; i < tiers.length; i += 1) {
    const a = tiers[i - 1]!;
    const b = tiers[i]!;
    const notLower = b.activeMembers >= a.activeMembers && BigInt(b.validBet) >= BigInt(a.validBet);
    const higher = b.activeMembers > a.activeMembers || BigInt(b.validBet) > BigInt(a.validBet);
    if (!notLower || !higher || b.rateBp <= a.rateBp) return { ok: false, code: 'contract.overlapping_tiers' };
  }
  terms.tiers = tiers;
  return { ok: true, terms };
}

/**
 * The rate the tiers give a period with these figures: the highest tier whose minimums are both
 * met (tiers ascend, so this is the last one met), 0 when none is.
 */
export function tierRateBp(tiers: readonly StoredTier[], activeMembers: number, validBet: bigint): number {
  let rate = 0;
  for (const tier of tiers) {
    if (activeMembers >= tier.activeMembers && validBet >= BigInt(tier.validBet)) rate = Math.max(rate, tier.rateBp);
  }
  return rate;
}

/**
 * §4 "a downline's rate never exceeds its upline's": for every figure a period may have, the
 * downline's rate is at most the upline's. Both are non-decreasing step functions, so it is enough
 * to check each downline tier at its own minimums.
 */
export function termsWithin(kind: ContractKind, downline: StoredTerms, upline: StoredTerms): boolean {
  if (kind === 'realtime_salary') {
    return (
      (downline.profitRateBp ?? 0) <= (upline.profitRateBp ?? 0) &&
      (downline.lossRateBp ?? 0) <= (upline.lossRateBp ?? 0)
    );
  }
  return (downline.tiers ?? []).every(
    (tier) => tier.rateBp <= tierRateBp(upline.tiers ?? [], tier.activeMembers, BigInt(tier.validBet)),
  );
}

export const tierViewSchema = z.object({
  activeMembers: z.number().int(),
  validBet: moneyValueSchema,
  rate: z.string(),
});
export const termsViewSchema = z.object({
  period: z.enum(DIVIDEND_PERIODS).optional(),
  tiers: z.array(tierViewSchema).optional(),
  profitRate: z.string().optional(),
  lossRate: z.string().optional(),
});
export type TermsView = z.infer<typeof termsViewSchema>;

export const contractViewSchema = z.object({
  id: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  state: z.enum(CONTRACT_STATES),
  /** The upline's username; null when the house (the merchant) offered it. */
  offerer: z.string().nullable(),
  member: z.string(),
  terms: termsViewSchema,
  offeredAt: z.string(),
  activatedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Who asked to end it: the member or the offerer (null when nobody has). */
  terminationRequestedBy: z.enum(['member', 'offerer']).nullable(),
});
export type ContractView = z.infer<typeof contractViewSchema>;

export const payoutViewSchema = z.object({
  id: z.string(),
  contractId: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  member: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  activeMembers: z.number().int(),
  validBet: moneyValueSchema,
  profitLoss: moneyValueSchema,
  /** What the rate was applied to: team valid bet (salaries), the team's loss (dividend), stakes (real-time). */
  basis: moneyValueSchema,
  rate: z.string(),
  amount: moneyValueSchema,
  status: z.enum(PAYOUT_STATUSES),
  heldReason: z.enum(['operator', 'insufficient_funds']).nullable(),
  transactionId: z.string().nullable(),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;

const idText = z
  .string()
  .trim()
  .refine((value) => /^\d{1,18}$/.test(value));
const actionSchema = z
  .string()
  .trim()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(CONTRACT_ACTIONS));
/** The popup's decision: accept or reject an offer, or ask to end (or answer a request to end) a contract. */
export const decisionSchema = z.object({ contractId: idText, action: actionSchema });

const queryInt = (max: number) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d{1,6}$/.test(value))
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));
const daySchema = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value));
export const payoutsQuerySchema = z.object({
  kind: z.enum(CONTRACT_KINDS).optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
  pageNo: queryInt(100_000).optional(),
  pageSize: queryInt(100).optional(),
});

const decisionResult = z.object({ contract: contractViewSchema });
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });

/** What happened to a contract, as its parties see it (agent_contract_history; §3 "every change is kept"). */
export const CONTRACT_HISTORY_ACTIONS = [
  'offered',
  'accepted',
  'rejected',
  'superseded',
  'withdrawn',
  'termination_requested',
  'termination_withdrawn',
  'termination_refused',
  'terminated',
  'terminated_rate_rule',
  'period_held',
] as const;
export type ContractHistoryAction = (typeof CONTRACT_HISTORY_ACTIONS)[number];
export const contractHistoryEntrySchema = z.object({
  id: z.string(),
  contractId: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  member: z.string(),
  /** null: the house. */
  offerer: z.string().nullable(),
  action: z.enum(CONTRACT_HISTORY_ACTIONS),
  /** Who did it: a party by username, the platform (an operator) or the system (the §4 rate rule, the demo seed). */
  by: z.union([z.object({ member: z.string() }), z.literal('platform'), z.literal('system')]),
  /** The contract's state after the change; null when it stayed as it was (a period held by an operator). */
  state: z.enum(CONTRACT_STATES).nullable(),
  /** The period an operator held (period_held). */
  periodStart: z.string().nullable(),
  at: z.string(),
});
export type ContractHistoryEntry = z.infer<typeof contractHistoryEntrySchema>;
export const contractHistoryQuerySchema = z.object({
  contractId: idText.optional(),
  kind: z.enum(CONTRACT_KINDS).optional(),
  pageNo: queryInt(100_000).optional(),
  pageSize: queryInt(100).optional(),
});

const decideByQuery = (name: string, path: string, aliases: string[], summary: string) =>
  defineEndpoint({
    name,
    method: 'GET',
    path,
    aliases,
    auth: 'member',
    switch: 'AGENTPOLICY3',
    summary,
    tags,
    query: decisionSchema,
    response: decisionResult,
  });
const decideByBody = (name: string, path: string, aliases: string[], summary: string) =>
  defineEndpoint({
    name,
    method: 'POST',
    path,
    aliases,
    auth: 'member',
    switch: 'AGENTPOLICY3',
    summary,
    tags,
    body: decisionSchema,
    response: decisionResult,
  });

export const agentContractEndpoints = {
  processDividendReq: decideByQuery(
    'home.processDividendReq',
    '/wps/relay/MCS2_processDividendReq',
    ['/wps/relay/MCSFE_processContractDividend'],
    'Accept or reject a dividend contract offer, or ask to end one / answer a request to end it',
  ),
  processDailySalary: decideByQuery(
    'home.processDailySalary',
    '/wps/relay/MCS2_processDailySalContract',
    ['/wps/relay/MCSFE_processDailySalaryContract'],
    'Accept or reject a daily-salary contract offer, or ask to end one / answer a request to end it',
  ),
  processContractHourSalary: decideByBody(
    'home.processContractHourSalary',
    '/wps/relay/MCS2_processContractHourSalary',
    ['/wps/relay/MCSFE_processContractHourSalary'],
    'Accept or reject an hourly-salary contract offer, or ask to end one / answer a request to end it',
  ),
  processRealTimeSalaryContract: decideByBody(
    'home.processRealTimeSalaryContract',
    '/wps/relay/MCSFE_processRealTimeSalaryContract',
    [],
    'Accept or reject a real-time salary contract offer, or ask to end one / answer a request to end it',
  ),
  offer: defineEndpoint({
    name: 'agentContracts.offer',
    method: 'POST',
    path: '/wps/agent/contracts/offer',
    auth: 'member',
    switch: 'AGENTPOLICY3',
    summary: 'An agent offers contract terms to one of its direct downlines (replaces a pending offer of the kind)',
    tags,
    body: z.object({
      username: z.string().trim().min(1).max(64),
      kind: z.enum(CONTRACT_KINDS),
      terms: termsInputSchema,
    }),
    response: decisionResult,
  }),
  decide: defineEndpoint({
    name: 'agentContracts.decide',
    method: 'POST',
    path: '/wps/agent/contracts/decide',
    auth: 'member',
    switch: 'AGENTPOLICY3',
    summary: 'Either party of a contract: accept/reject an offer (the downline), ask to end or answer a request to end',
    tags,
    body: decisionSchema,
    response: decisionResult,
  }),
  mine: defineEndpoint({
    name: 'agentContracts.mine',
    method: 'GET',
    path: '/wps/agent/contracts/mine',
    auth: 'member',
    switch: 'AGENTPOLICY3',
    summary: 'The contracts offered to me (pending, live and ended), newest first',
    tags,
    response: z.object({ list: z.array(contractViewSchema) }),
  }),
  offered: defineEndpoint({
    name: 'agentContracts.offered',
    method: 'GET',
    path: '/wps/agent/contracts/offered',
    auth: 'member',
    switch: 'AGENTPOLICY3',
    summary: 'The contracts I offered to my downlines, newest first',
    tags,
    query: z.object({ username: z.string().trim().max(64).optional() }),
    response: z.object({ list: z.array(contractViewSchema) }),
  }),
  payouts: defineEndpoint({
    name: 'agentContracts.payouts',
    method: 'GET',
    path: '/wps/agent/contracts/payouts',
    auth: 'member',
    switch: 'AGENTPOLICY3',
    summary: 'Salary and dividend payouts to me (period, basis, rate, amount, status), newest first',
    tags,
    query: payoutsQuerySchema,
    response: pageOf(payoutViewSchema),
  }),
  history: defineEndpoint({
    name: 'agentContracts.history',
    method: 'GET',
    path: '/wps/agent/contracts/history',
    auth: 'member',
    switch: 'AGENTPOLICY3',
    summary:
      'The history of my contracts (offered to me or by me): every offer, decision and end, newest first; one contract with contractId',
    tags,
    query: contractHistoryQuerySchema,
    response: pageOf(contractHistoryEntrySchema),
  }),
  income: defineEndpoint({
    name: 'agentContracts.income',
    method: 'GET',
    path: '/wps/agent/contracts/income',
    auth: 'member',
    switch: 'AGENTPOLICY3',
    summary: 'My income: paid salary and dividend per kind, and what I paid my downlines, in a window',
    tags,
    query: payoutsQuerySchema.pick({ from: true, to: true }),
    response: z.object({
      from: z.string(),
      to: z.string(),
      kinds: z.array(
        z.object({
          kind: z.enum(CONTRACT_KINDS),
          received: moneyValueSchema,
          paidOut: moneyValueSchema,
          count: z.number().int(),
        }),
      ),
      received: moneyValueSchema,
      paidOut: moneyValueSchema,
      net: moneyValueSchema,
    }),
  }),
};

/** The operator's contract list (issue 16 item 6): paged, filtered and sorted on the server. */
export const adminContractsQuerySchema = z.object({
  /** Either party (the contracted agent or its upline): a username (exact, any case) or a member id. */
  agent: z.string().trim().min(1).max(64).optional(),
  state: z.enum(CONTRACT_STATES).optional(),
  kind: z.enum(CONTRACT_KINDS).optional(),
  sort: z.enum(ADMIN_CONTRACT_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  pageNo: queryInt(100_000).optional(),
  pageSize: queryInt(100).optional(),
});
export const adminContractViewSchema = contractViewSchema.extend({
  memberId: z.number().int(),
  /** null: the house offered it (only those an operator may end). */
  offererId: z.number().int().nullable(),
});
export type AdminContractView = z.infer<typeof adminContractViewSchema>;

/** Operator calls under /admin (house offers and their end, hold and re-run a period; audited). */
export const agentSettlementAdminEndpoints = {
  payoutsList: defineEndpoint({
    name: 'admin.agentPayouts.list',
    method: 'GET',
    path: '/admin/agent-payouts',
    auth: 'operator',
    summary:
      'Agent contract payouts per period (paid, skipped, held), filtered by kind, status, days and agent; newest first or sorted',
    tags: ['admin', 'agent-contracts'],
    query: payoutsQuerySchema.extend({
      status: z.enum(PAYOUT_STATUSES).optional(),
      /** The paid agent's username (exact, any case). */
      member: z.string().trim().min(1).max(64).optional(),
      sort: z.enum(ADMIN_PAYOUT_SORTS).optional(),
      order: z.enum(['asc', 'desc']).optional(),
    }),
    response: pageOf(payoutViewSchema.extend({ payer: z.string().nullable() })),
  }),
  contractsList: defineEndpoint({
    name: 'admin.agentContracts.list',
    method: 'GET',
    path: '/admin/agent-contracts',
    auth: 'operator',
    summary:
      'Agent contracts (house and upline offers), filtered by agent (either party, username or id), state and kind; newest offer first or sorted',
    tags: ['admin', 'agent-contracts'],
    query: adminContractsQuerySchema,
    response: pageOf(adminContractViewSchema),
  }),
  contractDetail: defineEndpoint({
    name: 'admin.agentContracts.detail',
    method: 'GET',
    path: '/admin/agent-contracts/:id',
    auth: 'operator',
    summary:
      'One agent contract with its history (every offer, decision, end and held period; who did it), newest first',
    tags: ['admin', 'agent-contracts'],
    params: z.object({ id: idText }),
    response: z.object({
      contract: adminContractViewSchema,
      history: z.array(
        contractHistoryEntrySchema.extend({
          /** The operator's username when the platform acted. */
          operator: z.string().nullable(),
          note: z.string().nullable(),
        }),
      ),
    }),
  }),
  houseOffer: defineEndpoint({
    name: 'admin.agentContracts.houseOffer',
    method: 'POST',
    path: '/admin/agent-contracts/offer',
    auth: 'operator',
    summary: 'The house offers contract terms to a top-level agent (one without an upline); audited',
    tags: ['admin', 'agent-contracts'],
    body: z.object({
      username: z.string().trim().min(1).max(64),
      kind: z.enum(CONTRACT_KINDS),
      terms: termsInputSchema,
    }),
    response: decisionResult,
  }),
  houseTerminate: defineEndpoint({
    name: 'admin.agentContracts.houseTerminate',
    method: 'POST',
    path: '/admin/agent-contracts/terminate',
    auth: 'operator',
    summary:
      "The house ends one of its contracts (or withdraws its pending offer) at once; the agent's downline contracts of that kind end with it (§4); audited",
    tags: ['admin', 'agent-contracts'],
    body: z.object({
      contractId: idText,
      /** Why, kept in the contract's history and the audit entry. */
      reason: z.string().trim().max(200).optional(),
    }),
    response: decisionResult,
  }),
  payoutHold: defineEndpoint({
    name: 'admin.agentPayouts.hold',
    method: 'POST',
    path: '/admin/agent-payouts/hold',
    auth: 'operator',
    summary: 'Hold a contract period: settlement does not pay it until it is re-run (a paid period cannot be held)',
    tags: ['admin', 'agent-contracts'],
    body: z.object({ contractId: idText, periodStart: z.iso.datetime({ offset: true }) }),
    response: z.object({ payout: payoutViewSchema }),
  }),
  payoutRerun: defineEndpoint({
    name: 'admin.agentPayouts.rerun',
    method: 'POST',
    path: '/admin/agent-payouts/rerun',
    auth: 'operator',
    summary: 'Re-run a held or skipped period now (a paid one pays nothing more)',
    tags: ['admin', 'agent-contracts'],
    body: z.object({ contractId: idText, periodStart: z.iso.datetime({ offset: true }) }),
    response: z.object({ payout: payoutViewSchema }),
  }),
};
