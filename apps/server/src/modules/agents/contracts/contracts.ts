import { sql } from 'kysely';
import { toDecimalString } from '@khela/money';
import {
  bpToRate,
  isAgentType,
  isTrialType,
  parseContractTerms,
  termsWithin,
  type ContractAction,
  type ContractKind,
  type ContractView,
  type StoredTerms,
  type TermsInput,
} from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import type { AgentContractState } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext } from '../../../http/context.ts';
import type { LocalizedText } from '../../notifications/notify.ts';
import { requireAgent } from '../access.ts';

/** A contract row with both parties' usernames. */
export interface ContractRow {
  id: bigint;
  merchant_id: number;
  kind: ContractKind;
  offerer_id: number | null;
  member_id: number;
  terms: StoredTerms;
  state: AgentContractState;
  termination_requested_by: number | null;
  offered_at: Date;
  activated_at: Date | null;
  ended_at: Date | null;
  offerer_username: string | null;
  member_username: string;
}

export const KIND_NAMES: Record<ContractKind, LocalizedText> = {
  dividend: { en: 'dividend', bn: 'লভ্যাংশ' },
  daily_salary: { en: 'daily salary', bn: 'দৈনিক বেতন' },
  hourly_salary: { en: 'hourly salary', bn: 'ঘণ্টাভিত্তিক বেতন' },
  realtime_salary: { en: 'real-time salary', bn: 'রিয়েল-টাইম বেতন' },
};

const LIVE: AgentContractState[] = ['active', 'termination_requested'];

export function termsView(terms: StoredTerms): ContractView['terms'] {
  return {
    ...(terms.period && { period: terms.period }),
    ...(terms.tiers && {
      tiers: terms.tiers.map((t) => ({
        activeMembers: t.activeMembers,
        validBet: toDecimalString(BigInt(t.validBet)),
        rate: bpToRate(t.rateBp),
      })),
    }),
    ...(terms.profitRateBp !== undefined && { profitRate: bpToRate(terms.profitRateBp) }),
    ...(terms.lossRateBp !== undefined && { lossRate: bpToRate(terms.lossRateBp) }),
  };
}

export function contractView(row: ContractRow): ContractView {
  return {
    id: row.id.toString(),
    kind: row.kind,
    state: row.state,
    offerer: row.offerer_username,
    member: row.member_username,
    terms: termsView(row.terms),
    offeredAt: row.offered_at.toISOString(),
    activatedAt: row.activated_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
    terminationRequestedBy:
      row.termination_requested_by === null
        ? null
        : row.termination_requested_by === row.member_id
          ? 'member'
          : 'offerer',
  };
}

/** The public shape of a contract in its history and the audit log. */
function snapshot(row: Pick<ContractRow, 'state' | 'terms' | 'termination_requested_by' | 'ended_at'>) {
  return {
    state: row.state,
    terms: row.terms,
    terminationRequestedBy: row.termination_requested_by,
    endedAt: row.ended_at?.toISOString() ?? null,
  };
}

