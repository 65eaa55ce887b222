import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PlayerRankProgress } from '@khela/contracts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { addDays } from '../../src/modules/ledger/house-payout.ts';
import { nextMonth, VIP_MONTHLY_KIND, VIP_PROMOTION_KIND, vipRanks, type VipRanks } from '../../src/modules/vip/vip.ts';
import { startJobWorker } from '../../src/modules/jobs/worker.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, CURRENCY } from '../ledger/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember, mainOf, type WalletMember } from '../wallet/helpers.ts';
import { dailyStats } from '../agents/contract-helpers.ts';

const RANKS = '/admin/vip-ranks';
const PROGRESS = '/wps/relay/MCSFE_getPlayerRankProgress';

/** A ≥ 100.00 (bonus 1.00), B ≥ 1,000.00 (10.00, monthly 5.00), C ≥ 5,000.00 (50.00, monthly 20.00). */
const LADDER = {
  ranks: [
    { nameEn: 'Alpha', nameBn: 'আলফা', monthlyTurnover: '100', promotionBonus: '1', monthlyBonus: '0' },
    { nameEn: 'Beta', nameBn: 'বেটা', monthlyTurnover: '1000.00', promotionBonus: '10', monthlyBonus: '5' },
    { nameEn: 'Gamma', nameBn: 'গামা', monthlyTurnover: 5000, promotionBonus: '50.00', monthlyBonus: '20' },
  ],
};

interface AdminView {
  ranks: { level: number; nameEn: string; monthlyTurnover: string; promotionBonus: string; monthlyBonus: string }[];
  reviewedMonth: string | null;
}

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let vip: VipRanks;
let admin: AuthHeaders;
/** Dhaka's today, the first day of its month and the months after it. */
let today: string;
let cur: string;
let m1: string;
let m2: string;
let m3: string;

const at = (month: string) => new Date(`${month}T00:02:00+06:00`);
const walletBalance = async (member: WalletMember) =>
  (await ledger.balanceOf(merchantId, CURRENCY, mainOf(member))).toString();
