import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RebateRecord, RebateSetting, RebateSummary } from '@khela/contracts';
import { startJobWorker } from '../../src/modules/jobs/worker.ts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { addDays } from '../../src/modules/ledger/house-payout.ts';
import { rebateOf, rebates as createRebates, REBATE_KIND, type Rebates } from '../../src/modules/rebates/rebates.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, CURRENCY } from '../ledger/helpers.ts';
import { demoMerchantId, setSwitch } from '../support/helpers.ts';
import { createMember, mainOf, type WalletMember } from '../wallet/helpers.ts';
import { dailyStats, inboxKinds } from '../agents/contract-helpers.ts';

const SETTINGS = '/admin/rebate-settings';
const SETTING = '/wps/relay/MCSFE_getCustomerRebateSettingByProductType';
const SUMMARY = '/wps/member/rebate/summary';
const RECORDS = '/wps/member/rebate/records';
const CLAIM = '/wps/member/rebate/claim';

interface SettingsView {
  enabled: boolean;
  rates: {
    productType: string;
    rate: string;
    dailyCap: string | null;
    mode: string;
    vipRates?: { level: number; rate: string }[];
  }[];
  startsOn: string | null;
  paidThrough: string | null;
}

/** RNG 0.8 % capped at 5.00 and LIVE 0.5 % paid by the job; SPORTS 1 % capped at 3.00 claimed by hand. */
const ON = {
  enabled: true,
  rates: [
    { productType: 'RNG', rate: '0.8', dailyCap: '5', mode: 'auto' },
    { productType: 'LIVE', rate: 0.5, dailyCap: null, mode: 'auto' },
    { productType: 'SPORTS', rate: '1', dailyCap: '3.00', mode: 'manual' },
  ],
};

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let service: Rebates;
let admin: AuthHeaders;
let a: WalletMember;
let b: WalletMember;
let trial: WalletMember;
let today: string;
let d1: string;
let d2: string;
let d3: string;

/** A moment 2 minutes into `day` in Dhaka (+06:00): every day before it has closed. */
const into = (day: string) => new Date(`${day}T00:02:00+06:00`);
const balanceOf = async (member: WalletMember) =>
  (await ledger.balanceOf(merchantId, CURRENCY, mainOf(member))).toString();

async function rebateRows(memberId: number) {
  const rows = await t.db
    .selectFrom('rebates')
    .select([sql<string>`day::text`.as('day'), 'product_type', 'mode', 'basis', 'amount', 'ledger_transaction_id'])
    .where('member_id', '=', memberId)
    .orderBy('day')
    .orderBy('product_type')
    .execute();
  expect(rows.every((row) => row.ledger_transaction_id !== null)).toBe(true);
  return rows.map((r) => [r.day, r.product_type, r.mode, r.basis.toString(), r.amount.toString()]);
}

const rebateTransactions = async () =>
  (
    await t.db
      .selectFrom('ledger_transactions')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('kind', '=', REBATE_KIND)
      .executeTakeFirstOrThrow()
  ).n;

const turnoverOf = async (memberId: number) =>
  (
    await t.db
      .selectFrom('turnover_requirements')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow()
  ).n;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  service = createRebates({ db: t.db, ledger });
  await t.db
    .updateTable('merchants')
    .set({ time_zone: 'Asia/Dhaka' } as never)
    .where('id', '=', merchantId)
    .execute();
  await setSwitch(t, merchantId, 'PLYRBT', true);
  admin = await loginAsAdmin(t);
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
  [d1, d2, d3] = [addDays(today, 1), addDays(today, 2), addDays(today, 3)];
  a = await createMember(t, merchantId);
  b = await createMember(t, merchantId);
  trial = await createMember(t, merchantId, { type: 4 });
});
afterAll(() => t.close());

describe('the demo', () => {
  it('has rebates on: slots and live casino by the job from today, in-house claimed by hand', async () => {
    const settings = await t.get<SettingsView>(SETTINGS, { headers: admin });
    expect(settings.body.value).toMatchObject({
      enabled: true,
      rates: [
        { productType: 'LIVE', mode: 'auto' },
        { productType: 'RNG', mode: 'auto' },
        { productType: 'INHOUSE', rate: '1.00', mode: 'manual' },
      ],
      startsOn: addDays(today, -14),
      paidThrough: addDays(today, -1),
    });
    expect(await service.runPass(new Date())).toMatchObject({ days: 0 });
    // The tests below start from the default (no settings: off) and MANPLAYREB3 off.
    await t.db.deleteFrom('rebate_rates').execute();
    await t.db.deleteFrom('rebate_settings').execute();
    await setSwitch(t, merchantId, 'MANPLAYREB3', false);
  });
});

