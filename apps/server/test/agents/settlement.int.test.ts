import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PayoutView } from '@khela/contracts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { agentSettlement, ledgerKeyOf, type AgentSettlement } from '../../src/modules/agents/settlement/settlement.ts';
import { startJobWorker } from '../../src/modules/jobs/worker.ts';
import { createMerchantWithAdmin, loginAsAdmin, loginAsNewOperator } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, CURRENCY } from '../ledger/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { DEMO_VENDOR } from '../../src/seed/vendors.ts';
import { createMember, fund, mainOf, seamlessRound, uniqueKey, type WalletMember } from '../wallet/helpers.ts';
import { dailyStats, hourlyStats, inboxKinds, liveContract, payoutsOf, tier } from './contract-helpers.ts';

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let settlement: AgentSettlement;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  settlement = agentSettlement({ db: t.db, ledger });
  await t.db
    .updateTable('merchants')
    .set({ time_zone: 'Asia/Dhaka' } as never)
    .where('id', '=', merchantId)
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const balanceOf = async (member: WalletMember) =>
  (await ledger.balanceOf(merchantId, CURRENCY, mainOf(member))).toString();
const summary = (rows: Awaited<ReturnType<typeof payoutsOf>>) =>
  rows.map((r) => [r.period_start.toISOString(), r.status, r.amount.toString(), r.rate_bp, r.active_members]);

/** An agent with two players under it. */
async function team(upline: WalletMember | null = null) {
  const agent = await createMember(t, merchantId, { type: 1, upline });
  const p1 = await createMember(t, merchantId, { upline: agent });
  const p2 = await createMember(t, merchantId, { upline: agent });
  return { agent, p1, p2 };
}