const bonuses = async (memberId: number) =>
  (
    await t.db
      .selectFrom('vip_bonuses')
      .select(['kind', 'level', sql<string>`month::text`.as('month'), 'amount', 'ledger_transaction_id'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute()
  ).map((b) => [b.kind, b.level, b.month, b.amount.toString(), b.ledger_transaction_id !== null]);
const history = async (memberId: number) =>
  (
    await t.db
      .selectFrom('vip_rank_history')
      .select(['level', 'reason', sql<string>`month::text`.as('month'), 'turnover'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute()
  ).map((h) => [h.level, h.reason, h.month, h.turnover.toString()]);
const vipTransactions = async (memberId: number) => {
  const row = await t.db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('t.kind', 'in', [VIP_PROMOTION_KIND, VIP_MONTHLY_KIND])
    .where('a.member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.n;
};

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  vip = vipRanks({ db: t.db, ledger });
  await t.db
    .updateTable('merchants')
    .set({ time_zone: 'Asia/Dhaka' } as never)
    .where('id', '=', merchantId)
    .execute();
  admin = await loginAsAdmin(t);
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
  cur = `${today.slice(0, 7)}-01`;
  [m1, m2, m3] = [nextMonth(cur), nextMonth(nextMonth(cur)), nextMonth(nextMonth(nextMonth(cur)))];
});
afterAll(() => t.close());

describe('ranks kept by operators', () => {
  it('the demo has five ranks; the superadmin replaces them, audited', async () => {
    const demo = await t.get<AdminView>(RANKS, { headers: admin });
    expect(demo.body.value.ranks.map((r) => r.nameEn)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond']);
    expect(demo.body.value.reviewedMonth).toBe(cur.slice(0, 7));
    const res = await t.request<AdminView>('PUT', RANKS, LADDER, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.value.ranks).toEqual([
      {
        level: 1,
        nameEn: 'Alpha',
        nameBn: 'আলফা',
        monthlyTurnover: '100.00',
        promotionBonus: '1.00',
        monthlyBonus: '0.00',
      },
      {
        level: 2,
        nameEn: 'Beta',
        nameBn: 'বেটা',
        monthlyTurnover: '1000.00',
        promotionBonus: '10.00',
        monthlyBonus: '5.00',
      },
      {
        level: 3,
        nameEn: 'Gamma',
        nameBn: 'গামা',
        monthlyTurnover: '5000.00',
        promotionBonus: '50.00',
        monthlyBonus: '20.00',
      },
    ]);
    const audit = await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'vipRanks').execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses bad ladders with a stable code and changes nothing; only the superadmin may edit', async () => {
    const [a, b, c] = LADDER.ranks;
    const cases: [unknown, string][] = [
      [{ ranks: [a, { ...b, monthlyTurnover: '100.00' }, c] }, 'vip.invalid_threshold'],
      [{ ranks: [b, a] }, 'vip.invalid_threshold'],
      [{ ranks: [{ ...a, monthlyTurnover: '0' }] }, 'vip.invalid_threshold'],
      [{ ranks: [{ ...a, promotionBonus: '-1' }] }, 'vip.invalid_amount'],
      [{ ranks: [{ ...a, monthlyBonus: '1.005' }] }, 'vip.invalid_amount'],
      [{ ranks: [{ ...a, monthlyTurnover: 'lots' }] }, 'vip.invalid_amount'],
      [{ ranks: [{ ...a, monthlyTurnover: Number.NaN }] }, 'request.invalid'],
      [{ ranks: [{ ...a, nameEn: '' }] }, 'request.invalid'],
      [{ ranks: [{ ...a, nameBn: 'x'.repeat(41) }] }, 'request.invalid'],
      [{ ranks: Array.from({ length: 21 }, (_, i) => ({ ...a, monthlyTurnover: String(i + 1) })) }, 'request.invalid'],
      [{ ranks: 'gold' }, 'request.invalid'],
      [{}, 'request.invalid'],
    ];
    for (const [body, code] of cases) {
      const res = await t.request('PUT', RANKS, body, { headers: admin });
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code });
      expect(res.body.message).toBeTruthy();
    }
    const bn = await t.request('PUT', RANKS, { ranks: [b, a] }, { headers: { ...admin, Language: 'bn' } });
    expect(bn.body.message).toMatch(/[\u0980-\u09FF]/);
    const support = await loginAsNewOperator(t, 'support');
    expect((await t.request('PUT', RANKS, LADDER, { headers: support })).status).toBe(403);
    expect((await t.get(RANKS, { headers: support })).status).toBe(403);
    expect((await t.get(RANKS)).status).toBe(401);
    const after = await t.get<AdminView>(RANKS, { headers: admin });
    expect(after.body.value.ranks.map((r) => r.nameEn)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'vipRanks').execute()).toHaveLength(1);
  });
});

