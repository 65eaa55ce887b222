import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { moneyValueSchema } from './amount.ts';
import { MAX_SERIAL, pathId } from './ids.ts';
import { protectionSchema } from './member.ts';
import { page, pagingShape, recordsShape, sortShape } from './wallet.ts';

const tags = ['admin', 'members'] as const;
const isoDate = z.iso.datetime({ offset: true });
const idParams = pathId(MAX_SERIAL);

/** Issue 16 item 4: what an operator searches members by; mobile and IP match exactly or as a prefix. */
export const MEMBER_SEARCH_FIELDS = ['username', 'mobile', 'id', 'ip'] as const;
export const MEMBER_SORTS = ['id', 'username', 'createdAt', 'lastLoginAt'] as const;
export const MEMBER_STATUSES = ['active', 'frozen', 'closed'] as const;
/** What the member page's lists sort by on the server (issue 16 Quality); newest first unless asked. */
export const MEMBER_LEDGER_SORTS = ['time', 'amount'] as const;
export const MEMBER_BET_SORTS = ['time', 'betAmount', 'winAmount', 'profit'] as const;
export const MEMBER_LOGIN_SORTS = ['at', 'lastSeen', 'ip'] as const;
export const MEMBER_NOTE_SORTS = ['createdAt', 'operator'] as const;
/** The agent tree's sorts; by id ascending unless asked. */
export const AGENT_TREE_SORTS = ['id', 'username', 'createdAt'] as const;
export type MemberStatusName = (typeof MEMBER_STATUSES)[number];

const memberRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** §6: 0 member; 1, 2, 41, 42 agent; 4 trial. */
  type: z.number().int(),
  status: z.enum(MEMBER_STATUSES),
  /** Masked (§3): all but the last four digits. */
  mobile: z.string().nullable(),
  lastLoginAt: isoDate.nullable(),
  lastLoginIp: z.string().nullable(),
  createdAt: isoDate,
});

export const adminMemberDetailSchema = memberRowSchema.extend({
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  payeeName: z.string().nullable(),
  upline: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  registerIp: z.string().nullable(),
  registerDomain: z.string().nullable(),
  passwordMustChange: z.boolean(),
  currency: z.string(),
  balances: z.object({
    main: moneyValueSchema,
    bonus: moneyValueSchema,
    held: moneyValueSchema,
    games: z.array(z.object({ vendorCode: z.string(), balance: moneyValueSchema })),
  }),
  /** Self-exclusion and cooling-off in force: the console shows them and cannot shorten them. */
  protection: protectionSchema,
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;

const noteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  operatorId: z.number().int().nullable(),
  operatorUsername: z.string().nullable(),
  createdAt: isoDate,
});

const treeNodeSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  type: z.number().int(),
  status: z.enum(MEMBER_STATUSES),
  /** Direct downlines of this member. */
  downlines: z.number().int(),
  createdAt: isoDate,
});