describe('daily salary', () => {
  it('pays each local day of team sales the next day, once, from the house; catches up after a gap', async () => {
    const { agent, p1, p2 } = await team();
    // Active from 1 March 2026, 00:00 in Dhaka (28 Feb 18:00 UTC): the day that crosses UTC midnight.
    const id = await liveContract(t, merchantId, {
      memberId: agent.id,
      kind: 'daily_salary',
      terms: { tiers: [tier(0, 0n, 100), tier(2, 100_000n, 200)] },
      activatedAt: new Date('2026-02-28T18:00:00Z'),
    });
    await dailyStats(t, merchantId, p1.id, '2026-03-01', 60_000n, -1_000n);
    await dailyStats(t, merchantId, p2.id, '2026-03-01', 50_000n, 4_000n);
    await dailyStats(t, merchantId, agent.id, '2026-03-01', 0n, 0n, 'CASH');
    await dailyStats(t, merchantId, p1.id, '2026-03-02', 30_000n, 0n);
    await dailyStats(t, merchantId, p1.id, '2026-03-04', 12_345n, 0n);

    // 2 March, 23:59 in Dhaka: only 1 March is over (and its grace passed).
    let pass = await settlement.runPass(new Date('2026-03-02T17:59:00Z'));
    expect(summary(await payoutsOf(t, id))).toEqual([['2026-02-28T18:00:00.000Z', 'paid', '2200', 200, 2]]);
    expect(pass.paid).toBe(1);
    // 3 March 00:05: 2 March is paid; running again at the same instant pays nothing more.
    await settlement.runPass(new Date('2026-03-02T18:05:00Z'));
    pass = await settlement.runPass(new Date('2026-03-02T18:05:00Z'));
    expect(pass.periods).toBe(0);
    expect(await balanceOf(agent)).toBe('2500');
    // Down until 7 March: every missed day is settled in one pass (3rd nothing, 4th 1 %, 5th and 6th nothing).
    pass = await settlement.runPass(new Date('2026-03-06T18:30:00Z'));
    expect(pass).toMatchObject({ periods: 4, paid: 1, skipped: 3 });
    expect(summary(await payoutsOf(t, id))).toEqual([
      ['2026-02-28T18:00:00.000Z', 'paid', '2200', 200, 2],
      ['2026-03-01T18:00:00.000Z', 'paid', '300', 100, 1],
      ['2026-03-02T18:00:00.000Z', 'skipped', '0', 100, 0],
      ['2026-03-03T18:00:00.000Z', 'paid', '123', 100, 1],
      ['2026-03-04T18:00:00.000Z', 'skipped', '0', 100, 0],
      ['2026-03-05T18:00:00.000Z', 'skipped', '0', 100, 0],
    ]);
    expect(await balanceOf(agent)).toBe('2623');
    expect((await inboxKinds(t, agent.id)).filter((k) => k === 'contract.paid')).toHaveLength(3);
    const tx = await t.db
      .selectFrom('ledger_transactions')
      .select(['kind'])
      .where('idempotency_key', '=', ledgerKeyOf(id, new Date('2026-02-28T18:00:00Z')))
      .executeTakeFirstOrThrow();
    expect(tx.kind).toBe('agent_salary');
    // The agent's records page shows the paid days (skipped ones are not records).
    const res = await t.get<{ list: PayoutView[]; total: number }>('/wps/agent/contracts/payouts', {
      headers: agent.auth,
      query: { kind: 'daily_salary', from: '2026-02-25', to: '2026-03-10' },
    });
    expect(res.body.value.total).toBe(3);
    expect(res.body.value.list[2]).toMatchObject({
      periodStart: '2026-02-28T18:00:00.000Z',
      validBet: '1100.00',
      basis: '1100.00',
      rate: '2.00',
      amount: '22.00',
      status: 'paid',
      activeMembers: 2,
    });
    const income = await t.get<{ received: string; kinds: { kind: string; received: string }[] }>(
      '/wps/agent/contracts/income',
      { headers: agent.auth, query: { from: '2026-02-25', to: '2026-03-10' } },
    );
    expect(income.body.value.received).toBe('26.23');
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
  });

  it("reads the payouts' default window up to the merchant's today", async () => {
    const { agent } = await team();
    const zone = 'Pacific/Kiritimati'; // UTC+14: for most of the day its date is ahead of Dhaka's
    await t.db.updateTable('merchants').set({ time_zone: zone }).where('id', '=', merchantId).execute();
    try {
      const income = await t.get<{ from: string; to: string }>('/wps/agent/contracts/income', { headers: agent.auth });
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
      const from = new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10);
      expect([income.body.value.from, income.body.value.to]).toEqual([from, today]);
    } finally {
      await t.db.updateTable('merchants').set({ time_zone: 'Asia/Dhaka' }).where('id', '=', merchantId).execute();
    }
  });

  it('settles the same contract once when two instances run a pass at the same moment', async () => {
    const { agent, p1 } = await team();
    const id = await liveContract(t, merchantId, {
      memberId: agent.id,
      kind: 'daily_salary',
      terms: { tiers: [tier(0, 0n, 100)] },
      activatedAt: new Date('2026-05-31T18:00:00Z'),
    });
    for (const day of ['2026-06-01', '2026-06-02', '2026-06-03'])
      await dailyStats(t, merchantId, p1.id, day, 10_000n, 0n);
    const now = new Date('2026-06-03T18:10:00Z');
    await Promise.all([settlement.runPass(now), settlement.runPass(now), settlement.runPass(now)]);
    await settlement.runPass(now);
    expect(summary(await payoutsOf(t, id)).map((r) => r[2])).toEqual(['100', '100', '100']);
    expect(await balanceOf(agent)).toBe('300');
  });

  it('runs a pass at a given moment through the development endpoint (the e2e suite), and refuses junk', async () => {
    const { agent, p1 } = await team();
    const id = await liveContract(t, merchantId, {
      memberId: agent.id,
      kind: 'daily_salary',
      terms: { tiers: [tier(0, 0n, 100)] },
      activatedAt: new Date('2026-07-31T18:00:00Z'),
    });
    await dailyStats(t, merchantId, p1.id, '2026-08-01', 20_000n, 0n);
    for (const at of [undefined, 'tomorrow', '2026-08-01', 42]) {
      const refused = await t.request('POST', '/dev/agent-settlement', { at });
      expect(refused).toMatchObject({ status: 400, body: { success: false, code: 'request.invalid' } });
    }
    expect(await payoutsOf(t, id)).toEqual([]);
    const ran = await t.request<{ paid: number }>('POST', '/dev/agent-settlement', { at: '2026-08-01T18:10:00Z' });
    expect(ran.status).toBe(200);
    expect(ran.body.value.paid).toBeGreaterThanOrEqual(1);
    expect(summary(await payoutsOf(t, id)).map((r) => r[2])).toEqual(['200']);
  });
});

