import { sql } from 'kysely';
import { toDecimalString } from '@khela/money';
import {
  RECORDS_DEFAULT_PAGE_SIZE,
  isAgentType,
  type DownlineContracts,
  type DownlineKind,
  type Language,
} from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import type { MemberType } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../../http/context.ts';
import { hashPassword } from '../../admin/passwords.ts';
import type { RateLimiter, RateLimitRule } from '../../rate-limit/rate-limiter.ts';
import { checkCredentials, takenFieldOf } from '../../members/registration.ts';
import { REGISTRATION_MESSAGES } from '../../members/registration-messages.ts';
import { memberRepository } from '../../members/repository.ts';
import { merchantTimeZone, requireAgent } from '../access.ts';
import { contractStatesOf } from './contract-states.ts';

/** The type a downline agent opened in the registerCenter gets (§6: 2, an agent under an agent). */
export const SUB_AGENT_TYPE: MemberType = 2;

/**
 * Accounts one agent may open in the registerCenter per hour. An agent signs up its players one
 * by one, by hand, so 30 an hour is far above real use; a stolen agent session or a script
 * filling the tree with fake members (to game active-member tiers, §4) is stopped early.
 */
export const DOWNLINE_OPEN_LIMIT: RateLimitRule = { limit: 30, windowSeconds: 60 * 60 };

export interface CreateDownlineInput {
  kind: DownlineKind;
  username: string;
  password: string;
  confirmPassword?: string | undefined;
  nickname?: string | undefined;
}

export interface DownlineListQuery {
  pageNo?: number | undefined;
  pageSize?: number | undefined;
  parentId?: number | undefined;
  username?: string | undefined;
}

interface MemberFacts {
  id: number;
  username: string;
  nickname: string | null;
  type: number;
  status: string;
  created_at: Date;
  last_login_at: Date | null;
}

/** The merchant's domains an invitation may point to (not other agents' own domains). */
export async function promotionDomains(db: Db, merchantId: number, affiliateCode: string | null): Promise<string[]> {
  const rows = await db
    .selectFrom('merchant_domains')
    .select(['domain', 'kind', 'affiliate_code'])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();
  return rows
    .filter(
      (row) =>
        row.kind !== 'agent' || (affiliateCode && row.affiliate_code?.toUpperCase() === affiliateCode.toUpperCase()),
    )
    .map((row) => row.domain);
}

/**
 * The agent's team (issue 13 items 2 and 5): its downlines read and opened through the closure
 * table member_tree. Whatever id a call names must sit under the caller (depth > 0; a parent to
 * list may be the caller itself); anything else is answered as not found, so nothing outside the
 * team can be told apart from a member that does not exist.
 */