export const memberAdminEndpoints = {
  search: defineEndpoint({
    name: 'admin.members.search',
    method: 'GET',
    path: '/admin/members/search',
    auth: 'operator',
    summary:
      'Members by username (prefix), mobile or IP (exact or prefix: log-in, registration and session IPs) or id; paged and sorted',
    tags,
    query: z.object({
      by: z.enum(MEMBER_SEARCH_FIELDS).default('username'),
      q: z.string().trim().max(64).optional(),
      sort: z.enum(MEMBER_SORTS).default('id'),
      order: z.enum(['asc', 'desc']).default('desc'),
      ...pagingShape,
    }),
    response: page(memberRowSchema),
  }),
  detail: defineEndpoint({
    name: 'admin.members.detail',
    method: 'GET',
    path: '/admin/members/:id',
    auth: 'operator',
    summary: "A member's profile, balances and protection status",
    tags,
    params: idParams,
    response: adminMemberDetailSchema,
  }),
  ledger: defineEndpoint({
    name: 'admin.members.ledger',
    method: 'GET',
    path: '/admin/members/:id/ledger',
    auth: 'operator',
    summary:
      "A member's ledger postings (every wallet) within a window of days; sorted by time or amount (newest first)",
    tags,
    params: idParams,
    query: z.object({ ...recordsShape, ...sortShape(MEMBER_LEDGER_SORTS) }),
    response: page(
      z.object({
        id: z.string(),
        time: isoDate,
        type: z.string(),
        wallet: z.string().optional(),
        vendorCode: z.string().optional(),
        amount: moneyValueSchema,
        balanceAfter: moneyValueSchema,
        reference: z.string(),
      }),
    ),
  }),
  bets: defineEndpoint({
    name: 'admin.members.bets',
    method: 'GET',
    path: '/admin/members/:id/bets',
    auth: 'operator',
    summary:
      "A member's betting records, one row per round, sorted by time, stake, win or profit (newest first); `inhouse` rounds open with the round recall",
    tags,
    params: idParams,
    query: z.object({ ...recordsShape, ...sortShape(MEMBER_BET_SORTS) }),
    response: page(
      z.object({
        roundId: z.string(),
        vendor: z.string(),
        inhouse: z.boolean(),
        gameType: z.string(),
        betAmount: moneyValueSchema,
        winAmount: moneyValueSchema,
        profit: moneyValueSchema,
        time: isoDate,
      }),
    ),
  }),
  logins: defineEndpoint({
    name: 'admin.members.logins',
    method: 'GET',
    path: '/admin/members/:id/logins',
    auth: 'operator',
    summary: "A member's log-ins (their sessions) with IP and device; sorted by time, last seen or IP (newest first)",
    tags,
    params: idParams,
    query: z.object({ ...pagingShape, ...sortShape(MEMBER_LOGIN_SORTS) }),
    response: page(
      z.object({
        at: isoDate,
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
        lastSeen: isoDate,
        endedAt: isoDate.nullable(),
      }),
    ),
  }),
  notes: defineEndpoint({
    name: 'admin.members.notes',
    method: 'GET',
    path: '/admin/members/:id/notes',
    auth: 'operator',
    summary: "Operators' notes on a member, sorted by time or operator (newest first)",
    tags,
    params: idParams,
    query: z.object({ ...pagingShape, ...sortShape(MEMBER_NOTE_SORTS) }),
    response: page(noteSchema),
  }),
  noteAdd: defineEndpoint({
    name: 'admin.members.noteAdd',
    method: 'POST',
    path: '/admin/members/:id/notes',
    auth: 'operator',
    summary: 'Add a note on a member (audited)',
    tags,
    params: idParams,
    body: z.object({ text: z.string().trim().min(1).max(2000) }),
    response: noteSchema,
  }),
  setStatus: defineEndpoint({
    name: 'admin.members.setStatus',
    method: 'POST',
    path: '/admin/members/:id/status',
    auth: 'operator',
    summary:
      "Freeze, unfreeze or close a member with a reason (audited); freezing and closing end the member's sessions; closing is final",
    tags,
    params: idParams,
    body: z.object({ status: z.enum(MEMBER_STATUSES), reason: z.string().trim().min(3).max(500) }),
    response: z.object({ id: z.number().int(), status: z.enum(MEMBER_STATUSES) }),
  }),
  tree: defineEndpoint({
    name: 'admin.members.tree',
    method: 'GET',
    path: '/admin/agent-tree',
    auth: 'operator',
    summary:
      'The agent tree: without `parentId` the top-level agents, else the direct downlines of `parentId` and the path to it; sorted by id, username or creation (id ascending)',
    tags,
    query: z.object({
      parentId: z.coerce.number().int().min(1).max(MAX_SERIAL).optional(),
      ...pagingShape,
      ...sortShape(AGENT_TREE_SORTS),
    }),
    response: z.object({
      ...page(treeNodeSchema).shape,
      path: z.array(z.object({ id: z.number().int(), username: z.string() })),
    }),
  }),
};