describe('progress and promotion', () => {
  let x: WalletMember;
  let y: WalletMember;
  let z: WalletMember;

  it('shows hand-computed figures and promotes at the threshold, paying once', async () => {
    x = await createMember(t, merchantId);
    // This month: 300.00 at slots and 450.50 live; the cash row and last month do not count this month.
    await dailyStats(t, merchantId, x.id, today, 30_000n, 0n, 'RNG');
    await dailyStats(t, merchantId, x.id, today, 45_050n, -100n, 'LIVE');
    await dailyStats(t, merchantId, x.id, today, 99_999n, 0n, 'CASH');
    await dailyStats(t, merchantId, x.id, addDays(cur, -1), 20_000n, 0n, 'RNG');
    const res = await t.get<PlayerRankProgress>(PROGRESS, { headers: x.auth });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      hasVip: true,
      vipRankLevel: 1,
      playerRankName: 'Alpha',
      vipLabelName: 'Alpha',
      month: cur.slice(0, 7),
      monthlyTurnover: { actual: '750.50', expected: '1000.00' },
      totalTurnover: '950.50',
      nextRank: { level: 2, name: 'Beta', monthlyTurnover: '1000.00', promotionBonus: '10.00', monthlyBonus: '5.00' },
      ranks: expect.any(Array),
      bonusesPaid: '1.00',
    });
    const bn = await t.get<PlayerRankProgress>(PROGRESS, { headers: { ...x.auth, Language: 'bn' } });
    expect(bn.body.value).toMatchObject({ playerRankName: 'আলফা', nextRank: { name: 'বেটা' }, bonusesPaid: '1.00' });
    expect(await walletBalance(x)).toBe('100');
    expect(await history(x.id)).toEqual([[1, 'promotion', cur, '75050']]);

    // 249.50 more reaches Beta exactly.
    await dailyStats(t, merchantId, x.id, today, 24_950n, 0n, 'RNG');
    const up = await t.get<PlayerRankProgress>(PROGRESS, { headers: x.auth });
    expect(up.body.value).toMatchObject({
      vipRankLevel: 2,
      playerRankName: 'Beta',
      monthlyTurnover: { actual: '1000.00', expected: '5000.00' },
      bonusesPaid: '11.00',
    });
    expect(await bonuses(x.id)).toEqual([
      ['promotion', 1, cur, '100', true],
      ['promotion', 2, cur, '1000', true],
    ]);
    expect((await t.get(PROGRESS)).status).toBe(401);
    const records = await t.get<{ list: { type: string; wallet: string; amount: string; reference: string }[] }>(
      '/wps/member/records/bonus',
      { headers: x.auth },
    );
    expect(records.body.value.list.map((r) => [r.type, r.wallet, r.amount, r.reference])).toEqual([
      [VIP_PROMOTION_KIND, 'main', '10.00', `vip:promotion:${x.id}:2`],
      [VIP_PROMOTION_KIND, 'main', '1.00', `vip:promotion:${x.id}:1`],
    ]);
    // Each bonus must be wagered once before a withdrawal (the turnover requirement of its amount).
    const requirements = await t.db
      .selectFrom('turnover_requirements')
      .select(['source', 'amount'])
      .where('member_id', '=', x.id)
      .orderBy('id')
      .execute();
    expect(requirements.map((r) => [r.source, r.amount.toString()])).toEqual([
      [`vip:promotion:${x.id}:1`, '100'],
      [`vip:promotion:${x.id}:2`, '1000'],
    ]);
  });

  it('several passes at once promote and pay once, skipped ranks included', async () => {
    y = await createMember(t, merchantId);
    await dailyStats(t, merchantId, y.id, today, 600_000n, 0n, 'SPORTS');
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => t.get<PlayerRankProgress>(PROGRESS, { headers: y.auth })),
      ...Array.from({ length: 3 }, () => vip.check(y.id, new Date())),
      vip.runPass(new Date()),
    ]);
    for (const r of results.slice(0, 10)) expect((r as { status: number }).status).toBe(200);
    expect(await history(y.id)).toEqual([[3, 'promotion', cur, '600000']]);
    expect(await bonuses(y.id)).toEqual([
      ['promotion', 1, cur, '100', true],
      ['promotion', 2, cur, '1000', true],
      ['promotion', 3, cur, '5000', true],
    ]);
    expect(await walletBalance(y)).toBe('6100');
    expect(await vipTransactions(y.id)).toBe(3);
    const top = await t.get<PlayerRankProgress>(PROGRESS, { headers: y.auth });
    expect(top.body.value).toMatchObject({
      vipRankLevel: 3,
      nextRank: null,
      monthlyTurnover: { actual: '6000.00', expected: '5000.00' },
    });
  });

  it('gives trial accounts no rank and no bonus', async () => {
    z = await createMember(t, merchantId, { type: 4 });
    await dailyStats(t, merchantId, z.id, today, 1_000_000n, 0n, 'RNG');
    const res = await t.get<PlayerRankProgress>(PROGRESS, { headers: z.auth });
    expect(res.body.value).toMatchObject({
      hasVip: false,
      vipRankLevel: 0,
      playerRankName: null,
      monthlyTurnover: { actual: '0.00', expected: null },
      nextRank: null,
      bonusesPaid: '0.00',
    });
    await vip.runPass(new Date());
    expect(await history(z.id)).toEqual([]);
    expect(await bonuses(z.id)).toEqual([]);
  });

  it('reviews on the 1st, pays the monthly bonus once per month and catches up after a gap', async () => {
    // The 1st of next month: last month's turnover keeps x at Beta and y at Gamma.
    const first = await t.request<{ months: number }>('POST', '/dev/vip-ranks', { at: at(m1).toISOString() });
    expect(first.status).toBe(200);
    expect(first.body.value.months).toBe(1);
    await vip.runPass(at(m1));
    await Promise.all([vip.runPass(new Date(at(m1).getTime() + 60_000)), vip.runPass(at(m1))]);
    expect(await bonuses(y.id)).toEqual([
      ['promotion', 1, cur, '100', true],
      ['promotion', 2, cur, '1000', true],
      ['promotion', 3, cur, '5000', true],
      ['monthly', 3, m1, '2000', true],
    ]);
    expect((await bonuses(x.id)).slice(2)).toEqual([['monthly', 2, m1, '500', true]]);
    expect(await history(y.id)).toHaveLength(1);

    // w plays 1,000.00 in each of the next two months; the worker is down until the 1st after.
    const w = await createMember(t, merchantId);
    await dailyStats(t, merchantId, w.id, addDays(m1, 3), 100_000n, 0n, 'RNG');
    await dailyStats(t, merchantId, w.id, addDays(m2, 3), 100_000n, 0n, 'RNG');
    const late = await vip.runPass(at(m3));
    expect(late.months).toBe(2);
    expect(await history(w.id)).toEqual([[2, 'review', m2, '100000']]);
    expect(await bonuses(w.id)).toEqual([
      ['promotion', 1, m2, '100', true],
      ['promotion', 2, m2, '1000', true],
      ['monthly', 2, m2, '500', true],
      ['monthly', 2, m3, '500', true],
    ]);
    expect(await walletBalance(w)).toBe('2100');
    // Nothing bet in m1: x and y lose their ranks on the 1st of m2 and get no monthly bonus.
    expect(await history(y.id)).toEqual([
      [3, 'promotion', cur, '600000'],
      [0, 'review', m2, '0'],
    ]);
    expect((await bonuses(y.id)).filter((b) => b[0] === 'monthly')).toHaveLength(1);
    expect(await t.get<AdminView>(RANKS, { headers: admin }).then((r) => r.body.value.reviewedMonth)).toBe(
      m3.slice(0, 7),
    );

    // y reaches Gamma again in m3: promoted, but a rank's promotion bonus is paid only once.
    await dailyStats(t, merchantId, y.id, addDays(m3, 1), 500_000n, 0n, 'RNG');
    await vip.runPass(new Date(at(m3).getTime() + 2 * 86_400_000));
    expect((await history(y.id)).at(-1)).toEqual([3, 'promotion', m3, '500000']);
    expect(await bonuses(y.id)).toHaveLength(4);
    expect(await vip.runPass(at(m3))).toMatchObject({ months: 0, bonuses: 0 });
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
  });

  it('keeps the rank history append-only', async () => {
    await expect(sql`UPDATE vip_rank_history SET level = 5`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM vip_rank_history`.execute(t.db)).rejects.toThrow(/append-only/);
  });
});

describe('the worker', () => {
  it('runs a VIP pass at start (graphile-worker): a member who reached a rank is promoted and paid', async () => {
    const v = await createMember(t, merchantId);
    await dailyStats(t, merchantId, v.id, today, 10_000n, 0n, 'RNG');
    const { rows } = await sql<{ db: string }>`SELECT current_database() AS db`.execute(t.db);
    const url = new URL(inject('adminDatabaseUrl'));
    url.pathname = `/${rows[0]!.db}`;
    const worker = await startJobWorker({ connectionString: url.toString(), db: t.db, log: t.app.log });
    try {
      await expect.poll(() => bonuses(v.id), { timeout: 20_000 }).toEqual([['promotion', 1, cur, '100', true]]);
    } finally {
      await worker.stop();
    }
  });
});
