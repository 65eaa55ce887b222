import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '@khela/contracts';
import { loginAsAdmin, loginAsNewOperator } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember, type WalletMember } from '../wallet/helpers.ts';
import { inboxKinds, liveContract, tier } from './contract-helpers.ts';

const CONSOLIDATED = '/wps/member/info/funds/consolidated';
const OFFER = '/wps/agent/contracts/offer';
const DECIDE = '/wps/agent/contracts/decide';
const DAILY = '/wps/relay/MCS2_processDailySalContract';
const DIVIDEND = '/wps/relay/MCS2_processDividendReq';
const HOURLY = '/wps/relay/MCS2_processContractHourSalary';
const REALTIME = '/wps/relay/MCSFE_processRealTimeSalaryContract';

let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
});
afterAll(async () => {
  await t?.close();
});

type Decision = { contract: ContractView };

const offer = (from: WalletMember, body: unknown) => t.request<Decision>('POST', OFFER, body, { headers: from.auth });
const daily = (who: WalletMember, contractId: string, action: string) =>
  t.get<Decision>(DAILY, { headers: who.auth, query: { contractId, action } });
const decide = (who: WalletMember, contractId: string, action: string) =>
  t.request<Decision>('POST', DECIDE, { contractId, action }, { headers: who.auth });

const dailyTerms = (...tiers: [number | string, string | number, string | number][]) => ({
  tiers: tiers.map(([activeMembers, validBet, rate]) => ({ activeMembers, validBet, rate })),
});