describe('ended contracts', () => {
  it('pays the full periods before the end and never the partial last one', async () => {
    const { agent, p1 } = await team();
    const id = await liveContract(t, merchantId, {
      memberId: agent.id,
      kind: 'daily_salary',
      terms: { tiers: [tier(0, 0n, 100)] },
      activatedAt: new Date('2026-10-31T18:00:00Z'),
    });
    // Ended at noon (local) on 3 November.
    await t.db
      .updateTable('agent_contracts')
      .set({ state: 'terminated', ended_at: new Date('2026-11-03T06:00:00Z') })
      .where('id', '=', id)
      .execute();
    for (const day of ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']) {
      await dailyStats(t, merchantId, p1.id, day, 10_000n, 0n);
    }
    await settlement.runPass(new Date('2026-11-05T00:00:00Z'));
    expect(summary(await payoutsOf(t, id)).map((r) => [r[0], r[1]])).toEqual([
      ['2026-10-31T18:00:00.000Z', 'paid'],
      ['2026-11-01T18:00:00.000Z', 'paid'],
    ]);
    const row = await t.db
      .selectFrom('agent_contracts')
      .select('settled_through')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.settled_through?.toISOString()).toBe('2026-11-03T06:00:00.000Z');
    expect((await settlement.runPass(new Date('2026-11-06T00:00:00Z'), id)).contracts).toBe(0);
  });
});

