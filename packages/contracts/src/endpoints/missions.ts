import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { AMOUNT_PATTERN, moneyValueSchema } from './amount.ts';
import { MAX_SERIAL, pathId } from './ids.ts';
import { REBATE_PRODUCT_TYPES } from './rebates.ts';
import { page, pageShape, pagingShape, sortShape } from './wallet.ts';

/**
 * Missions (issue 14 item 6; endpoints.md §6 and §8, switch MISSIONLB3; docs/adr/0019-missions.md):
 * operator-defined missions in a time window whose ordered milestones are steps of one goal — valid
 * bet (all games, some §3 product types or one game), deposits, or rounds of one game — each with a
 * reward claimed by the member once reached. Amounts on the wire are decimal strings; a rounds goal
 * is a whole number as text.
 */

export const MISSION_GOAL_KINDS = ['validBet', 'deposit', 'rounds'] as const;
export type MissionGoalKind = (typeof MISSION_GOAL_KINDS)[number];
/** §8 `status: "O"`: open missions; `C`: closed by the operator or ended. */
export const MISSION_STATUSES = ['O', 'C'] as const;
export const MISSION_MAX_MILESTONES = 10;
export const MISSION_MAX_TURNOVER_MULTIPLE = 50;
export const MISSION_BOARD_SIZE = 50;

