import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutView } from '@khela/contracts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { agentSettlement } from '../../src/modules/agents/settlement/settlement.ts';
import { loginAsAdmin, loginAsNewOperator } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember } from '../wallet/helpers.ts';
import { dailyStats, liveContract, tier } from './contract-helpers.ts';

/** Issue 16 item 6: the console's payout list is filtered by agent and sorted on the server. */
let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  await t.db
    .updateTable('merchants')
    .set({ time_zone: 'Asia/Dhaka' } as never)
    .where('id', '=', merchantId)
    .execute();
});
afterAll(async () => {
  await t?.close();
});

type Row = PayoutView & { payer: string | null };

describe('GET /admin/agent-payouts (console filters)', () => {
  it('filters by agent, sorts by amount either way, and is refused without the cashier permission', async () => {
    const agents: { id: number; username: string }[] = [];
    for (const bet of [10_000n, 30_000n]) {
      const agent = await createMember(t, merchantId, { type: 1 });
      const player = await createMember(t, merchantId, { upline: agent });
      await liveContract(t, merchantId, {
        memberId: agent.id,
        kind: 'daily_salary',
        terms: { tiers: [tier(0, 0n, 100)] },
        activatedAt: new Date('2026-08-31T18:00:00Z'),
      });
      await dailyStats(t, merchantId, player.id, '2026-09-01', bet, 0n);
      await dailyStats(t, merchantId, player.id, '2026-09-02', bet * 2n, 0n);
      agents.push(agent);
    }
    await agentSettlement({ db: t.db, ledger: createLedger({ db: t.db }) }).runPass(new Date('2026-09-03T06:00:00Z'));

    const admin = await loginAsAdmin(t);
    const list = (query: Record<string, string>) =>
      t.get<{ list: Row[]; total: number }>('/admin/agent-payouts', {
        headers: admin,
        query: { from: '2026-09-01', to: '2026-09-02', ...query },
      });
    const mine = await list({ member: agents[0]!.username.toUpperCase() });
    expect(mine.body.value.total).toBe(2);
    expect(mine.body.value.list.map((p) => [p.member, p.amount])).toEqual([
      [agents[0]!.username, '2.00'],
      [agents[0]!.username, '1.00'],
    ]);
    const ours = (rows: Row[]) => rows.filter((p) => agents.some((a) => a.username === p.member)).map((p) => p.amount);
    const ascending = await list({ sort: 'amount', order: 'asc', status: 'paid', pageSize: '100' });
    expect(ours(ascending.body.value.list)).toEqual(['1.00', '2.00', '3.00', '6.00']);
    const descending = await list({ sort: 'amount', order: 'desc', status: 'paid', pageSize: '100' });
    expect(ours(descending.body.value.list)).toEqual(['6.00', '3.00', '2.00', '1.00']);

    const badSort = await list({ sort: 'password' });
    expect([badSort.status, badSort.body.code]).toEqual([400, 'request.invalid']);
    const support = await loginAsNewOperator(t, 'support');
    const refused = await t.request('GET', '/admin/agent-payouts', undefined, { headers: support });
    expect(refused.status).toBe(403);
  });
});