describe('rebate settings', () => {
  it('computes a rebate in basis points, floored, with the cap', () => {
    expect(rebateOf(100_000n, 80, 500n)).toBe(500n);
    expect(rebateOf(33_333n, 50, null)).toBe(166n);
    expect(rebateOf(20_000n, 80, 500n)).toBe(160n);
    expect(rebateOf(99n, 50, null)).toBe(0n);
  });

  it('are off by default: nothing is paid and members see no rates', async () => {
    const off = await t.get<SettingsView>(SETTINGS, { headers: admin });
    expect(off.status).toBe(200);
    expect(off.body.value).toEqual({ enabled: false, rates: [], startsOn: null, paidThrough: null });
    await dailyStats(t, merchantId, a.id, today, 100_000n, 0n, 'RNG');
    expect(await service.runPass(into(d3))).toMatchObject({ days: 0, rebates: 0 });
    expect(await rebateRows(a.id)).toEqual([]);
    const setting = await t.get<RebateSetting>(SETTING, { headers: a.auth });
    expect(setting.status).toBe(200);
    expect(setting.body.value).toEqual({ hasRebate: false, manualRebate: false, vipLevel: 0, list: [] });
  });

  it('refuses bad settings with a stable code and changes nothing; only the superadmin may change them', async () => {
    const rate = (over: Record<string, unknown>) => ({ ...ON, rates: [{ ...ON.rates[0], ...over }] });
    const cases: [unknown, number, string][] = [
      [rate({ rate: '5.01' }), 400, 'rebate.invalid_rate'],
      [rate({ rate: '-1' }), 400, 'rebate.invalid_rate'],
      [rate({ rate: '0.001' }), 400, 'rebate.invalid_rate'],
      [rate({ rate: 'abc' }), 400, 'rebate.invalid_rate'],
      [rate({ dailyCap: '0' }), 400, 'rebate.invalid_amount'],
      [rate({ dailyCap: '1.001' }), 400, 'rebate.invalid_amount'],
      [rate({ dailyCap: '-3' }), 400, 'rebate.invalid_amount'],
      [{ ...ON, rates: [ON.rates[0], ON.rates[0]] }, 400, 'rebate.duplicate_product'],
      [rate({ vipRates: [{ level: 2, rate: '5.5' }] }), 400, 'rebate.invalid_rate'],
      [rate({ vipRates: [{ level: 2, rate: 'x' }] }), 400, 'rebate.invalid_rate'],
      [
        rate({
          vipRates: [
            { level: 2, rate: '1' },
            { level: 2, rate: '2' },
          ],
        }),
        400,
        'rebate.duplicate_level',
      ],
      [rate({ vipRates: [{ level: 0, rate: '1' }] }), 400, 'request.invalid'],
      [rate({ vipRates: [{ level: 1.5, rate: '1' }] }), 400, 'request.invalid'],
      [rate({ vipRates: 'gold' }), 400, 'request.invalid'],
      [rate({ rate: '0' }), 400, 'rebate.nothing_to_pay'],
      [{ enabled: true, rates: [] }, 400, 'rebate.nothing_to_pay'],
      [rate({ productType: 'CASH' }), 400, 'request.invalid'],
      [rate({ mode: 'sometimes' }), 400, 'request.invalid'],
      [{ ...ON, enabled: 'yes' }, 400, 'request.invalid'],
      [{ enabled: true }, 400, 'request.invalid'],
      [{ ...ON, rates: Array.from({ length: 11 }, () => ON.rates[0]) }, 400, 'request.invalid'],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.request('PUT', SETTINGS, body, { headers: admin });
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
      expect(res.body.message).toBeTruthy();
    }
    const bn = await t.request('PUT', SETTINGS, rate({ rate: '9' }), { headers: { ...admin, Language: 'bn' } });
    expect(bn.body.message).toMatch(/[\u0980-\u09FF]/);
    const support = await loginAsNewOperator(t, 'support');
    expect((await t.request('PUT', SETTINGS, ON, { headers: support })).status).toBe(403);
    expect((await t.get(SETTINGS, { headers: support })).status).toBe(403);
    expect((await t.get(SETTINGS)).status).toBe(401);
    expect(await t.db.selectFrom('rebate_settings').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('rebate_rates').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'rebateSettings').execute()).toEqual(
      [],
    );
  });

  it('switches on from the merchant’s today, audited, and members see the rates', async () => {
    const res = await t.request<SettingsView>('PUT', SETTINGS, ON, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      enabled: true,
      rates: [
        { productType: 'LIVE', rate: '0.50', dailyCap: null, mode: 'auto', vipRates: [] },
        { productType: 'RNG', rate: '0.80', dailyCap: '5.00', mode: 'auto', vipRates: [] },
        { productType: 'SPORTS', rate: '1.00', dailyCap: '3.00', mode: 'manual', vipRates: [] },
      ],
      startsOn: today,
      paidThrough: addDays(today, -1),
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'rebateSettings')
      .execute();
    expect(audit).toEqual([{ action: 'update', after: expect.objectContaining({ enabled: true }) }]);
    const setting = await t.get<RebateSetting>(SETTING, { headers: a.auth });
    expect(setting.body.value).toEqual({
      hasRebate: true,
      manualRebate: false,
      vipLevel: 0,
      list: res.body.value.rates.map(({ vipRates: _, ...rate }) => rate),
    });
  });
});