/** Everything a refused call must leave as it was. */
async function contractState() {
  const [contracts, history, inbox] = await Promise.all([
    t.db
      .selectFrom('agent_contracts')
      .select(['id', 'state', 'terms', 'termination_requested_by'])
      .orderBy('id')
      .execute(),
    t.db.selectFrom('agent_contract_history').select('id').orderBy('id').execute(),
    t.db.selectFrom('member_inbox').select('id').orderBy('id').execute(),
  ]);
  return JSON.stringify({ contracts, history: history.length, inbox: inbox.length }, (_k, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : v,
  );
}

describe('agent contracts', () => {
  // top (house daily-salary contract) → agent → player; a second tree other → otherPlayer; a trial user.
  let top: WalletMember;
  let agent: WalletMember;
  let player: WalletMember;
  let other: WalletMember;
  let otherPlayer: WalletMember;
  let trial: WalletMember;
  let offered: ContractView;

  beforeAll(async () => {
    top = await createMember(t, merchantId, { type: 1 });
    agent = await createMember(t, merchantId, { type: 1, upline: top });
    player = await createMember(t, merchantId, { upline: agent });
    other = await createMember(t, merchantId, { type: 1 });
    otherPlayer = await createMember(t, merchantId, { upline: other });
    trial = await createMember(t, merchantId, { type: 4 });
    // The house's contracts with the top agent: 1 % from the first bet, 2 % from 3 members and 10,000.
    await liveContract(t, merchantId, {
      memberId: top.id,
      kind: 'daily_salary',
      terms: { tiers: [tier(0, 0n, 100), tier(3, 1_000_000n, 200)] },
    });
    await liveContract(t, merchantId, {
      memberId: other.id,
      kind: 'daily_salary',
      terms: { tiers: [tier(0, 0n, 100)] },
    });
  });

  it('lets an upline offer a direct downline; the offer shows in consolidated and the inbox', async () => {
    const res = await offer(top, {
      username: agent.username,
      kind: 'daily_salary',
      terms: dailyTerms([0, '0', '0.8'], [3, '10000.00', 1.5]),
    });
    expect(res.status).toBe(200);
    offered = res.body.value.contract;
    expect(offered).toMatchObject({
      kind: 'daily_salary',
      state: 'offered',
      offerer: top.username,
      member: agent.username,
      terms: {
        tiers: [
          { activeMembers: 0, validBet: '0.00', rate: '0.80' },
          { activeMembers: 3, validBet: '10000.00', rate: '1.50' },
        ],
      },
    });
    const consolidated = await t.get<Record<string, unknown>>(CONSOLIDATED, { headers: agent.auth });
    expect(consolidated.body.value).toMatchObject({
      dailysalreqtype: true,
      divtypereq: false,
      contracthoursalreq: false,
      realtimesalreqtype: false,
      contractmrdailysalinfotype: null,
    });
    expect((consolidated.body.value.offers as ContractView[]).map((o) => o.id)).toEqual([offered.id]);
    expect(await inboxKinds(t, agent.id)).toContain('contract.offered');
  });

  it('refuses bad terms and members outside the rules with stable codes, changing nothing', async () => {
    const before = await contractState();
    const cases: [WalletMember, unknown, number, string][] = [
      [
        top,
        { username: agent.username, kind: 'daily_salary', terms: dailyTerms([0, '0', '1.2']) },
        400,
        'contract.rate_above_upline',
      ],
      [
        top,
        { username: agent.username, kind: 'daily_salary', terms: dailyTerms([3, '10000', '2.5']) },
        400,
        'contract.rate_above_upline',
      ],
      [
        top,
        { username: agent.username, kind: 'daily_salary', terms: dailyTerms([0, '0', '-1']) },
        400,
        'contract.invalid_rate',
      ],
      [
        top,
        { username: agent.username, kind: 'daily_salary', terms: dailyTerms([0, '0', 'abc']) },
        400,
        'contract.invalid_rate',
      ],
      [
        top,
        { username: agent.username, kind: 'daily_salary', terms: dailyTerms([0, '0', '101']) },
        400,
        'contract.invalid_rate',
      ],
      [
        top,
        { username: agent.username, kind: 'daily_salary', terms: dailyTerms([-1, '0', '0.5']) },
        400,
        'contract.invalid_tiers',
      ],
      [
        top,
        { username: agent.username, kind: 'daily_salary', terms: dailyTerms([0, '-5', '0.5']) },
        400,
        'contract.invalid_tiers',
      ],
      [top, { username: agent.username, kind: 'daily_salary', terms: { tiers: [] } }, 400, 'contract.invalid_tiers'],
      [
        top,
        { username: agent.username, kind: 'daily_salary', terms: dailyTerms([3, '100', '0.5'], [3, '100', '0.7']) },
        400,
        'contract.overlapping_tiers',
      ],
      [
        top,
        { username: agent.username, kind: 'daily_salary', terms: dailyTerms([5, '100', '0.5'], [3, '1000', '0.7']) },
        400,
        'contract.overlapping_tiers',
      ],
      [
        top,
        { username: agent.username, kind: 'daily_salary', terms: dailyTerms([1, '100', '0.7'], [3, '1000', '0.5']) },
        400,
        'contract.overlapping_tiers',
      ],
      [
        top,
        { username: agent.username, kind: 'dividend', terms: dailyTerms([0, '0', '0.5']) },
        400,
        'contract.invalid_period',
      ],
      [
        top,
        { username: agent.username, kind: 'hourly_salary', terms: dailyTerms([0, '0', '0.5']) },
        409,
        'contract.upline_has_no_contract',
      ],
      [
        top,
        { username: player.username, kind: 'daily_salary', terms: dailyTerms([0, '0', '0.5']) },
        400,
        'contract.not_direct_downline',
      ],
      [
        top,
        { username: otherPlayer.username, kind: 'daily_salary', terms: dailyTerms([0, '0', '0.5']) },
        404,
        'contract.member_not_found',
      ],
      [
        top,
        { username: other.username, kind: 'daily_salary', terms: dailyTerms([0, '0', '0.5']) },
        404,
        'contract.member_not_found',
      ],
      [
        top,
        { username: trial.username, kind: 'daily_salary', terms: dailyTerms([0, '0', '0.5']) },
        404,
        'contract.member_not_found',
      ],
      [
        top,
        { username: 'nosuchmember9', kind: 'daily_salary', terms: dailyTerms([0, '0', '0.5']) },
        404,
        'contract.member_not_found',
      ],
      [
        top,
        { username: top.username, kind: 'daily_salary', terms: dailyTerms([0, '0', '0.5']) },
        404,
        'contract.member_not_found',
      ],
      [
        other,
        { username: agent.username, kind: 'daily_salary', terms: dailyTerms([0, '0', '0.5']) },
        404,
        'contract.member_not_found',
      ],
      [
        player,
        { username: agent.username, kind: 'daily_salary', terms: dailyTerms([0, '0', '0.5']) },
        403,
        'auth.not_agent',
      ],
      [
        trial,
        { username: agent.username, kind: 'daily_salary', terms: dailyTerms([0, '0', '0.5']) },
        403,
        'auth.trial_account',
      ],
      [top, { username: agent.username, kind: 'weekly_bonus', terms: {} }, 400, 'request.invalid'],
    ];
    for (const [who, body, status, code] of cases) {
      const res = await offer(who, body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
    }
    expect(await contractState()).toBe(before);
  });

  it('keeps other parties out of a contract (403/404, nothing changed)', async () => {
    const before = await contractState();
    for (const who of [other, otherPlayer, player, top]) {
      const res = await daily(who, offered.id, 'accept');
      // The offerer is a party but may not accept its own offer.
      expect([who.username, res.status, res.body.code]).toEqual(
        who === top ? [who.username, 403, 'auth.forbidden'] : [who.username, 404, 'contract.not_found'],
      );
    }
    const byTrial = await daily(trial, offered.id, 'accept');
    expect([byTrial.status, byTrial.body.code]).toEqual([403, 'auth.trial_account']);
    // The right member through another kind's call: as if it did not exist.
    const wrongKind = await t.get(DIVIDEND, {
      headers: agent.auth,
      query: { contractId: offered.id, action: 'accept' },
    });
    expect([wrongKind.status, wrongKind.body.code]).toEqual([404, 'contract.not_found']);
    const wrongKindPost = await t.request(
      'POST',
      HOURLY,
      { contractId: offered.id, action: 'accept' },
      { headers: agent.auth },
    );
    expect([wrongKindPost.status, wrongKindPost.body.code]).toEqual([404, 'contract.not_found']);
    const nobody = await daily(agent, '999999999', 'accept');
    expect([nobody.status, nobody.body.code]).toEqual([404, 'contract.not_found']);
    const junk = await daily(agent, 'abc', 'accept');
    expect([junk.status, junk.body.code]).toEqual([400, 'request.invalid']);
    const badAction = await daily(agent, offered.id, 'sign');
    expect([badAction.status, badAction.body.code]).toEqual([400, 'request.invalid']);
    const listByPlayer = await t.get('/wps/agent/contracts/offered', { headers: player.auth });
    expect([listByPlayer.status, listByPlayer.body.code]).toEqual([403, 'auth.not_agent']);
    expect(await contractState()).toBe(before);
  });

  it('accepts once through the reference call; accepting twice is refused and changes nothing', async () => {
    const res = await daily(agent, offered.id, 'ACCEPT');
    expect(res.status).toBe(200);
    expect(res.body.value.contract.state).toBe('active');
    const before = await contractState();
    const again = await daily(agent, offered.id, 'accept');
    expect([again.status, again.body.code]).toEqual([409, 'contract.already_decided']);
    const reject = await daily(agent, offered.id, 'reject');
    expect([reject.status, reject.body.code]).toEqual([409, 'contract.already_decided']);
    expect(await contractState()).toBe(before);

    const consolidated = await t.get<Record<string, unknown>>(CONSOLIDATED, { headers: agent.auth });
    expect(consolidated.body.value).toMatchObject({ dailysalreqtype: false, offers: [] });
    expect((consolidated.body.value.contractmrdailysalinfotype as ContractView).id).toBe(offered.id);
    const mine = await t.get<{ list: ContractView[] }>('/wps/agent/contracts/mine', { headers: agent.auth });
    expect(mine.body.value.list.map((c) => [c.id, c.state])).toEqual([[offered.id, 'active']]);
    const listed = await t.get<{ list: ContractView[] }>('/wps/agent/contracts/offered', { headers: top.auth });
    expect(listed.body.value.list.map((c) => c.id)).toEqual([offered.id]);
    const history = await t.db
      .selectFrom('agent_contract_history')
      .select(['action', 'actor_member_id'])
      .where('contract_id', '=', BigInt(offered.id))
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { action: 'offered', actor_member_id: top.id },
      { action: 'accepted', actor_member_id: agent.id },
    ]);
  });

  it('lets a member reject an offer; a newer offer replaces a pending one', async () => {
    await liveContract(t, merchantId, {
      memberId: top.id,
      kind: 'realtime_salary',
      terms: { profitRateBp: 50, lossRateBp: 100 },
    });
    const first = await offer(top, {
      username: agent.username,
      kind: 'realtime_salary',
      terms: { profitRate: '0.3', lossRate: '0.5' },
    });
    expect(first.status).toBe(200);
    const above = await offer(top, {
      username: agent.username,
      kind: 'realtime_salary',
      terms: { profitRate: '0.6', lossRate: '0.5' },
    });
    expect([above.status, above.body.code]).toEqual([400, 'contract.rate_above_upline']);
    const second = await offer(top, {
      username: agent.username,
      kind: 'realtime_salary',
      terms: { profitRate: '0.2', lossRate: '1' },
    });
    expect(second.status).toBe(200);
    const firstRow = await t.db
      .selectFrom('agent_contracts')
      .select('state')
      .where('id', '=', BigInt(first.body.value.contract.id))
      .executeTakeFirstOrThrow();
    expect(firstRow.state).toBe('superseded');
    const stale = await t.request(
      'POST',
      REALTIME,
      { contractId: first.body.value.contract.id, action: 'accept' },
      { headers: agent.auth },
    );
    expect([stale.status, stale.body.code]).toEqual([409, 'contract.already_decided']);
    const rejected = await t.request<Decision>(
      'POST',
      REALTIME,
      { contractId: second.body.value.contract.id, action: 'reject' },
      { headers: agent.auth },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.value.contract.state).toBe('rejected');
  });

  it('terminates the downline contracts above the rate an agent agrees to, and tells their members', async () => {
    // agent → player at 0.8 %, accepted.
    const toPlayer = await offer(agent, {
      username: player.username,
      kind: 'daily_salary',
      terms: dailyTerms([0, '0', '0.8']),
    });
    expect(toPlayer.status).toBe(200);
    expect((await daily(player, toPlayer.body.value.contract.id, 'accept')).status).toBe(200);
    // The top agent now offers the agent 0.5 %; agreeing ends the player's 0.8 % contract.
    const lower = await offer(top, {
      username: agent.username,
      kind: 'daily_salary',
      terms: dailyTerms([0, '0', '0.5']),
    });
    expect(lower.status).toBe(200);
    const accepted = await daily(agent, lower.body.value.contract.id, 'accept');
    expect(accepted.body.value.contract.state).toBe('active');
    const states = await t.db
      .selectFrom('agent_contracts')
      .select(['id', 'state'])
      .where('id', 'in', [BigInt(offered.id), BigInt(toPlayer.body.value.contract.id)])
      .orderBy('id')
      .execute();
    expect(states.map((s) => s.state)).toEqual(['superseded', 'terminated']);
    expect(await inboxKinds(t, player.id)).toContain('contract.terminated');
    const note = await t.db
      .selectFrom('agent_contract_history')
      .select(['action', 'actor'])
      .where('contract_id', '=', BigInt(toPlayer.body.value.contract.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note).toEqual({ action: 'terminated_rate_rule', actor: 'system' });
    offered = accepted.body.value.contract;
  });

  it('ends a contract when one side asks and the other confirms', async () => {
    const asked = await daily(agent, offered.id, 'terminate');
    expect(asked.body.value.contract).toMatchObject({
      state: 'termination_requested',
      terminationRequestedBy: 'member',
    });
    expect(await inboxKinds(t, top.id)).toContain('contract.termination_requested');
    const before = await contractState();
    const selfConfirm = await daily(agent, offered.id, 'accept');
    expect([selfConfirm.status, selfConfirm.body.code]).toEqual([409, 'contract.already_decided']);
    const outsider = await decide(other, offered.id, 'accept');
    expect([outsider.status, outsider.body.code]).toEqual([404, 'contract.not_found']);
    expect(await contractState()).toBe(before);
    const refused = await decide(top, offered.id, 'reject');
    expect(refused.body.value.contract.state).toBe('active');
    const askedByUpline = await decide(top, offered.id, 'terminate');
    expect(askedByUpline.body.value.contract.terminationRequestedBy).toBe('offerer');
    const confirmed = await daily(agent, offered.id, 'accept');
    expect(confirmed.body.value.contract.state).toBe('terminated');
    expect(confirmed.body.value.contract.endedAt).not.toBeNull();
  });

  it('shows each party the history of its contracts, and nobody else (403/404, nothing changed)', async () => {
    type Entry = { contractId: string; action: string; by: unknown; state: string | null };
    type Page = { list: Entry[]; total: number };
    const history = (who: WalletMember, query: Record<string, string> = {}) =>
      t.get<Page>('/wps/agent/contracts/history', { headers: who.auth, query });
    // Both parties see the whole life of the contract that just ended, newest first.
    for (const who of [agent, top]) {
      const res = await history(who, { contractId: offered.id });
      expect(res.status).toBe(200);
      expect(res.body.value.list.map((e) => [e.action, e.by, e.state])).toEqual([
        ['terminated', { member: agent.username }, 'terminated'],
        ['termination_requested', { member: top.username }, 'termination_requested'],
        ['termination_refused', { member: top.username }, 'active'],
        ['termination_requested', { member: agent.username }, 'termination_requested'],
        ['accepted', { member: agent.username }, 'active'],
        ['offered', { member: top.username }, 'offered'],
      ]);
    }
    // The §4 rule's ending is the system's, in the player's history; pages and kinds narrow it.
    const players = await history(player);
    expect([players.status, players.body.code]).toEqual([403, 'auth.not_agent']);
    const agents = await history(agent, { kind: 'daily_salary', pageSize: '2', pageNo: '1' });
    expect(agents.body.value.list).toHaveLength(2);
    expect(agents.body.value.total).toBeGreaterThan(8);
    const all = await history(agent, { kind: 'daily_salary', pageSize: '100' });
    expect(all.body.value.list.map((e) => [e.action, e.by])).toContainEqual(['terminated_rate_rule', 'system']);
    const realtime = await history(agent, { kind: 'realtime_salary' });
    expect(new Set(realtime.body.value.list.map((e) => e.action))).toEqual(
      new Set(['offered', 'superseded', 'rejected']),
    );

    const before = await contractState();
    const otherAgent = await history(other, { contractId: offered.id });
    expect([otherAgent.status, otherAgent.body.code]).toEqual([404, 'contract.not_found']);
    expect((await history(other)).body.value.list.map((e) => e.contractId)).not.toContain(offered.id);
    for (const who of [player, otherPlayer]) {
      const res = await history(who, { contractId: offered.id });
      expect([res.status, res.body.code]).toEqual([403, 'auth.not_agent']);
    }
    const byTrial = await history(trial, { contractId: offered.id });
    expect([byTrial.status, byTrial.body.code]).toEqual([403, 'auth.trial_account']);
    const junk: Record<string, string>[] = [
      { contractId: 'abc' },
      { pageSize: '0' },
      { pageSize: '101' },
      { kind: 'weekly' },
    ];
    for (const query of junk) {
      const res = await history(agent, query);
      expect([query, res.status, res.body.code]).toEqual([query, 400, 'request.invalid']);
    }
    expect((await history(agent, { contractId: '999999999' })).body.code).toBe('contract.not_found');
    expect(await contractState()).toBe(before);
  });

  it('lets the house offer a top-level agent terms (audited); the agent accepts through the R2 name', async () => {
    const admin = await loginAsAdmin(t);
    const body = (
      username: string,
      terms: unknown = { period: 'Monthly', tiers: [{ activeMembers: 1, validBet: '0', rate: '10' }] },
    ) => ({
      username,
      kind: 'dividend',
      terms,
    });
    const before = await contractState();
    const support = await loginAsNewOperator(t, 'support');
    const refused = await t.request('POST', '/admin/agent-contracts/offer', body(other.username), { headers: support });
    expect(refused.status).toBe(403);
    for (const [username, terms, status, code] of [
      [agent.username, undefined, 404, 'contract.member_not_found'],
      [player.username, undefined, 404, 'contract.member_not_found'],
      ['nosuchagent1', undefined, 404, 'contract.member_not_found'],
      [
        other.username,
        { period: 'Yearly', tiers: [{ activeMembers: 1, validBet: '0', rate: '10' }] },
        400,
        'contract.invalid_period',
      ],
      [
        other.username,
        { period: 'Monthly', tiers: [{ activeMembers: 1, validBet: '0', rate: '1e2' }] },
        400,
        'contract.invalid_rate',
      ],
    ] as const) {
      const res = await t.request('POST', '/admin/agent-contracts/offer', body(username, terms), { headers: admin });
      expect([username, res.status, res.body.code]).toEqual([username, status, code]);
    }
    expect(await contractState()).toBe(before);
    const res = await t.request<Decision>('POST', '/admin/agent-contracts/offer', body(other.username), {
      headers: admin,
    });
    expect(res.body.value.contract).toMatchObject({ offerer: null, member: other.username, state: 'offered' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity', '=', 'agentContracts')
      .execute();
    expect(audit.map((a) => a.entity_id)).toContain(res.body.value.contract.id);
    const accepted = await t.get<Decision>('/wps/relay/MCSFE_processContractDividend', {
      headers: other.auth,
      query: { contractId: res.body.value.contract.id, action: 'accept' },
    });
    expect(accepted.body.value.contract.state).toBe('active');
    const consolidated = await t.get<Record<string, unknown>>(CONSOLIDATED, { headers: other.auth });
    expect((consolidated.body.value.divtypeinfo as ContractView).id).toBe(res.body.value.contract.id);
    // A house contract ends as soon as its member asks.
    const ended = await t.get<Decision>(DIVIDEND, {
      headers: other.auth,
      query: { contractId: res.body.value.contract.id, action: 'terminate' },
    });
    expect(ended.body.value.contract.state).toBe('terminated');
  });
});

describe('the house ends its contracts', () => {
  const TERMINATE = '/admin/agent-contracts/terminate';

  it("ends a house contract and the agent's downline contracts of that kind (audited); refuses others", async () => {
    const admin = await loginAsAdmin(t);
    // top (house daily salary and dividend) → sub (both kinds from top) → player (daily from sub); sub2 has an offer.
    const top = await createMember(t, merchantId, { type: 1 });
    const sub = await createMember(t, merchantId, { type: 1, upline: top });
    const sub2 = await createMember(t, merchantId, { type: 1, upline: top });
    const player = await createMember(t, merchantId, { upline: sub });
    const offeredByHouse = await t.request<Decision>(
      'POST',
      '/admin/agent-contracts/offer',
      { username: top.username, kind: 'daily_salary', terms: dailyTerms([0, '0', '2']) },
      { headers: admin },
    );
    const house = offeredByHouse.body.value.contract.id;
    expect((await decide(top, house, 'accept')).body.value.contract.state).toBe('active');
    const houseDividend = await liveContract(t, merchantId, {
      memberId: top.id,
      kind: 'dividend',
      terms: { period: 'Monthly', tiers: [tier(0, 0n, 1_000)] },
    });
    const subDaily = await liveContract(t, merchantId, {
      memberId: sub.id,
      offererId: top.id,
      kind: 'daily_salary',
      terms: { tiers: [tier(0, 0n, 150)] },
    });
    const subDividend = await liveContract(t, merchantId, {
      memberId: sub.id,
      offererId: top.id,
      kind: 'dividend',
      terms: { period: 'Monthly', tiers: [tier(0, 0n, 500)] },
    });
    const playerDaily = await liveContract(t, merchantId, {
      memberId: player.id,
      offererId: sub.id,
      kind: 'daily_salary',
      terms: { tiers: [tier(0, 0n, 100)] },
    });
    const pending = await offer(top, { username: sub2.username, kind: 'daily_salary', terms: dailyTerms([0, '0', 1]) });
    expect(pending.body.value.contract.state).toBe('offered');

    // Refused, nothing changed: an operator without the money permission, junk and foreign ids.
    const before = await contractState();
    const support = await loginAsNewOperator(t, 'support');
    const cases: [Record<string, string>, unknown, number, string][] = [
      [support, { contractId: house }, 403, 'auth.forbidden'],
      [admin, { contractId: 'abc' }, 400, 'request.invalid'],
      [admin, { contractId: '-1' }, 400, 'request.invalid'],
      [admin, {}, 400, 'request.invalid'],
      [admin, { contractId: '999999999999' }, 404, 'contract.not_found'],
      // An upline's contract with its downline is not the house's to end.
      [admin, { contractId: subDaily.toString() }, 404, 'contract.not_found'],
    ];
    for (const [headers, body, status, code] of cases) {
      const res = await t.request('POST', TERMINATE, body, { headers });
      expect([body, res.status, res.body.code]).toEqual([body, status, code]);
    }
    expect(await contractState()).toBe(before);

    const ended = await t.request<Decision>('POST', TERMINATE, { contractId: house }, { headers: admin });
    expect(ended.status).toBe(200);
    expect(ended.body.value.contract).toMatchObject({ id: house, state: 'terminated', offerer: null });
    expect(ended.body.value.contract.endedAt).not.toBeNull();
    const states = await t.db
      .selectFrom('agent_contracts')
      .select(['id', 'state'])
      .where('id', 'in', [
        BigInt(house),
        houseDividend,
        subDaily,
        subDividend,
        playerDaily,
        BigInt(pending.body.value.contract.id),
      ])
      .orderBy('id')
      .execute();
    // The daily salary contracts below it end with it, down the tree; the dividend ones stay.
    expect(Object.fromEntries(states.map((s) => [s.id.toString(), s.state]))).toEqual({
      [house]: 'terminated',
      [houseDividend.toString()]: 'active',
      [subDaily.toString()]: 'terminated',
      [subDividend.toString()]: 'active',
      [playerDaily.toString()]: 'terminated',
      [pending.body.value.contract.id]: 'terminated',
    });
    for (const member of [top, sub, sub2, player]) {
      expect(await inboxKinds(t, member.id)).toContain('contract.terminated');
    }
    const history = await t.db
      .selectFrom('agent_contract_history')
      .select(['contract_id', 'action', 'actor', 'actor_operator_id'])
      .where('contract_id', 'in', [BigInt(house), subDaily, playerDaily])
      .where('action', 'like', 'terminated%')
      .orderBy('id')
      .execute();
    expect(history.map((h) => [h.contract_id.toString(), h.action, h.actor])).toEqual([
      [house, 'terminated', 'operator'],
      [subDaily.toString(), 'terminated_rate_rule', 'system'],
      [playerDaily.toString(), 'terminated_rate_rule', 'system'],
    ]);
    expect(history[0]!.actor_operator_id).not.toBeNull();
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity', '=', 'agentContracts')
      .where('entity_id', '=', house)
      .where('action', '=', 'terminate')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ before: { state: 'active' }, after: { state: 'terminated' } });

    // Ended is ended: again is refused, and the agent has no daily salary of its own to offer.
    const again = await t.request('POST', TERMINATE, { contractId: house }, { headers: admin });
    expect([again.status, again.body.code]).toEqual([409, 'contract.already_decided']);
    const noCap = await offer(top, { username: sub.username, kind: 'daily_salary', terms: dailyTerms([0, '0', 1]) });
    expect(noCap.body.code).toBe('contract.upline_has_no_contract');
  });

  it('withdraws a pending house offer and leaves the live contract of the kind as it is', async () => {
    const admin = await loginAsAdmin(t);
    const top = await createMember(t, merchantId, { type: 1 });
    const sub = await createMember(t, merchantId, { type: 1, upline: top });
    const live = await liveContract(t, merchantId, {
      memberId: top.id,
      kind: 'daily_salary',
      terms: { tiers: [tier(0, 0n, 200)] },
    });
    const subDaily = await liveContract(t, merchantId, {
      memberId: sub.id,
      offererId: top.id,
      kind: 'daily_salary',
      terms: { tiers: [tier(0, 0n, 150)] },
    });
    const offered = await t.request<Decision>(
      'POST',
      '/admin/agent-contracts/offer',
      { username: top.username, kind: 'daily_salary', terms: dailyTerms([0, '0', '3']) },
      { headers: admin },
    );
    const res = await t.request<Decision>(
      'POST',
      TERMINATE,
      { contractId: offered.body.value.contract.id },
      { headers: admin },
    );
    expect(res.body.value.contract.state).toBe('terminated');
    const rows = await t.db
      .selectFrom('agent_contracts')
      .select(['id', 'state'])
      .where('id', 'in', [live, subDaily])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.state)).toEqual(['active', 'active']);
  });
});