describe('dividend', () => {
  it('pays a 31-day month of team losses from the upline wallet, tiered by active members and valid bet', async () => {
    const upline = await createMember(t, merchantId, { type: 1 });
    await fund(ledger, merchantId, mainOf(upline), 1_000_000n);
    const { agent, p1, p2 } = await team(upline);
    const id = await liveContract(t, merchantId, {
      memberId: agent.id,
      offererId: upline.id,
      kind: 'dividend',
      terms: { period: 'Monthly', tiers: [tier(1, 0n, 1_000), tier(2, 500_000n, 2_000)] },
      activatedAt: new Date('2026-02-28T18:00:00Z'),
    });
    // March: 1st and 31st (both in the month, local), and 1 April (the next month).
    await dailyStats(t, merchantId, p1.id, '2026-03-01', 400_000n, -300_000n);
    await dailyStats(t, merchantId, p2.id, '2026-03-31', 200_000n, 50_000n);
    await dailyStats(t, merchantId, p2.id, '2026-04-01', 900_000n, -900_000n);
    // 31 March 23:00 local: the month is not over.
    expect((await settlement.runPass(new Date('2026-03-31T17:00:00Z'))).periods).toBe(0);
    await settlement.runPass(new Date('2026-03-31T18:10:00Z'));
    const rows = await payoutsOf(t, id);
    expect(summary(rows)).toEqual([['2026-02-28T18:00:00.000Z', 'paid', '50000', 2_000, 2]]);
    expect(rows[0]!.period_end.toISOString()).toBe('2026-03-31T18:00:00.000Z');
    expect([rows[0]!.valid_bet, rows[0]!.profit_loss, rows[0]!.basis]).toEqual([600_000n, -250_000n, 250_000n]);
    expect(await balanceOf(upline)).toBe('950000');
    expect(await balanceOf(agent)).toBe('50000');
  });

  it('pays weeks from Monday to Sunday in the merchant zone, from the first whole week after activation', async () => {
    const upline = await createMember(t, merchantId, { type: 1 });
    await fund(ledger, merchantId, mainOf(upline), 100_000n);
    const { agent, p1, p2 } = await team(upline);
    const id = await liveContract(t, merchantId, {
      memberId: agent.id,
      offererId: upline.id,
      kind: 'dividend',
      terms: { period: 'Weekly', tiers: [tier(1, 0n, 1_000)] },
      // Wednesday 4 March, noon in Dhaka: the first whole week starts on Monday 9 March.
      activatedAt: new Date('2026-03-04T06:00:00Z'),
    });
    await dailyStats(t, merchantId, p1.id, '2026-03-08', 300_000n, -300_000n); // Sunday before: not covered
    await dailyStats(t, merchantId, p1.id, '2026-03-09', 200_000n, -120_000n); // Monday
    await dailyStats(t, merchantId, p2.id, '2026-03-15', 100_000n, -30_000n); // Sunday
    await dailyStats(t, merchantId, p2.id, '2026-03-16', 500_000n, -500_000n); // the next week
    // Sunday 15 March, 23:59 in Dhaka: the week is not over.
    expect((await settlement.runPass(new Date('2026-03-15T17:59:00Z'))).periods).toBe(0);
    await settlement.runPass(new Date('2026-03-15T18:02:00Z'));
    const rows = await payoutsOf(t, id);
    // 10 % of the week's team loss (120,000 + 30,000), two active members.
    expect(summary(rows)).toEqual([['2026-03-08T18:00:00.000Z', 'paid', '15000', 1_000, 2]]);
    expect(rows[0]!.period_end.toISOString()).toBe('2026-03-15T18:00:00.000Z');
    expect(await balanceOf(upline)).toBe('85000');
    expect(await balanceOf(agent)).toBe('15000');
  });

  it('pays half months; a period the team won is skipped; an empty payer wallet holds the period', async () => {
    const upline = await createMember(t, merchantId, { type: 1 });
    const { agent, p1 } = await team(upline);
    const id = await liveContract(t, merchantId, {
      memberId: agent.id,
      offererId: upline.id,
      kind: 'dividend',
      terms: { period: 'Semimonthly', tiers: [tier(1, 0n, 1_000)] },
      activatedAt: new Date('2026-03-10T00:00:00Z'),
    });
    await dailyStats(t, merchantId, p1.id, '2026-03-16', 100_000n, -40_000n);
    await dailyStats(t, merchantId, p1.id, '2026-04-02', 100_000n, 30_000n);
    await settlement.runPass(new Date('2026-04-16T00:00:00Z'));
    expect(summary(await payoutsOf(t, id))).toEqual([
      ['2026-03-15T18:00:00.000Z', 'held', '4000', 1_000, 1],
      ['2026-03-31T18:00:00.000Z', 'skipped', '0', 1_000, 1],
    ]);
    expect((await payoutsOf(t, id))[0]!.held_reason).toBe('insufficient_funds');
    expect(await balanceOf(agent)).toBe('0');

    // An operator re-runs the held period once the upline has money: paid once, audited.
    await fund(ledger, merchantId, mainOf(upline), 10_000n);
    const admin = await loginAsAdmin(t);
    const rerun = (periodStart: string) =>
      t.request<{ payout: PayoutView }>(
        'POST',
        '/admin/agent-payouts/rerun',
        { contractId: id.toString(), periodStart },
        { headers: admin },
      );
    const res = await rerun('2026-03-15T18:00:00.000Z');
    expect(res.status).toBe(200);
    expect(res.body.value.payout).toMatchObject({ status: 'paid', amount: '40.00', heldReason: null });
    const again = await rerun('2026-03-15T18:00:00Z');
    expect(again.body.value.payout.transactionId).toBe(res.body.value.payout.transactionId);
    expect(await balanceOf(agent)).toBe('4000');
    expect(await balanceOf(upline)).toBe('6000');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity'])
      .where('entity', '=', 'agentPayouts')
      .execute();
    expect(audit.filter((a) => a.action === 'rerun')).toHaveLength(2);
    const notABoundary = await rerun('2026-03-20T18:00:00.000Z');
    expect([notABoundary.status, notABoundary.body.code]).toEqual([404, 'contract.payout_not_found']);
  });
});