describe('automatic rebates', () => {
  it('pays each closed day from the house: hand-computed over two days and two product types, with the cap', async () => {
    // Today (above): A RNG 1000.00 → 8.00 capped at 5.00.
    // Day 1: A RNG 1000.00 → 5.00 (cap); A LIVE 333.33 → 1.66; the trial account's 1000.00 earns nothing.
    // Day 2 has not closed at the start of day 2. B's SPORTS is claimed by hand, never by the job.
    await dailyStats(t, merchantId, a.id, d1, 100_000n, 0n, 'RNG');
    await dailyStats(t, merchantId, a.id, d1, 33_333n, -1_000n, 'LIVE');
    await dailyStats(t, merchantId, trial.id, d1, 100_000n, 0n, 'RNG');
    await dailyStats(t, merchantId, b.id, d1, 50_000n, 0n, 'SPORTS');
    await dailyStats(t, merchantId, a.id, d2, 20_000n, 0n, 'RNG');

    const pass = await service.runPass(into(d2));
    expect(pass).toMatchObject({ days: 2 });
    expect(await rebateRows(a.id)).toEqual([
      [today, 'RNG', 'auto', '100000', '500'],
      [d1, 'LIVE', 'auto', '33333', '166'],
      [d1, 'RNG', 'auto', '100000', '500'],
    ]);
    expect(await balanceOf(a)).toBe('1166');
    expect(await turnoverOf(a.id)).toBe('1166');
    expect(await rebateRows(trial.id)).toEqual([]);
    expect(await rebateRows(b.id)).toEqual([]);
    expect(await inboxKinds(t, a.id)).toEqual(['rebate.paid', 'rebate.paid']);
    const tx = await t.db
      .selectFrom('ledger_transactions')
      .select(['kind', 'reference'])
      .where('idempotency_key', '=', `rebate:${a.id}:${d1}:LIVE`)
      .executeTakeFirstOrThrow();
    expect(tx).toMatchObject({ kind: 'rebate', reference: { day: d1, productType: 'LIVE', mode: 'auto' } });
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
  });

  it('pays nothing more on a re-run, three concurrent passes or a rewound cursor', async () => {
    const before = await rebateTransactions();
    await Promise.all([service.runPass(into(d2)), service.runPass(into(d2)), service.runPass(into(d2))]);
    await t.db
      .updateTable('rebate_settings')
      .set({ paid_through: addDays(today, -1) })
      .execute();
    expect(await service.runPass(into(d2))).toMatchObject({ days: 2, rebates: 0 });
    expect(await rebateTransactions()).toBe(before);
    expect(await balanceOf(a)).toBe('1166');
  });

  it('catches up the days missed while nothing ran', async () => {
    // Day 2: A RNG 200.00 → 1.60. Day 3: A LIVE 1000.00 → 5.00 (no cap on LIVE).
    await dailyStats(t, merchantId, a.id, d3, 100_000n, 0n, 'LIVE');
    expect(await service.runPass(into(addDays(d3, 1)))).toMatchObject({ days: 2 });
    expect((await rebateRows(a.id)).slice(3)).toEqual([
      [d2, 'RNG', 'auto', '20000', '160'],
      [d3, 'LIVE', 'auto', '100000', '500'],
    ]);
    expect(await balanceOf(a)).toBe(String(1166 + 160 + 500));
    const settings = await t.get<SettingsView>(SETTINGS, { headers: admin });
    expect(settings.body.value.paidThrough).toBe(d3);
  });

  it('shows the rebates in the member’s records, bonus details and account record', async () => {
    const records = await t.get<{ list: RebateRecord[]; total: number; totalPaid: string }>(RECORDS, {
      headers: a.auth,
      query: { pageSize: '2' },
    });
    expect(records.status).toBe(200);
    expect(records.body.value).toMatchObject({ total: 5, totalPaid: '18.26' });
    expect(records.body.value.list[0]).toMatchObject({
      day: d3,
      productType: 'LIVE',
      validBet: '1000.00',
      rate: '0.50',
      amount: '5.00',
    });
    const bonus = await t.get<{ list: { type: string; amount: string; wallet: string }[]; total: number }>(
      '/wps/member/records/bonus',
      { headers: a.auth },
    );
    expect(bonus.status).toBe(200);
    expect(bonus.body.value.total).toBe(5);
    expect(bonus.body.value.list.every((row) => row.type === 'rebate' && row.wallet === 'main')).toBe(true);
    const history = await t.get<{ list: { type: string }[] }>('/wps/member/records/transactions', {
      headers: a.auth,
      query: { type: 'rebate' },
    });
    expect(history.status).toBe(200);
    expect(history.body.value.list).toHaveLength(5);
  });
});