export function agentDownlines({ db, rateLimits }: { db: Db; rateLimits: RateLimiter }) {
  const members = memberRepository(db);

  /** Depth of `memberId` under `agentId` (0 = itself), or undefined outside its team. */
  async function depthUnder(agentId: number, memberId: number): Promise<number | undefined> {
    const row = await db
      .selectFrom('member_tree')
      .select('depth')
      .where('ancestor_id', '=', agentId)
      .where('descendant_id', '=', memberId)
      .executeTakeFirst();
    return row?.depth;
  }

  /** From the agent (first) down to `memberId`, both included. */
  async function pathTo(agentId: number, memberId: number) {
    const rows = await db
      .selectFrom('member_tree as up')
      .innerJoin('member_tree as team', (join) =>
        join.onRef('team.descendant_id', '=', 'up.ancestor_id').on('team.ancestor_id', '=', agentId),
      )
      .innerJoin('members', 'members.id', 'up.ancestor_id')
      .select(['members.id', 'members.username'])
      .where('up.descendant_id', '=', memberId)
      .orderBy('team.depth')
      .execute();
    return rows.map((row) => ({ id: row.id, username: row.username }));
  }

  /** Balances, team sizes and contract states of a page of members, in three reads. */
  async function describe(merchant: MerchantContext, rows: (MemberFacts & { depth: number })[]) {
    const ids = rows.map((row) => row.id);
    if (!ids.length) return [];
    const [balances, sizes, contracts] = await Promise.all([
      db
        .selectFrom('ledger_accounts')
        .select(['member_id', 'balance'])
        .where('merchant_id', '=', merchant.id)
        .where('kind', '=', 'member_main')
        .where('currency', '=', merchant.currency)
        .where('member_id', 'in', ids)
        .execute(),
      db
        .selectFrom('member_tree')
        .select([
          'ancestor_id',
          sql<number>`count(*) FILTER (WHERE depth = 1)::int`.as('direct'),
          sql<number>`count(*) FILTER (WHERE depth > 0)::int`.as('team'),
        ])
        .where('ancestor_id', 'in', ids)
        .groupBy('ancestor_id')
        .execute(),
      contractStatesOf(db, ids),
    ]);
    return rows.map((row) => {
      const size = sizes.find((entry) => entry.ancestor_id === row.id);
      return {
        id: row.id,
        username: row.username,
        nickname: row.nickname,
        type: row.type,
        isAgent: isAgentType(row.type),
        status: row.status,
        depth: row.depth,
        directCount: size?.direct ?? 0,
        teamSize: size?.team ?? 0,
        balance: toDecimalString(balances.find((entry) => entry.member_id === row.id)?.balance ?? 0n),
        lastLoginAt: row.last_login_at?.toISOString() ?? null,
        createdAt: row.created_at.toISOString(),
        contracts: contracts.get(row.id) ?? NO_CONTRACTS,
      };
    });
  }

  const memberColumns = [
    'members.id',
    'members.username',
    'members.nickname',
    'members.type',
    'members.status',
    'members.created_at',
    'members.last_login_at',
  ] as const;

  return {
    /** GET /wps/agent/account: the agent's own account details. */
    async account(member: MemberContext, merchant: MerchantContext) {
      requireAgent(member);
      const self = await members.byId(merchant.id, member.id);
      if (!self) throw new AppError('auth.not_logged_in');
      const [[described], upline, timeZone, domains] = await Promise.all([
        describe(merchant, [{ ...self, depth: 0 }]),
        self.upline_id ? members.byId(merchant.id, self.upline_id) : undefined,
        merchantTimeZone(db, merchant.id),
        promotionDomains(db, merchant.id, self.affiliate_code),
      ]);
      return {
        id: self.id,
        username: self.username,
        nickname: self.nickname,
        type: self.type,
        affiliateCode: self.affiliate_code,
        uplineUsername: upline?.username ?? null,
        balance: described!.balance,
        currency: merchant.currency,
        directCount: described!.directCount,
        teamSize: described!.teamSize,
        createdAt: self.created_at.toISOString(),
        lastLoginAt: self.last_login_at?.toISOString() ?? null,
        timeZone,
        promotionDomains: domains,
      };
    },

    /** POST /wps/agent/downlines: a player or sub-agent directly under the caller (registerCenter). */
    async create(member: MemberContext, merchant: MerchantContext, input: CreateDownlineInput, language: Language) {
      requireAgent(member);
      // Only accounts actually opened count (as for sign-ups); over the limit nothing is created.
      const throttleKey = `downline-open:${member.id}`;
      const opened = await rateLimits.peek(throttleKey, DOWNLINE_OPEN_LIMIT);
      if (opened >= DOWNLINE_OPEN_LIMIT.limit) throw new AppError('agent.downline_rate_limited');
      const errors = await checkCredentials(db, members, merchant.id, input, language);
      if (errors.length) {
        const onlyTaken = errors.every((error) => error.message === REGISTRATION_MESSAGES.usernameTaken[language]);
        throw AppError.fields(errors, onlyTaken ? 'member.already_registered' : 'request.invalid');
      }
      const passwordHash = await hashPassword(input.password);
      let row;
      try {
        row = await db.transaction().execute((trx) =>
          members.insertUnder(
            trx,
            {
              merchant_id: merchant.id,
              username: input.username,
              password_hash: passwordHash,
              nickname: input.nickname || null,
              type: input.kind === 'agent' ? SUB_AGENT_TYPE : 0,
            },
            member.id,
          ),
        );
      } catch (error) {
        // Two openings of one name at the same instant: the unique index decides.
        if (takenFieldOf(error) !== 'username') throw error;
        throw AppError.fields(
          [{ field: 'username', message: REGISTRATION_MESSAGES.usernameTaken[language] }],
          'member.already_registered',
        );
      }
      await rateLimits.hit(throttleKey, DOWNLINE_OPEN_LIMIT);
      const [described] = await describe(merchant, [{ ...row, depth: 1 }]);
      return described!;
    },

    /** GET /wps/agent/downlines: direct downlines of a team member (or the caller), or a username search. */
    async list(member: MemberContext, merchant: MerchantContext, query: DownlineListQuery) {
      requireAgent(member);
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? RECORDS_DEFAULT_PAGE_SIZE;
      const parentId = query.parentId ?? member.id;
      const parentDepth = await depthUnder(member.id, parentId);
      if (parentDepth === undefined) throw new AppError('agent.downline_not_found');

      const search = query.username?.toLowerCase();
      let base = db
        .selectFrom('member_tree')
        .innerJoin('members', 'members.id', 'member_tree.descendant_id')
        .where('members.merchant_id', '=', merchant.id);
      base = search
        ? base
            .where('member_tree.ancestor_id', '=', parentId)
            .where('member_tree.depth', '>', 0)
            .where(sql<string>`lower(members.username)`, 'like', `${search.replace(/_/g, '\\_')}%`)
        : base.where('member_tree.ancestor_id', '=', parentId).where('member_tree.depth', '=', 1);
      const [count, rows, path] = await Promise.all([
        base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
        base
          .select([...memberColumns, 'member_tree.depth'])
          .orderBy('member_tree.depth')
          .orderBy('members.id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        pathTo(member.id, parentId),
      ]);
      const list = await describe(
        merchant,
        rows.map((row) => ({ ...row, depth: row.depth + parentDepth })),
      );
      return { list, total: count.total, pageNo, pageSize, path };
    },

    /** GET /wps/agent/downlines/:id: one member of the caller's team. */
    async detail(member: MemberContext, merchant: MerchantContext, id: number) {
      requireAgent(member);
      const depth = await depthUnder(member.id, id);
      const target = depth ? await members.byId(merchant.id, id) : undefined;
      if (!depth || !target) throw new AppError('agent.downline_not_found');
      const [[described], path] = await Promise.all([
        describe(merchant, [{ ...target, depth }]),
        pathTo(member.id, id),
      ]);
      return {
        ...described!,
        uplineUsername: path.at(-2)?.username ?? null,
        lastLoginIp: target.last_login_ip,
        affiliateCode: target.affiliate_code,
        path,
      };
    },
  };
}

export const NO_CONTRACTS: DownlineContracts = {
  dividend: 'none',
  dailySalary: 'none',
  hourSalary: 'none',
  realtimeSalary: 'none',
};
