import { sql } from 'kysely';
import { toDecimalString } from '@khela/money';
import {
  bpToRate,
  isAgentType,
  isTrialType,
  parseContractTerms,
  termsWithin,
  type ContractAction,
  type ContractHistoryAction,
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
import { requireContractKindRun } from '../contract-switches.ts';

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

/** A contract row with both parties' usernames (c: agent_contracts, m: its member, o: its offerer). */
export const CONTRACT_COLUMNS = [
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
] as const;

function contractsQuery(db: Db) {
  return db
    .selectFrom('agent_contracts as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .leftJoin('members as o', 'o.id', 'c.offerer_id')
    .select(CONTRACT_COLUMNS);
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

  /**
   * §4 "a downline's rate never exceeds its upline's": when a member's terms of a kind change, its
   * own offers and contracts of that kind above the new terms end, and their members hear of it.
   * `terms` null: the member's own contract ended, so it has no rate left to pass on and all of them
   * end. Each one that ends leaves its member without a contract of the kind in turn, down the tree.
   */
  async function enforceRateRule(trx: Db, upline: ContractRow, terms: StoredTerms | null): Promise<void> {
    const downstream = (await contractsQuery(trx)
      .where('c.offerer_id', '=', upline.member_id)
      .where('c.kind', '=', upline.kind)
      .where('c.state', 'in', ['offered', ...LIVE])
      .forUpdate('c')
      .execute()) as ContractRow[];
    for (const row of downstream) {
      if (terms && termsWithin(row.kind, row.terms, terms)) continue;
      const ended = await setState(
        trx,
        row,
        { state: 'terminated', end: true },
        {
          action: 'terminated_rate_rule',
          actor: 'system',
          note: terms ? `upline accepted contract ${upline.id}` : `upline contract ${upline.id} ended`,
        },
      );
      const name = KIND_NAMES[row.kind];
      const who = upline.member_username;
      await notifyInbox(
        trx,
        row.merchant_id,
        row.member_id,
        'contract.terminated',
        { en: 'Contract ended', bn: 'চুক্তি শেষ হয়েছে' },
        terms
          ? {
              en: `Your ${name.en} contract with ${who} has ended: its rate was above your upline's new rate.`,
              bn: `${who}-এর সাথে আপনার ${name.bn} চুক্তি শেষ হয়েছে: এর হার আপনার আপলাইনের নতুন হারের চেয়ে বেশি ছিল।`,
            }
          : {
              en: `Your ${name.en} contract with ${who} has ended: ${who}'s own ${name.en} contract ended.`,
              bn: `${who}-এর সাথে আপনার ${name.bn} চুক্তি শেষ হয়েছে: ${who}-এর নিজের ${name.bn} চুক্তি শেষ হয়েছে।`,
            },
        { contractId: row.id.toString(), kind: row.kind },
      );
      await enforceRateRule(trx, ended, null);
    }
  }

  /** A live contract ends now; the contracts below it that it capped end with it (§4). */
  async function terminate(
    trx: Db,
    row: ContractRow,
    history: Omit<HistoryEntry, 'contractId' | 'merchantId' | 'before' | 'after'>,
  ): Promise<ContractRow> {
    const ended = await setState(trx, row, { state: 'terminated', end: true }, history);
    await enforceRateRule(trx, ended, null);
    return ended;
  }

  /**
   * The member an offer is made to, by username: a direct downline of the offering agent (anyone
   * outside its tree is answered like a member that does not exist), or for the house
   * (`offererId` null) a top-level agent.
   */
  async function targetOf(merchantId: number, username: string, offererId: number | null) {
    const target = await db
      .selectFrom('members as m')
      .leftJoin('member_tree as t', (join) =>
        join
          .onRef('t.descendant_id', '=', 'm.id')
          .on('t.ancestor_id', '=', offererId ?? -1)
          .on('t.depth', '>', 0),
      )
      .select(['m.id', 'm.upline_id', 'm.type', 'm.status', 't.depth'])
      .where('m.merchant_id', '=', merchantId)
      .where('m.username', '=', username)
      .executeTakeFirst();
    if (!target || target.status !== 'active' || isTrialType(target.type)) {
      throw new AppError('contract.member_not_found');
    }
    if (offererId === null) {
      if (!isAgentType(target.type) || target.upline_id !== null) throw new AppError('contract.member_not_found');
    } else {
      if (target.depth === null) throw new AppError('contract.member_not_found');
      if (target.upline_id !== offererId) throw new AppError('contract.not_direct_downline');
    }
    return target;
  }

  /** A new offer of a kind replaces the member's pending one; it is kept as history and the member hears of it. */
  async function placeOffer(
    trx: Db,
    offer: {
      merchantId: number;
      offererId: number | null;
      memberId: number;
      kind: ContractKind;
      terms: StoredTerms;
      actor: Pick<HistoryEntry, 'actor' | 'actorMemberId' | 'actorOperatorId'>;
      offeredBy: LocalizedText;
    },
  ) {
    const pending = (await contractsQuery(trx)
      .where('c.member_id', '=', offer.memberId)
      .where('c.kind', '=', offer.kind)
      .where('c.state', '=', 'offered')
      .forUpdate('c')
      .executeTakeFirst()) as ContractRow | undefined;
    if (pending) {
      await setState(
        trx,
        pending,
        { state: 'superseded', end: true },
        { action: 'superseded', ...offer.actor, note: 'a newer offer replaced it' },
      );
    }
    const inserted = await trx
      .insertInto('agent_contracts')
      .values({
        merchant_id: offer.merchantId,
        kind: offer.kind,
        offerer_id: offer.offererId,
        member_id: offer.memberId,
        terms: JSON.stringify(offer.terms),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (await byId(trx, offer.merchantId, inserted.id))!;
    await recordHistory(trx, {
      contractId: row.id,
      merchantId: row.merchant_id,
      action: 'offered',
      ...offer.actor,
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
        en: `${offer.offeredBy.en} offered you a ${name.en} contract. Open it to accept or reject.`,
        bn: `${offer.offeredBy.bn} আপনাকে একটি ${name.bn} চুক্তির প্রস্তাব দিয়েছেন। গ্রহণ বা প্রত্যাখ্যান করতে খুলুন।`,
      },
      { contractId: row.id.toString(), kind: row.kind },
    );
    return { contract: contractView(row) };
  }

  return {
    byId: (merchantId: number, id: bigint) => byId(db, merchantId, id),

    async offer(member: MemberContext, request: { username: string; kind: ContractKind; terms: TermsInput }) {
      if (isTrialType(member.type)) throw new AppError('auth.trial_account');
      requireAgent(member);
      await requireContractKindRun(db, member.merchantId, request.kind);
      const parsed = parseContractTerms(request.kind, request.terms);
      if (!parsed.ok) throw new AppError(parsed.code);
      const target = await targetOf(member.merchantId, request.username, member.id);
      return db.transaction().execute(async (trx) => {
        const own = await liveOf(trx, member.id, request.kind);
        if (!own) throw new AppError('contract.upline_has_no_contract');
        if (!termsWithin(request.kind, parsed.terms, own.terms)) throw new AppError('contract.rate_above_upline');
        return placeOffer(trx, {
          merchantId: member.merchantId,
          offererId: member.id,
          memberId: target.id,
          kind: request.kind,
          terms: parsed.terms,
          actor: { actor: 'member', actorMemberId: member.id },
          offeredBy: { en: member.username, bn: member.username },
        });
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
      await requireContractKindRun(db, merchantId, request.kind);
      const parsed = parseContractTerms(request.kind, request.terms);
      if (!parsed.ok) throw new AppError(parsed.code);
      const target = await targetOf(merchantId, request.username, null);
      return db.transaction().execute((trx) =>
        placeOffer(trx, {
          merchantId,
          offererId: null,
          memberId: target.id,
          kind: request.kind,
          terms: parsed.terms,
          actor: { actor: 'operator', actorOperatorId: operatorId },
          offeredBy: { en: 'The platform', bn: 'প্ল্যাটফর্ম' },
        }),
      );
    },

    /**
     * An operator ends a house contract (offered to a top-level agent) at once: a live one is
     * terminated, with the contracts below it that it capped (§4); a pending offer is withdrawn
     * (terminated; the member's live contract of the kind, if any, stays).
     * Its last, partial period is not paid (settlement). Another upline's contract is not the
     * house's to end: it is answered like one that does not exist.
     */
    async terminateFromHouse(
      merchantId: number,
      operatorId: number,
      contractId: bigint,
      /** The operator's audit entry, written in the same transaction. */
      audit: (trx: Db, before: ContractView, after: ContractView) => Promise<void>,
      reason?: string,
    ) {
      return db.transaction().execute(async (trx) => {
        const row = await byId(trx, merchantId, contractId, true);
        if (!row || row.offerer_id !== null) throw new AppError('contract.not_found');
        const actor = { actor: 'operator' as const, actorOperatorId: operatorId };
        let ended: ContractRow;
        if (row.state === 'offered') {
          ended = await setState(
            trx,
            row,
            { state: 'terminated', end: true },
            { ...actor, action: 'withdrawn', note: reason || 'the house withdrew its offer' },
          );
        } else if (LIVE.includes(row.state)) {
          ended = await terminate(trx, row, {
            ...actor,
            action: 'terminated',
            note: reason || 'ended by the house',
          });
        } else {
          throw new AppError('contract.already_decided');
        }
        const name = KIND_NAMES[row.kind];
        await notifyInbox(
          trx,
          merchantId,
          row.member_id,
          'contract.terminated',
          { en: 'Contract ended', bn: 'চুক্তি শেষ হয়েছে' },
          {
            en: `The platform ended your ${name.en} contract.`,
            bn: `প্ল্যাটফর্ম আপনার ${name.bn} চুক্তি শেষ করেছে।`,
          },
          { contractId: row.id.toString(), kind: row.kind },
        );
        const contract = contractView(ended);
        await audit(trx, contractView(row), contract);
        return { contract };
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
          await enforceRateRule(trx, accepted, accepted.terms);
          return { contract: contractView(accepted) };
        }

        if (row.state === 'active') {
          if (action !== 'terminate') throw new AppError('contract.already_decided');
          if (row.offerer_id === null) {
            const ended = await terminate(trx, row, {
              action: 'terminated',
              ...actor,
              note: 'house contract: ended on request',
            });
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
          const ended = await terminate(trx, row, { action: 'terminated', ...actor });
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

    /**
     * §3 "every change is kept as history": the changes to the caller's contracts (offered to it or
     * by it), newest first; another member's contract answers contract.not_found.
     */
    async history(
      member: MemberContext,
      query: { contractId?: string | undefined; kind?: ContractKind | undefined; pageNo?: number; pageSize?: number },
    ) {
      if (isTrialType(member.type)) throw new AppError('auth.trial_account');
      requireAgent(member);
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 20;
      let base = db
        .selectFrom('agent_contract_history as h')
        .innerJoin('agent_contracts as c', 'c.id', 'h.contract_id')
        .where('c.merchant_id', '=', member.merchantId)
        .where((eb) => eb.or([eb('c.member_id', '=', member.id), eb('c.offerer_id', '=', member.id)]));
      if (query.contractId !== undefined) {
        const contractId = BigInt(query.contractId);
        const own = await base.select('c.id').where('c.id', '=', contractId).limit(1).executeTakeFirst();
        if (!own) throw new AppError('contract.not_found');
        base = base.where('c.id', '=', contractId);
      }
      if (query.kind) base = base.where('c.kind', '=', query.kind);
      const [rows, count] = await Promise.all([
        base
          .innerJoin('members as m', 'm.id', 'c.member_id')
          .leftJoin('members as o', 'o.id', 'c.offerer_id')
          .leftJoin('members as a', 'a.id', 'h.actor_member_id')
          .select([
            'h.id',
            'h.contract_id',
            'c.kind',
            'm.username as member_username',
            'o.username as offerer_username',
            'h.action',
            'h.actor',
            'a.username as actor_username',
            sql<AgentContractState | null>`h.after->>'state'`.as('state'),
            sql<string | null>`h.after->>'periodStart'`.as('period_start'),
            'h.created_at',
          ])
          .orderBy('h.id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((row) => ({
          id: row.id.toString(),
          contractId: row.contract_id.toString(),
          kind: row.kind,
          member: row.member_username,
          offerer: row.offerer_username,
          action: row.action as ContractHistoryAction,
          by:
            row.actor === 'member' && row.actor_username !== null
              ? { member: row.actor_username }
              : row.actor === 'operator'
                ? ('platform' as const)
                : ('system' as const),
          state: row.state,
          periodStart: row.period_start,
          at: row.created_at.toISOString(),
        })),
        total: Number(count.n),
        pageNo,
        pageSize,
      };
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