describe('operator hold', () => {
  it('holds a period so settlement skips it, re-runs it on demand; support operators may not', async () => {
    const { agent, p1 } = await team();
    const id = await liveContract(t, merchantId, {
      memberId: agent.id,
      kind: 'daily_salary',
      terms: { tiers: [tier(0, 0n, 500)] },
      activatedAt: new Date('2026-07-31T18:00:00Z'),
    });
    await dailyStats(t, merchantId, p1.id, '2026-08-01', 10_000n, 0n);
    await dailyStats(t, merchantId, p1.id, '2026-08-02', 20_000n, 0n);
    const body = { contractId: id.toString(), periodStart: '2026-07-31T18:00:00.000Z' };
    const support = await loginAsNewOperator(t, 'support');
    const refused = await t.request('POST', '/admin/agent-payouts/hold', body, { headers: support });
    expect(refused.status).toBe(403);
    const admin = await loginAsAdmin(t);
    const held = await t.request<{ payout: PayoutView }>('POST', '/admin/agent-payouts/hold', body, { headers: admin });
    expect(held.body.value.payout).toMatchObject({ status: 'held', heldReason: 'operator' });
    await settlement.runPass(new Date('2026-08-02T18:10:00Z'));
    expect(summary(await payoutsOf(t, id))).toEqual([
      ['2026-07-31T18:00:00.000Z', 'held', '0', 0, 0],
      ['2026-08-01T18:00:00.000Z', 'paid', '1000', 500, 1],
    ]);
    const paidHold = await t.request(
      'POST',
      '/admin/agent-payouts/hold',
      { ...body, periodStart: '2026-08-01T18:00:00.000Z' },
      { headers: admin },
    );
    expect([paidHold.status, paidHold.body.code]).toEqual([409, 'contract.payout_paid']);
    const rerun = await t.request<{ payout: PayoutView }>('POST', '/admin/agent-payouts/rerun', body, {
      headers: admin,
    });
    expect(rerun.body.value.payout).toMatchObject({ status: 'paid', amount: '5.00' });
    expect(await balanceOf(agent)).toBe('1500');
    const list = await t.get<{ list: (PayoutView & { payer: string | null })[] }>('/admin/agent-payouts', {
      headers: admin,
      query: { from: '2026-07-30', to: '2026-08-05', kind: 'daily_salary' },
    });
    expect(list.body.value.list.filter((p) => p.contractId === id.toString()).map((p) => p.status)).toEqual([
      'paid',
      'paid',
    ]);
    const strangerContract = await t.request(
      'POST',
      '/admin/agent-payouts/hold',
      { contractId: '999999999', periodStart: body.periodStart },
      { headers: admin },
    );
    expect([strangerContract.status, strangerContract.body.code]).toEqual([404, 'contract.payout_not_found']);
    // Another merchant's operator neither sees nor touches this merchant's periods.
    const other = await createMerchantWithAdmin(t, 'otherb');
    const before = summary(await payoutsOf(t, id));
    for (const path of ['/admin/agent-payouts/hold', '/admin/agent-payouts/rerun']) {
      const res = await t.request('POST', path, body, { headers: other.headers });
      expect([path, res.status, res.body.code]).toEqual([path, 404, 'contract.payout_not_found']);
    }
    const otherList = await t.get<{ total: number }>('/admin/agent-payouts', {
      headers: other.headers,
      query: { from: '2026-07-30', to: '2026-08-05' },
    });
    expect(otherList.body.value.total).toBe(0);
    expect(summary(await payoutsOf(t, id))).toEqual(before);
  });
});

describe('hourly salary', () => {
  it('pays each UTC hour, across midnight in the merchant zone', async () => {
    const { agent, p1, p2 } = await team();
    const id = await liveContract(t, merchantId, {
      memberId: agent.id,
      kind: 'hourly_salary',
      terms: { tiers: [tier(0, 0n, 100), tier(2, 0n, 150)] },
      activatedAt: new Date('2026-09-01T17:00:00Z'),
    });
    // 23:00 and 00:00 in Dhaka.
    await hourlyStats(t, merchantId, p1.id, new Date('2026-09-01T17:00:00Z'), 10_000n, 0n);
    await hourlyStats(t, merchantId, p1.id, new Date('2026-09-01T18:00:00Z'), 20_000n, 0n);
    await hourlyStats(t, merchantId, p2.id, new Date('2026-09-01T18:00:00Z'), 20_000n, 0n);
    await hourlyStats(t, merchantId, p2.id, new Date('2026-09-01T19:00:00Z'), 70_000n, 0n);
    await settlement.runPass(new Date('2026-09-01T19:30:00Z'));
    expect(summary(await payoutsOf(t, id))).toEqual([
      ['2026-09-01T17:00:00.000Z', 'paid', '100', 100, 1],
      ['2026-09-01T18:00:00.000Z', 'paid', '600', 150, 2],
    ]);
  });
});