describe('manual rebates', () => {
  it('refuse the claim while MANPLAYREB3 is off, and every call while PLYRBT is off', async () => {
    const claim = await t.request('POST', CLAIM, undefined, { headers: b.auth });
    expect(claim).toMatchObject({ status: 403, body: { code: 'system.feature_disabled' } });
    await setSwitch(t, merchantId, 'PLYRBT', false);
    try {
      for (const path of [SETTING, SUMMARY, RECORDS]) {
        expect((await t.get(path, { headers: b.auth })).body.code).toBe('system.feature_disabled');
      }
      await setSwitch(t, merchantId, 'MANPLAYREB3', true);
      expect((await t.request('POST', CLAIM, undefined, { headers: b.auth })).body.code).toBe(
        'system.feature_disabled',
      );
    } finally {
      await setSwitch(t, merchantId, 'PLYRBT', true);
    }
  });

  it('pays what accrued on closed days once, however often and however concurrently it is claimed', async () => {
    // Earning started three days ago. B SPORTS: the day before yesterday 200.00 → 2.00; yesterday
    // 500.00 → 5.00 capped at 3.00; today has not closed. The trial account gets nothing.
    const [dby, yesterday] = [addDays(today, -2), addDays(today, -1)];
    await t.db
      .updateTable('rebate_settings')
      .set({ starts_on: addDays(today, -3) })
      .execute();
    await dailyStats(t, merchantId, b.id, dby, 20_000n, 0n, 'SPORTS');
    await dailyStats(t, merchantId, b.id, yesterday, 50_000n, 0n, 'SPORTS');
    await dailyStats(t, merchantId, b.id, today, 50_000n, 0n, 'SPORTS');
    await dailyStats(t, merchantId, trial.id, yesterday, 50_000n, 0n, 'SPORTS');

    const setting = await t.get<RebateSetting>(SETTING, { headers: b.auth });
    expect(setting.body.value.manualRebate).toBe(true);
    const summary = await t.get<RebateSummary>(SUMMARY, { headers: b.auth });
    expect(summary.body.value).toEqual({
      claimable: '5.00',
      claimableByProduct: [{ productType: 'SPORTS', amount: '5.00' }],
      totalPaid: '0.00',
    });

    const claims = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request<{ amount: string; records: number }>('POST', CLAIM, undefined, { headers: b.auth }),
      ),
    );
    const ok = claims.filter((res) => res.status === 200);
    expect(ok.map((res) => res.body.value)).toEqual([{ amount: '5.00', records: 2 }]);
    expect(claims.filter((res) => res.status === 409).every((res) => res.body.code === 'rebate.nothing_to_claim')).toBe(
      true,
    );
    expect(claims.filter((res) => res.status === 409)).toHaveLength(19);
    const again = await t.request('POST', CLAIM, undefined, { headers: b.auth });
    expect(again).toMatchObject({ status: 409, body: { code: 'rebate.nothing_to_claim' } });
    expect(again.body.message).toBeTruthy();

    expect(await rebateRows(b.id)).toEqual([
      [dby, 'SPORTS', 'manual', '20000', '200'],
      [yesterday, 'SPORTS', 'manual', '50000', '300'],
    ]);
    expect(await balanceOf(b)).toBe('500');
    expect(await turnoverOf(b.id)).toBe('500');
    const after = await t.get<RebateSummary>(SUMMARY, { headers: b.auth });
    expect(after.body.value).toMatchObject({ claimable: '0.00', totalPaid: '5.00' });
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
  });

  it('gives a trial account nothing', async () => {
    const summary = await t.get<RebateSummary>(SUMMARY, { headers: trial.auth });
    expect(summary.body.value).toMatchObject({ claimable: '0.00', totalPaid: '0.00' });
    const claim = await t.request('POST', CLAIM, undefined, { headers: trial.auth });
    expect(claim).toMatchObject({ status: 403, body: { code: 'auth.trial_account' } });
    expect(await rebateRows(trial.id)).toEqual([]);
    expect(await balanceOf(trial)).toBe('0');
  });

  it('refuses bad paging of the records', async () => {
    const queries: Record<string, string>[] = [{ pageNo: '0' }, { pageSize: '1000' }, { pageNo: 'x' }];
    for (const query of queries) {
      const res = await t.get(RECORDS, { headers: b.auth, query });
      expect({ query, status: res.status, code: res.body.code }).toEqual({
        query,
        status: 400,
        code: 'request.invalid',
      });
    }
  });
});