export const missionMilestoneSchema = z.object({
  milestoneId: z.number().int(),
  /** 1 for the first step of the ladder. */
  sequence: z.number().int(),
  /** The reached value that completes this milestone (money text, or a count of rounds). */
  target: z.string(),
  rewardAmount: moneyValueSchema,
  /** The reward must be wagered this many times before a withdrawal (0: not at all). */
  turnoverMultiple: z.number().int(),
  /** open: not reached yet; reached: the reward waits to be claimed; claimed: paid. */
  state: z.enum(['open', 'reached', 'claimed']),
  reachedAt: z.iso.datetime({ offset: true }).nullable(),
  claimedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type MissionMilestone = z.infer<typeof missionMilestoneSchema>;

const goalShape = {
  goalType: z.enum(MISSION_GOAL_KINDS),
  /** validBet only: the §3 product types that count (null: every game). */
  productTypes: z.array(z.string()).nullable(),
  /** validBet or rounds: the one game (nodeId) that counts, and its name in the caller's language. */
  gameId: z.number().int().nullable(),
  gameName: z.string().nullable(),
};

export const missionSummarySchema = z.object({
  missionId: z.number().int(),
  title: z.string(),
  description: z.string(),
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  status: z.enum(MISSION_STATUSES),
  ...goalShape,
  /** The caller's progress: money text for amounts, a count for rounds. */
  reachedValue: z.string(),
  /** Progress counts what settled (bets), was credited (deposits) before this instant. */
  countedThrough: z.iso.datetime({ offset: true }),
  milestones: z.array(missionMilestoneSchema),
  /** Rewards reached and not yet claimed. */
  claimable: z.number().int(),
});
export type MissionSummary = z.infer<typeof missionSummarySchema>;

/** Query numbers arrive as text. */
const queryInt = (max: number) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d{1,7}$/.test(value))
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

const missionIdQuery = z.object({ missionId: queryInt(MAX_SERIAL) });

export const missionBoardRowSchema = z.object({
  rank: z.number().int(),
  /** Masked as the winners board masks names. */
  customerName: z.string(),
  reachedValue: z.string(),
  reachedAt: z.iso.datetime({ offset: true }),
});

export const missionLeaderboardSchema = z.object({
  missionId: z.number().int(),
  goalType: z.enum(MISSION_GOAL_KINDS),
  list: z.array(missionBoardRowSchema),
  /** The caller's own row (rank null: no progress yet). */
  footer: z.object({
    rank: z.number().int().nullable(),
    customerName: z.string(),
    reachedValue: z.string(),
  }),
});

export const missionBadgeSchema = z.object({
  /** MISSIONLB3 is on and the caller is not a trial account (§4). */
  enabled: z.boolean(),
  /** Milestones reached whose reward is not claimed yet (the missionLeaderboard badge). */
  count: z.number().int(),
});
export type MissionBadge = z.infer<typeof missionBadgeSchema>;

const tags = ['mission'] as const;

export const missionEndpoints = {
  summary: defineEndpoint({
    name: 'MCSFE_getMissionSummaryDetails',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionSummaryDetails',
    auth: 'member',
    switch: 'MISSIONLB3',
    summary: 'Missions (status O: open, C: closed) with their milestones and the caller’s progress',
    tags,
    query: z.object({
      status: z.enum(MISSION_STATUSES).optional(),
      page: queryInt(100_000).optional(),
      size: queryInt(50).optional(),
    }),
    response: z.object({
      list: z.array(missionSummarySchema),
      total: z.number().int(),
      page: z.number().int(),
      size: z.number().int(),
    }),
  }),
  milestones: defineEndpoint({
    name: 'MCSFE_getMissionMilestones',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionMilestones',
    auth: 'member',
    switch: 'MISSIONLB3',
    summary: 'One mission’s milestones with the caller’s progress and what is claimable',
    tags,
    query: missionIdQuery,
    response: missionSummarySchema,
  }),
  leaderboard: defineEndpoint({
    name: 'MCSFE_getMissionLeaderboard',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionLeaderboard',
    auth: 'member',
    switch: 'MISSIONLB3',
    summary: 'A mission’s leaderboard by reached value (ties: who reached it first), plus the caller’s own row',
    tags,
    query: missionIdQuery,
    response: missionLeaderboardSchema,
  }),
  claim: defineEndpoint({
    name: 'MCSFE_claimMissionReward',
    method: 'POST',
    path: '/wps/relay/MCSFE_claimMissionReward',
    auth: 'member',
    switch: 'MISSIONLB3',
    summary: 'Claim a reached milestone’s reward; sent twice or at once, it pays once',
    tags,
    body: z.object({
      missionId: z.number().int().min(1).max(MAX_SERIAL),
      milestoneId: z.number().int().min(1).max(MAX_SERIAL),
    }),
    response: z.object({
      missionId: z.number().int(),
      milestoneId: z.number().int(),
      amount: moneyValueSchema,
      turnover: moneyValueSchema,
    }),
  }),
  badge: defineEndpoint({
    name: 'mission.badge',
    method: 'GET',
    path: '/wps/member/mission/badge',
    auth: 'member',
    summary: 'Whether missions show for the caller and how many rewards wait to be claimed (menu badge)',
    tags,
    response: missionBadgeSchema,
  }),
};

// ---- operator calls ----

const missionTextSchema = (max: number) =>
  z.object({ bn: z.string().trim().min(1).max(max), en: z.string().trim().min(1).max(max) });
const looseNumber = z.union([z.string().max(32), z.number()]);

export const missionMilestoneInputSchema = z.object({
  target: looseNumber,
  rewardAmount: looseNumber,
  turnoverMultiple: z.number().int().min(0).max(MISSION_MAX_TURNOVER_MULTIPLE),
});

export const missionInputSchema = z.object({
  title: missionTextSchema(120),
  description: missionTextSchema(2_000),
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  goalType: z.enum(MISSION_GOAL_KINDS),
  productTypes: z.array(z.enum(REBATE_PRODUCT_TYPES)).min(1).max(REBATE_PRODUCT_TYPES.length).nullable(),
  gameId: z.number().int().min(1).max(MAX_SERIAL).nullable(),
  milestones: z.array(missionMilestoneInputSchema).min(1).max(MISSION_MAX_MILESTONES),
});
export type MissionInput = z.infer<typeof missionInputSchema>;

export interface StoredMilestone {
  target: bigint;
  rewardAmount: bigint;
  turnoverMultiple: number;
}

/** Decimal text to minor units (at most 2 places), or null. */
export function missionAmountToMinor(value: unknown): bigint | null {
  const text = (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '')).trim();
  if (!AMOUNT_PATTERN.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export type MissionParse =
  | { ok: true; milestones: StoredMilestone[] }
  | {
      ok: false;
      code: 'mission.invalid_window' | 'mission.invalid_goal' | 'mission.invalid_milestones' | 'mission.invalid_amount';
    };

/**
 * Operator input to stored milestones: an end after the start; a goal that names what it needs
 * (rounds: a game; product types only for valid bets; a game or product types, not both); targets
 * above 0 and rising step by step (a ladder); rewards above 0. Amount targets and rewards are money
 * (2 decimals), a rounds target a whole number.
 */
export function parseMissionInput(input: MissionInput): MissionParse {
  if (Date.parse(input.endTime) <= Date.parse(input.startTime)) return { ok: false, code: 'mission.invalid_window' };
  if (input.goalType === 'rounds' && input.gameId === null) return { ok: false, code: 'mission.invalid_goal' };
  if (input.goalType !== 'validBet' && input.productTypes !== null) return { ok: false, code: 'mission.invalid_goal' };
  if (input.goalType === 'deposit' && input.gameId !== null) return { ok: false, code: 'mission.invalid_goal' };
  if (input.productTypes !== null && input.gameId !== null) return { ok: false, code: 'mission.invalid_goal' };
  if (input.productTypes && new Set(input.productTypes).size !== input.productTypes.length) {
    return { ok: false, code: 'mission.invalid_goal' };
  }
  const milestones: StoredMilestone[] = [];
  for (const step of input.milestones) {
    const target =
      input.goalType === 'rounds'
        ? /^\d{1,9}$/.test(String(step.target).trim())
          ? BigInt(String(step.target).trim())
          : null
        : missionAmountToMinor(step.target);
    if (target === null || target <= 0n) return { ok: false, code: 'mission.invalid_milestones' };
    const previous = milestones.at(-1);
    if (previous && target <= previous.target) return { ok: false, code: 'mission.invalid_milestones' };
    const rewardAmount = missionAmountToMinor(step.rewardAmount);
    if (rewardAmount === null || rewardAmount <= 0n) return { ok: false, code: 'mission.invalid_amount' };
    milestones.push({ target, rewardAmount, turnoverMultiple: step.turnoverMultiple });
  }
  return { ok: true, milestones };
}

const adminMilestoneSchema = z.object({
  milestoneId: z.number().int(),
  sequence: z.number().int(),
  target: z.string(),
  rewardAmount: moneyValueSchema,
  turnoverMultiple: z.number().int(),
  reached: z.number().int(),
  claimed: z.number().int(),
});

export const adminMissionSchema = z.object({
  missionId: z.number().int(),
  title: z.object({ bn: z.string(), en: z.string() }),
  description: z.object({ bn: z.string(), en: z.string() }),
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  status: z.enum(MISSION_STATUSES),
  goalType: z.enum(MISSION_GOAL_KINDS),
  productTypes: z.array(z.string()).nullable(),
  gameId: z.number().int().nullable(),
  countedThrough: z.iso.datetime({ offset: true }),
  participants: z.number().int(),
  milestones: z.array(adminMilestoneSchema),
});
export type AdminMission = z.infer<typeof adminMissionSchema>;

export const adminMissionProgressSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  reachedValue: z.string(),
  reachedAt: z.iso.datetime({ offset: true }),
  milestonesReached: z.number().int(),
  milestonesClaimed: z.number().int(),
});