describe('real-time salary', () => {
  it('pays per settled bet every 5 minutes: the profit rate on bets the member won, the loss rate on lost ones', async () => {
    const { agent, p1, p2 } = await team();
    for (const p of [p1, p2]) await fund(ledger, merchantId, mainOf(p), 100_000n);
    const start = new Date(Date.now() - 10 * 60_000);
    const id = await liveContract(t, merchantId, {
      memberId: agent.id,
      kind: 'realtime_salary',
      terms: { profitRateBp: 100, lossRateBp: 250 },
      activatedAt: start,
    });
    // p1 wins 100 → 150 (1 % of 100); p2 loses 200 (2.5 % of 200); p2's rolled-back bet counts nothing.
    await seamlessRound(t, p1, { id: uniqueKey('r'), gameType: 'RNG', bet: 10_000n, win: 15_000n });
    await seamlessRound(t, p2, { id: uniqueKey('r'), gameType: 'RNG', bet: 20_000n, win: 0n });
    await seamlessRound(t, p2, { id: uniqueKey('r'), gameType: 'RNG', bet: 5_000n, rollback: true });
    const later = new Date(Date.now() + 7 * 60_000);
    await settlement.runPass(later);
    const rows = await payoutsOf(t, id);
    const paid = rows.filter((r) => r.status === 'paid');
    expect(paid.reduce((s, r) => s + r.amount, 0n)).toBe(600n);
    expect(paid.reduce((s, r) => s + r.basis, 0n)).toBe(30_000n);
    expect(await balanceOf(agent)).toBe('600');
    expect((await settlement.runPass(later)).periods).toBe(0);
    expect(await balanceOf(agent)).toBe('600');
  });
});