describe('switched off', () => {
  it('pays nothing, automatically or by hand, and runs a pass through the development endpoint', async () => {
    const off = await t.request<SettingsView>('PUT', SETTINGS, { ...ON, enabled: false }, { headers: admin });
    expect(off.status).toBe(200);
    await dailyStats(t, merchantId, a.id, addDays(d3, 1), 100_000n, 0n, 'RNG');
    await dailyStats(t, merchantId, b.id, addDays(today, -3), 50_000n, 0n, 'SPORTS');
    for (const at of [undefined, 'tomorrow', 42]) {
      const refused = await t.request('POST', '/dev/rebates', { at });
      expect(refused).toMatchObject({ status: 400, body: { success: false, code: 'request.invalid' } });
    }
    const ran = await t.request<{ days: number }>('POST', '/dev/rebates', { at: into(addDays(d3, 3)).toISOString() });
    expect(ran.status).toBe(200);
    expect(ran.body.value.days).toBe(0);
    expect((await t.get<RebateSetting>(SETTING, { headers: a.auth })).body.value).toMatchObject({
      hasRebate: false,
      list: [],
    });
    expect((await t.get<RebateSummary>(SUMMARY, { headers: b.auth })).body.value.claimable).toBe('0.00');
    expect((await t.request('POST', CLAIM, undefined, { headers: b.auth })).body.code).toBe('rebate.nothing_to_claim');
    expect(await balanceOf(a)).toBe('1826');
    expect(await balanceOf(b)).toBe('500');
  });
});

describe('the worker', () => {
  it('pays the days that closed while it was away in its pass at start (graphile-worker)', async () => {
    const c = await createMember(t, merchantId);
    const yesterday = addDays(today, -1);
    await dailyStats(t, merchantId, c.id, yesterday, 40_000n, 0n, 'RNG');
    await t.db
      .updateTable('rebate_settings')
      .set({ enabled: true, paid_through: addDays(today, -2) })
      .execute();
    const { rows } = await sql<{ db: string }>`SELECT current_database() AS db`.execute(t.db);
    const url = new URL(inject('adminDatabaseUrl'));
    url.pathname = `/${rows[0]!.db}`;
    const worker = await startJobWorker({ connectionString: url.toString(), db: t.db, log: t.app.log });
    try {
      await expect
        .poll(async () => rebateRows(c.id), { timeout: 20_000 })
        .toEqual([[yesterday, 'RNG', 'auto', '40000', '320']]);
    } finally {
      await worker.stop();
    }
  });
});