const idParams = pathId(MAX_SERIAL);
const adminTags = ['admin', 'mission'] as const;
/** Columns the operator's mission list sorts by. */
export const ADMIN_MISSION_SORTS = ['startTime', 'endTime', 'id'] as const;
/** What a mission's progress list sorts by; `rank`: furthest first, the earlier of a tie ahead. */
export const MISSION_PROGRESS_SORTS = ['rank', 'username', 'reachedAt'] as const;
const adminPaging = {
  pageNo: queryInt(100_000).optional(),
  pageSize: queryInt(100).optional(),
};

/** Operator calls under /admin (audited as `mission`). */
export const missionAdminEndpoints = {
  list: defineEndpoint({
    name: 'admin.mission.list',
    method: 'GET',
    path: '/admin/missions',
    auth: 'operator',
    summary:
      'The merchant’s missions with their milestones and how many reached and claimed each, paged; filter by status, goal and title; sort by a column (newest first)',
    tags: adminTags,
    query: z.object({
      ...pagingShape,
      status: z.enum(MISSION_STATUSES).optional(),
      goalType: z.enum(MISSION_GOAL_KINDS).optional(),
      /** Part of the title, in either language. */
      q: z.string().trim().max(100).optional(),
      sort: z.enum(ADMIN_MISSION_SORTS).optional(),
      order: z.enum(['asc', 'desc']).optional(),
    }),
    response: page(adminMissionSchema),
  }),
  create: defineEndpoint({
    name: 'admin.mission.create',
    method: 'POST',
    path: '/admin/missions',
    auth: 'operator',
    summary: 'Create an open mission with its milestones; audited',
    tags: adminTags,
    body: missionInputSchema,
    response: adminMissionSchema,
  }),
  update: defineEndpoint({
    name: 'admin.mission.update',
    method: 'PUT',
    path: '/admin/missions/:id',
    auth: 'operator',
    summary:
      'Change a mission: texts and end any time; start, goal and milestones only before anything was counted; audited',
    tags: adminTags,
    params: idParams,
    body: missionInputSchema,
    response: adminMissionSchema,
  }),
  close: defineEndpoint({
    name: 'admin.mission.close',
    method: 'POST',
    path: '/admin/missions/:id/close',
    auth: 'operator',
    summary: 'Close a mission: progress stops counting; rewards already reached stay claimable; audited',
    tags: adminTags,
    params: idParams,
    response: adminMissionSchema,
  }),
  progress: defineEndpoint({
    name: 'admin.mission.progress',
    method: 'GET',
    path: '/admin/missions/:id/progress',
    auth: 'operator',
    summary:
      'Members’ progress in a mission, paged; filter by part of the username; sorted by rank, username or time reached (by rank)',
    tags: adminTags,
    params: idParams,
    query: z.object({
      ...adminPaging,
      ...sortShape(MISSION_PROGRESS_SORTS),
      /** Part of the member's username. */
      q: z.string().trim().max(64).optional(),
    }),
    response: z.object(pageShape(adminMissionProgressSchema)),
  }),
};