describe('the settlement worker (graphile-worker)', () => {
  it('runs a pass from the queue at start; two instances pay a period once', async () => {
    const { agent, p1 } = await team();
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(
      new Date(Date.now() - 86_400_000),
    );
    const id = await liveContract(t, merchantId, {
      memberId: agent.id,
      kind: 'daily_salary',
      terms: { tiers: [tier(0, 0n, 100)] },
      activatedAt: new Date(Date.now() - 3 * 86_400_000),
    });
    await dailyStats(t, merchantId, p1.id, yesterday, 50_000n, 0n);
    const { rows } = await sql<{ db: string }>`SELECT current_database() AS db`.execute(t.db);
    const url = new URL(inject('adminDatabaseUrl'));
    url.pathname = `/${rows[0]!.db}`;
    const log = t.app.log;
    const first = await startJobWorker({ connectionString: url.toString(), db: t.db, log });
    const second = await startJobWorker({ connectionString: url.toString(), db: t.db, log });
    try {
      await expect
        .poll(async () => (await payoutsOf(t, id)).filter((p) => p.status === 'paid').length, { timeout: 20_000 })
        .toBe(1);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    expect(await balanceOf(agent)).toBe('500');
  });
});

describe('late writes (ADR 0012)', () => {
  /** A vendor round's row as the seamless wallet writes it, at a given moment (its transaction's start). */
  async function seamlessRow(
    member: WalletMember,
    row: { kind: 'bet' | 'win' | 'rollback'; tx: string; amount: bigint; reference?: string; at: Date },
  ) {
    const vendor = await t.db
      .selectFrom('vendors')
      .select('id')
      .where('code', '=', DEMO_VENDOR.code)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('seamless_transactions')
      .values({
        merchant_id: merchantId,
        vendor_id: vendor.id,
        vendor_tx_id: row.tx,
        kind: row.kind,
        member_id: member.id,
        round_id: `${row.tx}-round`,
        amount: row.amount,
        reference_tx_id: row.reference ?? null,
        fingerprint: Buffer.alloc(32),
        response: '{}',
        created_at: row.at,
      })
      .execute();
  }

  it('counts a win or rollback that arrives after its bet period in the period it arrives, and pays it there', async () => {
    const { agent, p1, p2 } = await team();
    // Dividend per local day from 1 September 2026 (Dhaka): 10 % of the team's loss.
    const id = await liveContract(t, merchantId, {
      memberId: agent.id,
      kind: 'dividend',
      terms: { period: 'Daily', tiers: [tier(0, 0n, 1_000)] },
      activatedAt: new Date('2026-08-31T18:00:00Z'),
    });
    const bet = uniqueKey('late');
    const rolled = uniqueKey('late');
    // 1 September: two bets of 100.00 and 50.00, not settled yet (the team is 150.00 down).
    await seamlessRow(p1, { kind: 'bet', tx: bet, amount: 10_000n, at: new Date('2026-09-01T04:00:00Z') });
    await seamlessRow(p2, { kind: 'bet', tx: rolled, amount: 5_000n, at: new Date('2026-09-01T05:00:00Z') });
    await settlement.runPass(new Date('2026-09-01T18:05:00Z'));
    expect(summary(await payoutsOf(t, id))).toEqual([['2026-08-31T18:00:00.000Z', 'paid', '1500', 1_000, 2]]);
    // 2 September: p1's win of 40.00 and p2's rollback arrive, and p2 loses a new bet of 100.00.
    await seamlessRow(p1, {
      kind: 'win',
      tx: `${bet}-w`,
      amount: 4_000n,
      reference: bet,
      at: new Date('2026-09-02T03:00:00Z'),
    });
    await seamlessRow(p2, {
      kind: 'rollback',
      tx: `${rolled}-r`,
      amount: 5_000n,
      reference: rolled,
      at: new Date('2026-09-02T03:30:00Z'),
    });
    await seamlessRow(p2, {
      kind: 'bet',
      tx: uniqueKey('late'),
      amount: 10_000n,
      at: new Date('2026-09-02T04:00:00Z'),
    });
    await settlement.runPass(new Date('2026-09-02T18:05:00Z'));
    const rows = await payoutsOf(t, id);
    // 1 September stays as it was paid. 2 September counts p1's win though p1 placed no bet that day,
    // and p2's rollback: valid 100 − 50 = 50.00, profit and loss 40 − 100 + 50 = −10.00, 10 % = 1.00.
    expect(summary(rows)).toEqual([
      ['2026-08-31T18:00:00.000Z', 'paid', '1500', 1_000, 2],
      ['2026-09-01T18:00:00.000Z', 'paid', '100', 1_000, 1],
    ]);
    expect([rows[0]!.valid_bet, rows[0]!.profit_loss]).toEqual([15_000n, -15_000n]);
    expect(await balanceOf(agent)).toBe('1600');
    // The figures of the paid day did not move: a re-run finds nothing more to pay.
    const day1 = await t.db
      .selectFrom('member_daily_stats')
      .select(sql<string>`sum(profit_loss)::text`.as('pl'))
      .where('member_id', 'in', [p1.id, p2.id])
      .where(sql<boolean>`day = '2026-09-01'::date`)
      .executeTakeFirstOrThrow();
    expect(day1.pl).toBe('-15000');
  });

  it('does not settle a period while a transaction that began before its end is still open', async () => {
    const { agent, p1 } = await team();
    const quick = agentSettlement({ db: t.db, ledger, graceMs: 200 });
    // A daily salary from today's local midnight; the pass runs as if tomorrow had begun.
    const zone = 6 * 3_600_000;
    const today = Math.floor((Date.now() + zone) / 86_400_000) * 86_400_000 - zone;
    const id = await liveContract(t, merchantId, {
      memberId: agent.id,
      kind: 'daily_salary',
      terms: { tiers: [tier(0, 0n, 100)] },
      activatedAt: new Date(today),
    });
    const tomorrow = new Date(today + 86_400_000 + 3_600_000);
    const localDay = new Date(today + zone).toISOString().slice(0, 10);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    // A bet's transaction: it began today and commits only after the pass below.
    const open = t.db.transaction().execute(async (trx) => {
      await sql`
        INSERT INTO member_daily_stats (merchant_id, member_id, day, product_type, bet_count, valid_bet, payout, profit_loss)
        VALUES (${merchantId}, ${p1.id}, ${localDay}::date, 'RNG', 1, 30000, 0, -30000)`.execute(trx);
      written();
      await held;
    });
    await wrote;
    await new Promise((r) => setTimeout(r, 400));
    expect((await quick.runPass(tomorrow, id)).periods).toBe(0);
    expect(await payoutsOf(t, id)).toEqual([]);
    release();
    await open;
    expect(await quick.runPass(tomorrow, id)).toMatchObject({ periods: 1, paid: 1 });
    expect(summary(await payoutsOf(t, id))).toEqual([[new Date(today).toISOString(), 'paid', '300', 100, 1]]);
  });
});
