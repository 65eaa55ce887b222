import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContractView } from '@khela/contracts';
import { DEMO_ADMIN, loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember, type WalletMember } from '../wallet/helpers.ts';
import { liveContract, tier } from './contract-helpers.ts';

/** Issue 16 item 6: the console's contract list (paged, filtered, sorted on the server) and a contract's history. */
let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;
let top: WalletMember;
let downline: WalletMember;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
  top = await createMember(t, merchantId, { type: 1 });
  downline = await createMember(t, merchantId, { type: 1, upline: top });
  await liveContract(t, merchantId, { memberId: top.id, kind: 'daily_salary', terms: { tiers: [tier(0, 0n, 200)] } });
  await liveContract(t, merchantId, {
    memberId: downline.id,
    offererId: top.id,
    kind: 'daily_salary',
    terms: { tiers: [tier(0, 0n, 100)] },
  });
});
afterAll(async () => {
  await t?.close();
});

type Page = { list: AdminContractView[]; total: number; pageNo: number; pageSize: number };
const list = (query: Record<string, string>, headers: AuthHeaders = admin) =>
  t.get<Page>('/admin/agent-contracts', { headers, query });

describe('GET /admin/agent-contracts', () => {
  it('filters by either party, state and kind, pages and sorts on the server, and shows a terminated offer with its history', async () => {
    const offered = await t.request<{ contract: AdminContractView }>(
      'POST',
      '/admin/agent-contracts/offer',
      {
        username: top.username,
        kind: 'dividend',
        terms: { period: 'Weekly', tiers: [{ activeMembers: 1, validBet: '0', rate: '5' }] },
      },
      { headers: admin },
    );
    expect(offered.status).toBe(200);

    const byAgent = await list({ agent: top.username.toUpperCase() });
    expect(byAgent.body.value.total).toBe(3);
    expect(byAgent.body.value.list.map((c) => [c.member, c.kind, c.state])).toEqual([
      [top.username, 'dividend', 'offered'],
      [downline.username, 'daily_salary', 'active'],
      [top.username, 'daily_salary', 'active'],
    ]);
    const house = byAgent.body.value.list[0]!;
    expect([house.offerer, house.offererId, house.memberId]).toEqual([null, null, top.id]);

    const byId = await list({ agent: String(downline.id), state: 'active', kind: 'daily_salary' });
    expect(byId.body.value.list.map((c) => [c.member, c.offerer, c.offererId])).toEqual([
      [downline.username, top.username, top.id],
    ]);

    const paged = await list({ agent: top.username, pageSize: '2', pageNo: '2' });
    expect([paged.body.value.total, paged.body.value.list.length, paged.body.value.pageNo]).toEqual([3, 1, 2]);
    const ascending = await list({ agent: top.username, sort: 'kind', order: 'asc' });
    expect(ascending.body.value.list.map((c) => c.kind)).toEqual(['daily_salary', 'daily_salary', 'dividend']);
    const byMember = await list({ agent: top.username, sort: 'member', order: 'desc' });
    expect(byMember.body.value.list.map((c) => c.member)).toEqual(
      [downline.username, top.username, top.username].sort().reverse(),
    );

    const ended = await t.request<{ contract: AdminContractView }>(
      'POST',
      '/admin/agent-contracts/terminate',
      { contractId: house.id, reason: 'terms agreed by phone were different' },
      { headers: admin },
    );
    expect([ended.status, ended.body.value?.contract.state]).toEqual([200, 'terminated']);
    const terminated = await list({ agent: top.username, state: 'terminated' });
    expect(terminated.body.value.list.map((c) => c.id)).toEqual([house.id]);

    const detail = await t.get<{
      contract: AdminContractView;
      history: { action: string; by: unknown; operator: string | null; note: string | null; state: string | null }[];
    }>(`/admin/agent-contracts/${house.id}`, { headers: admin });
    expect(detail.body.value.contract.state).toBe('terminated');
    expect(detail.body.value.history.map((h) => [h.action, h.by, h.operator, h.note, h.state])).toEqual([
      ['withdrawn', 'platform', DEMO_ADMIN.username, 'terms agreed by phone were different', 'terminated'],
      ['offered', 'platform', DEMO_ADMIN.username, null, 'offered'],
    ]);
  });

  it('refuses bad queries with a stable code, an unknown contract with 404, and an operator without the cashier permission', async () => {
    const bad: Record<string, string>[] = [
      { sort: 'password' },
      { state: 'sleeping' },
      { pageSize: '1000' },
      { kind: 'weekly_salary' },
    ];
    for (const query of bad) {
      const res = await list(query);
      expect([res.status, res.body.code]).toEqual([400, 'request.invalid']);
    }
    const missing = await t.get('/admin/agent-contracts/999999999', { headers: admin });
    expect([missing.status, missing.body.code]).toEqual([404, 'contract.not_found']);
    const support = await loginAsNewOperator(t, 'support');
    expect((await list({}, support)).status).toBe(403);
    expect((await t.get('/admin/agent-contracts/1', { headers: support })).status).toBe(403);
  });
});
