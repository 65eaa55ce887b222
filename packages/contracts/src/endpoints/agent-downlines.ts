import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { moneyValueSchema } from './amount.ts';
import { MAX_SERIAL, pathId } from './ids.ts';
import { hasControlCharacters } from './support.ts';
import { page, pagingShape } from './wallet.ts';
import { referralProgrammeSchema } from './referral-rewards.ts';

const tags = ['agent'] as const;

/** What an agent may open under itself in the registerCenter (§2): a player, or a sub-agent (type 2). */
export const DOWNLINE_KINDS = ['player', 'agent'] as const;
export type DownlineKind = (typeof DOWNLINE_KINDS)[number];

/**
 * Contract states shown beside a downline (B's contracts): `none` without one, `pending` while an
 * offer waits for an answer, `active` once accepted.
 */
export const DOWNLINE_CONTRACT_STATES = ['none', 'pending', 'active'] as const;
export const DOWNLINE_CONTRACT_TYPES = ['dividend', 'dailySalary', 'hourSalary', 'realtimeSalary'] as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !hasControlCharacters(value));

const isoTime = z.iso.datetime({ offset: true });

const contractState = z.enum(DOWNLINE_CONTRACT_STATES);
export const downlineContractsSchema = z.object({
  dividend: contractState,
  dailySalary: contractState,
  hourSalary: contractState,
  realtimeSalary: contractState,
});
export type DownlineContracts = z.infer<typeof downlineContractsSchema>;

export const downlineSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  /** §6 member type (1, 2, 41, 42 agents; 0 players). */
  type: z.number().int(),
  isAgent: z.boolean(),
  status: z.string(),
  /** Levels below the calling agent (1 = direct downline). */
  depth: z.number().int(),
  /** Direct downlines of this member, and everyone under it at any depth. */
  directCount: z.number().int(),
  teamSize: z.number().int(),
  /** Main wallet balance. */
  balance: moneyValueSchema,
  lastLoginAt: isoTime.nullable(),
  createdAt: isoTime,
  contracts: downlineContractsSchema,
});
export type Downline = z.infer<typeof downlineSchema>;

export const downlineDetailSchema = downlineSchema.extend({
  /** The member's direct upline (within the caller's team, or the caller itself). */
  uplineUsername: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  /** The path from the calling agent down to this member (the caller first). */
  path: z.array(z.object({ id: z.number().int(), username: z.string() })),
});
export type DownlineDetail = z.infer<typeof downlineDetailSchema>;

export const agentAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  affiliateCode: z.string().nullable(),
  uplineUsername: z.string().nullable(),
  balance: moneyValueSchema,
  currency: z.string(),
  directCount: z.number().int(),
  teamSize: z.number().int(),
  createdAt: isoTime,
  lastLoginAt: isoTime.nullable(),
  /** The merchant's IANA time zone: the agent centre's days and clock follow it. */
  timeZone: z.string(),
  /** Where invitations point: the merchant's domains. */
  promotionDomains: z.array(z.string()),
});
export type AgentAccount = z.infer<typeof agentAccountSchema>;

/** Username search in the caller's team: letters, digits and `_` only (matched as a prefix). */
const usernameQuery = z
  .string()
  .trim()
  .max(32)
  .refine((value) => /^[A-Za-z0-9_]*$/.test(value));

const parentIdQuery = z
  .string()
  .trim()
  .refine((value) => /^\d{1,10}$/.test(value))
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_SERIAL));

export const downlineListQuerySchema = z.object({
  ...pagingShape,
  /** Whose direct downlines to list: the caller (default) or any member of its team. */
  parentId: parentIdQuery.optional(),
  /** With a username: every member of the caller's team whose name starts with it, at any depth. */
  username: usernameQuery.optional(),
});

export const agentDownlineEndpoints = {
  account: defineEndpoint({
    name: 'agent.accountDetails',
    method: 'GET',
    path: '/wps/agent/account',
    auth: 'member',
    summary: "The agent's own account: affiliate code, team size, balance and the merchant's time zone",
    tags,
    response: agentAccountSchema,
  }),
  create: defineEndpoint({
    name: 'agent.registerCenter',
    method: 'POST',
    path: '/wps/agent/downlines',
    auth: 'member',
    encrypted: true,
    summary: 'Opens a player or sub-agent account directly under the calling agent (registerCenter)',
    tags,
    body: z.object({
      kind: z.enum(DOWNLINE_KINDS),
      username: text(64),
      password: text(128),
      confirmPassword: text(128).optional(),
      nickname: text(32).optional(),
    }),
    response: downlineSchema,
  }),
  list: defineEndpoint({
    name: 'agent.downlines',
    method: 'GET',
    path: '/wps/agent/downlines',
    auth: 'member',
    summary: 'Direct downlines of the caller or of a member of its team, or a username search in the team',
    tags,
    query: downlineListQuerySchema,
    response: page(downlineSchema).extend({
      /** Breadcrumbs from the caller down to the listed parent (the caller first). */
      path: z.array(z.object({ id: z.number().int(), username: z.string() })),
    }),
  }),
  detail: defineEndpoint({
    name: 'agent.downline',
    method: 'GET',
    path: '/wps/agent/downlines/:id',
    auth: 'member',
    summary: 'One member of the caller’s team: balance, last log-in, status and contracts',
    tags,
    params: pathId(MAX_SERIAL),
    response: downlineDetailSchema,
  }),
};

export const referralDetailsSchema = z.object({
  /** The member's own referral code (made on first ask with autoGenerate=true, then kept). */
  referralCode: z.string().nullable(),
  /** An agent's affiliate code, which attaches new members to it as downlines. */
  affiliateCode: z.string().nullable(),
  totalInvitations: z.number().int(),
  promotionDomains: z.array(z.string()),
  /** Everything the member's invitees have earned it (referral rewards paid into its wallet). */
  totalEarned: moneyValueSchema,
  /** What inviting earns on this site (§2 Refer and Earn): the merchant's referral reward settings. */
  rewards: referralProgrammeSchema,
});
export type ReferralDetails = z.infer<typeof referralDetailsSchema>;

export const referralInviteeSchema = z.object({
  /** Masked (first and last characters) so the inviter sees who, not the whole log-in name. */
  username: z.string(),
  registeredAt: isoTime,
  /** What this member's sign-up and play earned the inviter (referral rewards in the ledger). */
  earned: moneyValueSchema,
});

export const referralEndpoints = {
  details: defineEndpoint({
    name: 'MCSFE_getReferralDetails',
    method: 'GET',
    path: '/wps/relay/MCSFE_getReferralDetails',
    auth: 'member',
    summary: 'The member’s referral code (autoGenerate=true makes it once), invitations and promotion domains',
    tags: ['referral'] as const,
    query: z.object({ autoGenerate: z.enum(['true', 'false']).optional() }),
    response: referralDetailsSchema,
  }),
  invitations: defineEndpoint({
    name: 'referral.invitations',
    method: 'GET',
    path: '/wps/member/referral/invitations',
    auth: 'member',
    summary: 'Members who registered with the caller’s referral code, and what each earned the caller',
    tags: ['referral'] as const,
    query: z.object(pagingShape),
    response: page(referralInviteeSchema).extend({ totalEarned: moneyValueSchema }),
  }),
};