function contractsQuery(db: Db) {
  return db
    .selectFrom('agent_contracts as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .leftJoin('members as o', 'o.id', 'c.offerer_id')
    .select([
      'c.id',
      'c.merchant_id',
      'c.kind',
      'c.offerer_id',
      'c.member_id',
      sql<StoredTerms>`c.terms`.as('terms'),
      'c.state',
      'c.termination_requested_by',
      'c.offered_at',
      'c.activated_at',
      'c.ended_at',
      'o.username as offerer_username',
      'm.username as member_username',
    ]);
}

export interface HistoryEntry {
  contractId: bigint;
  merchantId: number;
  action: string;
  actor: 'member' | 'operator' | 'system';
  actorMemberId?: number | null;
  actorOperatorId?: number | null;
  before: unknown;
  after: unknown;
  note?: string;
}

export async function recordHistory(trx: Db, entry: HistoryEntry): Promise<void> {
  await trx
    .insertInto('agent_contract_history')
    .values({
      merchant_id: entry.merchantId,
      contract_id: entry.contractId,
      action: entry.action,
      actor: entry.actor,
      actor_member_id: entry.actorMemberId ?? null,
      actor_operator_id: entry.actorOperatorId ?? null,
      before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
      note: entry.note ?? null,
    })
    .execute();
}

/** An inbox entry (modules/notifications: the member's notifications), in the caller's transaction. */
export async function notifyInbox(
  trx: Db,
  merchantId: number,
  memberId: number,
  kind: string,
  title: LocalizedText,
  body: LocalizedText,
  reference: Record<string, unknown>,
): Promise<void> {
  await trx
    .insertInto('member_inbox')
    .values({
      merchant_id: merchantId,
      member_id: memberId,
      kind,
      title: JSON.stringify(title),
      body: JSON.stringify(body),
      reference: JSON.stringify(reference),
    } as never)
    .execute();
}

/**
 * Contracts between an upline and its direct downlines (issue 13 item 3, §3 §4 §6).
 *
 * Who does what:
 * - the upline (an agent) offers; a new offer of a kind replaces a pending one of that kind;
 * - the downline accepts or rejects an offer (the contract popup, the four reference calls);
 * - either side asks to end a live contract; the OTHER side confirms (accept) or refuses (reject);
 *   the one who asked may withdraw it (reject). A house contract (offered by the merchant) ends at
 *   once when its member asks: the house has nobody to confirm.
 * - §4: an offer's rates never exceed the offerer's own live contract of the kind (an agent without
 *   one cannot offer it); when a member accepts terms of a kind, its own offers of that kind that
 *   now exceed them end (terminated, a notice in each affected member's inbox).
 */
export function agentContracts({ db }: { db: Db }) {
  async function byId(trx: Db, merchantId: number, id: bigint, lock = false) {
    let query = contractsQuery(trx).where('c.id', '=', id).where('c.merchant_id', '=', merchantId);
    if (lock) query = query.forUpdate('c');
    return (await query.executeTakeFirst()) as ContractRow | undefined;
  }

  async function liveOf(trx: Db, memberId: number, kind: ContractKind) {
    return (await contractsQuery(trx)
      .where('c.member_id', '=', memberId)
      .where('c.kind', '=', kind)
      .where('c.state', 'in', LIVE)
      .executeTakeFirst()) as ContractRow | undefined;
  }

  async function setState(
    trx: Db,
    row: ContractRow,
    patch: { state: AgentContractState; termination_requested_by?: number | null; activate?: boolean; end?: boolean },
    history: Omit<HistoryEntry, 'contractId' | 'merchantId' | 'before' | 'after'>,
  ): Promise<ContractRow> {
    const updated = await trx
      .updateTable('agent_contracts')
      .set({
        state: patch.state,
        updated_at: sql`now()`,
        ...(patch.termination_requested_by !== undefined && {
          termination_requested_by: patch.termination_requested_by,
        }),
        ...(patch.activate && { activated_at: sql`now()` }),
        ...(patch.end && { ended_at: sql`now()` }),
      })
      .where('id', '=', row.id)
      .returning(['state', 'termination_requested_by', 'activated_at', 'ended_at'])
      .executeTakeFirstOrThrow();
    const after = { ...row, ...updated };
    await recordHistory(trx, {
      ...history,
      contractId: row.id,
      merchantId: row.merchant_id,
      before: snapshot(row),
      after: snapshot(after),
    });
    return after;
  }

  /** §4: the member's own offers of the kind that now exceed its terms end, and their members hear of it. */
  async function enforceRateRule(trx: Db, accepted: ContractRow): Promise<void> {
    const downstream = (await contractsQuery(trx)
      .where('c.offerer_id', '=', accepted.member_id)
      .where('c.kind', '=', accepted.kind)
      .where('c.state', 'in', ['offered', ...LIVE])
      .forUpdate('c')
      .execute()) as ContractRow[];
    for (const row of downstream) {
      if (termsWithin(row.kind, row.terms, accepted.terms)) continue;
      await setState(
        trx,
        row,
        { state: 'terminated', end: true },
        { action: 'terminated_rate_rule', actor: 'system', note: `upline accepted contract ${accepted.id}` },
      );
      const name = KIND_NAMES[row.kind];
      await notifyInbox(
        trx,
        row.merchant_id,
        row.member_id,
        'contract.terminated',
        { en: 'Contract ended', bn: 'চুক্তি শেষ হয়েছে' },
        {
          en: `Your ${name.en} contract with ${accepted.member_username} has ended: its rate was above your upline's new rate.`,
          bn: `${accepted.member_username}-এর সাথে আপনার ${name.bn} চুক্তি শেষ হয়েছে: এর হার আপনার আপলাইনের নতুন হারের চেয়ে বেশি ছিল।`,
        },
        { contractId: row.id.toString(), kind: row.kind },
      );
    }
  }

  return {
    byId: (merchantId: number, id: bigint) => byId(db, merchantId, id),

    async offer(member: MemberContext, request: { username: string; kind: ContractKind; terms: TermsInput }) {
      if (isTrialType(member.type)) throw new AppError('auth.trial_account');
      requireAgent(member);
      const parsed = parseContractTerms(request.kind, request.terms);
      if (!parsed.ok) throw new AppError(parsed.code);
      const target = await db
        .selectFrom('members as m')
        .leftJoin('member_tree as t', (join) =>
          join.onRef('t.descendant_id', '=', 'm.id').on('t.ancestor_id', '=', member.id).on('t.depth', '>', 0),
        )
        .select(['m.id', 'm.upline_id', 'm.type', 'm.status', 't.depth'])
        .where('m.merchant_id', '=', member.merchantId)
        .where('m.username', '=', request.username)
        .executeTakeFirst();
      // Outside the agent's tree is answered exactly like a member that does not exist.
      if (!target || target.depth === null || target.status !== 'active' || isTrialType(target.type)) {
        throw new AppError('contract.member_not_found');
      }
      if (target.upline_id !== member.id) throw new AppError('contract.not_direct_downline');

      return db.transaction().execute(async (trx) => {
        const own = await liveOf(trx, member.id, request.kind);
        if (!own) throw new AppError('contract.upline_has_no_contract');
        if (!termsWithin(request.kind, parsed.terms, own.terms)) throw new AppError('contract.rate_above_upline');
        const pending = (await contractsQuery(trx)
          .where('c.member_id', '=', target.id)
          .where('c.kind', '=', request.kind)
          .where('c.state', '=', 'offered')
          .forUpdate('c')
          .executeTakeFirst()) as ContractRow | undefined;
        if (pending) {
          await setState(
            trx,
            pending,
            { state: 'superseded', end: true },
            { action: 'superseded', actor: 'member', actorMemberId: member.id, note: 'a newer offer replaced it' },
          );
        }
        const inserted = await trx
          .insertInto('agent_contracts')
          .values({
            merchant_id: member.merchantId,
            kind: request.kind,
            offerer_id: member.id,
            member_id: target.id,
            terms: JSON.stringify(parsed.terms),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const row = (await byId(trx, member.merchantId, inserted.id))!;
        await recordHistory(trx, {
          contractId: row.id,
          merchantId: row.merchant_id,
          action: 'offered',
          actor: 'member',
          actorMemberId: member.id,
          before: null,
          after: snapshot(row),
        });
        const name = KIND_NAMES[row.kind];
        await notifyInbox(
          trx,
          row.merchant_id,
          row.member_id,
          'contract.offered',
          { en: 'New contract offer', bn: 'নতুন চুক্তির প্রস্তাব' },
          {
            en: `${member.username} offered you a ${name.en} contract. Open it to accept or reject.`,
            bn: `${member.username} আপনাকে একটি ${name.bn} চুক্তির প্রস্তাব দিয়েছেন। গ্রহণ বা প্রত্যাখ্যান করতে খুলুন।`,
          },
          { contractId: row.id.toString(), kind: row.kind },
        );
        return { contract: contractView(row) };
      });
    },

    /**
     * The house (an operator) offers terms to a top-level agent: the contracts sub-agents' rates are
     * capped by. No cap applies to the house's own offer; the agent decides in its popup as usual.
     */
    async offerFromHouse(
      merchantId: number,
      operatorId: number,
      request: { username: string; kind: ContractKind; terms: TermsInput },
    ) {
      const parsed = parseContractTerms(request.kind, request.terms);
      if (!parsed.ok) throw new AppError(parsed.code);
      const target = await db
        .selectFrom('members')
        .select(['id', 'type', 'status', 'upline_id'])
        .where('merchant_id', '=', merchantId)
        .where('username', '=', request.username)
        .executeTakeFirst();
      if (!target || target.status !== 'active' || !isAgentType(target.type) || target.upline_id !== null) {
        throw new AppError('contract.member_not_found');
      }
      return db.transaction().execute(async (trx) => {
        const pending = (await contractsQuery(trx)
          .where('c.member_id', '=', target.id)
          .where('c.kind', '=', request.kind)
          .where('c.state', '=', 'offered')
          .forUpdate('c')
          .executeTakeFirst()) as ContractRow | undefined;
        if (pending) {
          await setState(
            trx,
            pending,
            { state: 'superseded', end: true },
            { action: 'superseded', actor: 'operator', actorOperatorId: operatorId, note: 'a newer offer replaced it' },
          );
        }
        const inserted = await trx
          .insertInto('agent_contracts')
          .values({
            merchant_id: merchantId,
            kind: request.kind,
            offerer_id: null,
            member_id: target.id,
            terms: JSON.stringify(parsed.terms),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const row = (await byId(trx, merchantId, inserted.id))!;
        await recordHistory(trx, {
          contractId: row.id,
          merchantId,
          action: 'offered',
          actor: 'operator',
          actorOperatorId: operatorId,
          before: null,
          after: snapshot(row),
        });
        const name = KIND_NAMES[row.kind];
        await notifyInbox(
          trx,
          merchantId,
          row.member_id,
          'contract.offered',
          { en: 'New contract offer', bn: 'নতুন চুক্তির প্রস্তাব' },
          {
            en: `The platform offered you a ${name.en} contract. Open it to accept or reject.`,
            bn: `প্ল্যাটফর্ম আপনাকে একটি ${name.bn} চুক্তির প্রস্তাব দিয়েছে। গ্রহণ বা প্রত্যাখ্যান করতে খুলুন।`,
          },
          { contractId: row.id.toString(), kind: row.kind },
        );
        return { contract: contractView(row) };
      });
    },

    /** One decision by either party; `kind` is set by the reference calls (each serves one kind). */
    async decide(
      member: MemberContext,
      kind: ContractKind | null,
      request: { contractId: string; action: ContractAction },
    ) {
      if (isTrialType(member.type)) throw new AppError('auth.trial_account');
      return db.transaction().execute(async (trx) => {
        const row = await byId(trx, member.merchantId, BigInt(request.contractId), true);
        const isMember = row?.member_id === member.id;
        const isOfferer = row !== undefined && row.offerer_id === member.id;
        if (!row || (!isMember && !isOfferer) || (kind && row.kind !== kind)) throw new AppError('contract.not_found');
        const actor = { actor: 'member' as const, actorMemberId: member.id };
        const { action } = request;

        if (row.state === 'offered') {
          if (!isMember) throw new AppError('auth.forbidden');
          if (action === 'reject') {
            return {
              contract: contractView(
                await setState(trx, row, { state: 'rejected', end: true }, { action: 'rejected', ...actor }),
              ),
            };
          }
          if (action !== 'accept') throw new AppError('contract.already_decided');
          // The offerer's own terms may have changed since the offer.
          if (row.offerer_id !== null) {
            const own = await liveOf(trx, row.offerer_id, row.kind);
            if (!own || !termsWithin(row.kind, row.terms, own.terms)) throw new AppError('contract.rate_above_upline');
          }
          const previous = await liveOf(trx, row.member_id, row.kind);
          if (previous) {
            await setState(
              trx,
              previous,
              { state: 'superseded', end: true },
              { action: 'superseded', ...actor, note: `replaced by contract ${row.id}` },
            );
          }
          const accepted = await setState(
            trx,
            row,
            { state: 'active', activate: true },
            { action: 'accepted', ...actor },
          );
          await enforceRateRule(trx, accepted);
          return { contract: contractView(accepted) };
        }

        if (row.state === 'active') {
          if (action !== 'terminate') throw new AppError('contract.already_decided');
          if (row.offerer_id === null) {
            const ended = await setState(
              trx,
              row,
              { state: 'terminated', end: true },
              { action: 'terminated', ...actor, note: 'house contract: ended on request' },
            );
            return { contract: contractView(ended) };
          }
          const asked = await setState(
            trx,
            row,
            { state: 'termination_requested', termination_requested_by: member.id },
            { action: 'termination_requested', ...actor },
          );
          const other = isMember ? row.offerer_id : row.member_id;
          const name = KIND_NAMES[row.kind];
          await notifyInbox(
            trx,
            row.merchant_id,
            other,
            'contract.termination_requested',
            { en: 'Request to end a contract', bn: 'চুক্তি শেষ করার অনুরোধ' },
            {
              en: `${member.username} asked to end your ${name.en} contract. Open it to confirm or refuse.`,
              bn: `${member.username} আপনার ${name.bn} চুক্তি শেষ করতে অনুরোধ করেছেন। নিশ্চিত বা প্রত্যাখ্যান করতে খুলুন।`,
            },
            { contractId: row.id.toString(), kind: row.kind },
          );
          return { contract: contractView(asked) };
        }

        if (row.state === 'termination_requested') {
          const requester = row.termination_requested_by === member.id;
          if (action === 'reject') {
            const back = await setState(
              trx,
              row,
              { state: 'active', termination_requested_by: null },
              { action: requester ? 'termination_withdrawn' : 'termination_refused', ...actor },
            );
            return { contract: contractView(back) };
          }
          if (requester) throw new AppError('contract.already_decided');
          const ended = await setState(
            trx,
            row,
            { state: 'terminated', end: true },
            { action: 'terminated', ...actor },
          );
          return { contract: contractView(ended) };
        }
        throw new AppError('contract.already_decided');
      });
    },

    async mine(member: MemberContext) {
      const rows = (await contractsQuery(db)
        .where('c.member_id', '=', member.id)
        .where('c.merchant_id', '=', member.merchantId)
        .orderBy('c.id', 'desc')
        .limit(100)
        .execute()) as ContractRow[];
      return { list: rows.map(contractView) };
    },

    async offered(member: MemberContext, username?: string) {
      if (isTrialType(member.type)) throw new AppError('auth.trial_account');
      requireAgent(member);
      let query = contractsQuery(db)
        .where('c.offerer_id', '=', member.id)
        .where('c.merchant_id', '=', member.merchantId);
      if (username) query = query.where('m.username', '=', username);
      const rows = (await query.orderBy('c.id', 'desc').limit(200).execute()) as ContractRow[];
      return { list: rows.map(contractView) };
    },

    /** home.consolidated: pending offers (the popup) and the live contract of each kind. */
    async consolidated(member: MemberContext) {
      const rows = (await contractsQuery(db)
        .where('c.member_id', '=', member.id)
        .where('c.merchant_id', '=', member.merchantId)
        .where('c.state', 'in', ['offered', ...LIVE])
        .orderBy('c.id', 'asc')
        .execute()) as ContractRow[];
      const offers = rows.filter((r) => r.state === 'offered');
      const live = (kind: ContractKind) => {
        const row = rows.find((r) => r.kind === kind && r.state !== 'offered');
        return row ? contractView(row) : null;
      };
      const pending = (kind: ContractKind) => offers.some((r) => r.kind === kind);
      return {
        dailysalreqtype: pending('daily_salary'),
        divtypereq: pending('dividend'),
        contracthoursalreq: pending('hourly_salary'),
        realtimesalreqtype: pending('realtime_salary'),
        contractmrdailysalinfotype: live('daily_salary'),
        contracthoursalinfo: live('hourly_salary'),
        dailysalinfotype: live('realtime_salary'),
        divtypeinfo: live('dividend'),
        offers: offers.map(contractView),
      };
    },
  };
}
export type AgentContracts = ReturnType<typeof agentContracts>;
