import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RebateSetting, RebateSummary } from '@khela/contracts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { addDays } from '../../src/modules/ledger/house-payout.ts';
import { rebates as createRebates, REBATE_KIND, type Rebates } from '../../src/modules/rebates/rebates.ts';
import { loginAsAdmin, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, CURRENCY } from '../ledger/helpers.ts';
import { demoMerchantId, setSwitch } from '../support/helpers.ts';
import { createMember, mainOf, type WalletMember } from '../wallet/helpers.ts';
import { dailyStats } from '../agents/contract-helpers.ts';

/**
 * Rebates by VIP level (issue 14 item 5 with item 4): a product type's rebate may carry a rate per
 * VIP level; the daily job and manual claims use the member's level at the end of each day (a
 * review ranks from the 1st of its month, a promotion from when it was taken), a level without its
 * own rate earns the product type's; the member's call shows the member's own rates.
 */
const SETTINGS = '/admin/rebate-settings';
const SETTING = '/wps/relay/MCSFE_getCustomerRebateSettingByProductType';
const SUMMARY = '/wps/member/rebate/summary';
const CLAIM = '/wps/member/rebate/claim';

/** RNG 0.8 % by the job (level 1: 1 %, level 2: 1.5 %, level 4: nothing); SPORTS 1 % by hand (level 2: 2 %). */
const VIP_ON = {
  enabled: true,
  rates: [
    {
      productType: 'RNG',
      rate: '0.8',
      dailyCap: null,
      mode: 'auto',
      vipRates: [
        { level: 2, rate: '1.5' },
        { level: 1, rate: 1 },
        { level: 4, rate: '0' },
      ],
    },
    { productType: 'SPORTS', rate: '1', dailyCap: null, mode: 'manual', vipRates: [{ level: 2, rate: '2' }] },
  ],
};

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let service: Rebates;
let admin: AuthHeaders;
let today: string;
let d1: string;
let d2: string;
const m: Record<'p' | 'q' | 'r' | 'u' | 'w' | 'none' | 'trial', WalletMember> = {} as never;

const into = (day: string) => new Date(`${day}T00:02:00+06:00`);
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

async function ranked(member: WalletMember, level: number, reason: 'promotion' | 'review', month: string, at: Date) {
  await t.db
    .insertInto('vip_rank_history')
    .values({ merchant_id: merchantId, member_id: member.id, level, reason, month, turnover: 0n, from_at: at })
    .execute();
}

async function rows(member: WalletMember) {
  const found = await t.db
    .selectFrom('rebates')
    .select([sql<string>`day::text`.as('day'), 'product_type', 'rate_bp', 'amount', 'ledger_transaction_id'])
    .where('member_id', '=', member.id)
    .orderBy('day')
    .orderBy('product_type')
    .execute();
  expect(found.every((row) => row.ledger_transaction_id !== null)).toBe(true);
  return found.map((r) => [r.day, r.product_type, r.rate_bp, r.amount.toString()]);
}

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
  await setSwitch(t, merchantId, 'MANPLAYREB3', true);
  admin = await loginAsAdmin(t);
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
  [d1, d2] = [addDays(today, 1), addDays(today, 2)];
  for (const key of ['p', 'q', 'r', 'u', 'w', 'none'] as const) m[key] = await createMember(t, merchantId);
  m.trial = await createMember(t, merchantId, { type: 4 });
  const longAgo = into(addDays(today, -5));
  await ranked(m.p, 2, 'promotion', monthOf(today), longAgo);
  // q reaches level 1 in the middle of day 2: day 1 earns the product type's rate.
  await ranked(m.q, 1, 'promotion', monthOf(d2), new Date(`${d2}T12:00:00+06:00`));
  // r's review for day 1's month is recorded late, but ranks r from the 1st of that month.
  await ranked(m.r, 2, 'review', monthOf(d1), into(addDays(d2, 1)));
  await ranked(m.u, 3, 'promotion', monthOf(today), longAgo);
  await ranked(m.w, 4, 'promotion', monthOf(today), longAgo);
  await ranked(m.trial, 2, 'promotion', monthOf(today), longAgo);
});
afterAll(() => t.close());

describe('rebate rates by VIP level', () => {
  it('are set, audited and shown to operators with each product type', async () => {
    await t.db.deleteFrom('rebate_rates').where('merchant_id', '=', merchantId).execute();
    const res = await t.request<{ rates: unknown[] }>('PUT', SETTINGS, VIP_ON, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.value.rates).toEqual([
      {
        productType: 'RNG',
        rate: '0.80',
        dailyCap: null,
        mode: 'auto',
        vipRates: [
          { level: 1, rate: '1.00' },
          { level: 2, rate: '1.50' },
          { level: 4, rate: '0.00' },
        ],
      },
      { productType: 'SPORTS', rate: '1.00', dailyCap: null, mode: 'manual', vipRates: [{ level: 2, rate: '2.00' }] },
    ]);
    expect((await t.get<{ rates: unknown[] }>(SETTINGS, { headers: admin })).body.value.rates).toEqual(
      res.body.value.rates,
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity', '=', 'rebateSettings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ rates: res.body.value.rates });
    // Replacing the rates replaces their levels too.
    const fewer = { ...VIP_ON, rates: [{ ...VIP_ON.rates[0]!, vipRates: [{ level: 2, rate: '1.5' }] }] };
    await t.request('PUT', SETTINGS, fewer, { headers: admin });
    expect(await t.db.selectFrom('rebate_vip_rates').select('level').execute()).toEqual([{ level: 2 }]);
    expect((await t.request('PUT', SETTINGS, VIP_ON, { headers: admin })).status).toBe(200);
    await t.db
      .updateTable('rebate_settings')
      .set({ starts_on: addDays(today, -3), paid_through: addDays(today, -1) })
      .where('merchant_id', '=', merchantId)
      .execute();
  });

  it('show each member its own rates at its level', async () => {
    const own = async (member: WalletMember) =>
      (await t.get<RebateSetting>(SETTING, { headers: member.auth })).body.value;
    const list = (rng: string, sports: string) => [
      { productType: 'RNG', rate: rng, dailyCap: null, mode: 'auto' },
      { productType: 'SPORTS', rate: sports, dailyCap: null, mode: 'manual' },
    ];
    expect(await own(m.p)).toEqual({ hasRebate: true, manualRebate: true, vipLevel: 2, list: list('1.50', '2.00') });
    expect(await own(m.q)).toEqual({ hasRebate: true, manualRebate: true, vipLevel: 1, list: list('1.00', '1.00') });
    expect(await own(m.u)).toEqual({ hasRebate: true, manualRebate: true, vipLevel: 3, list: list('0.80', '1.00') });
    expect(await own(m.none)).toEqual({ hasRebate: true, manualRebate: true, vipLevel: 0, list: list('0.80', '1.00') });
    expect(await own(m.w)).toEqual({
      hasRebate: true,
      manualRebate: true,
      vipLevel: 4,
      list: [{ productType: 'SPORTS', rate: '1.00', dailyCap: null, mode: 'manual' }],
    });
    // A trial account has no rank (§4): the product types' rates.
    expect(await own(m.trial)).toMatchObject({ vipLevel: 0, list: list('0.80', '1.00') });
  });

  it('pay each closed day at the member’s level at the end of that day, once', async () => {
    for (const member of Object.values(m)) {
      await dailyStats(t, merchantId, member.id, d1, 100_000n, 0n, 'RNG');
      await dailyStats(t, merchantId, member.id, d2, 100_000n, 0n, 'RNG');
    }
    expect(await service.runPass(into(addDays(d2, 1)))).toMatchObject({ days: 3 });
    const both = (first: number, second = first) => [
      [d1, 'RNG', first, String((100_000 * first) / 10_000)],
      [d2, 'RNG', second, String((100_000 * second) / 10_000)],
    ];
    expect(await rows(m.p)).toEqual(both(150));
    expect(await rows(m.q)).toEqual(both(80, 100));
    expect(await rows(m.r)).toEqual(both(150));
    expect(await rows(m.u)).toEqual(both(80));
    expect(await rows(m.none)).toEqual(both(80));
    expect(await rows(m.w)).toEqual([]);
    expect(await rows(m.trial)).toEqual([]);
    expect((await ledger.balanceOf(merchantId, CURRENCY, mainOf(m.q))).toString()).toBe('1800');

    const count = async () =>
      (
        await t.db
          .selectFrom('ledger_transactions')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('kind', '=', REBATE_KIND)
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    await t.db
      .updateTable('rebate_settings')
      .set({ paid_through: addDays(today, -1) })
      .execute();
    await Promise.all([service.runPass(into(addDays(d2, 1))), service.runPass(into(addDays(d2, 1)))]);
    expect(await count()).toBe(before);
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
  });

  it('claim by hand at the level of each day', async () => {
    // p held level 2 all along (2 %); r's review is for d1's month, after yesterday unless it is the same month.
    const yesterday = addDays(today, -1);
    await dailyStats(t, merchantId, m.p.id, yesterday, 50_000n, 0n, 'SPORTS');
    await dailyStats(t, merchantId, m.none.id, yesterday, 50_000n, 0n, 'SPORTS');
    expect((await t.get<RebateSummary>(SUMMARY, { headers: m.p.auth })).body.value.claimable).toBe('10.00');
    const claimed = await t.request<{ amount: string }>('POST', CLAIM, undefined, { headers: m.p.auth });
    expect(claimed.body.value).toEqual({ amount: '10.00', records: 1 });
    const other = await t.request<{ amount: string }>('POST', CLAIM, undefined, { headers: m.none.auth });
    expect(other.body.value).toEqual({ amount: '5.00', records: 1 });
    expect((await rows(m.p)).find((row) => row[1] === 'SPORTS')).toEqual([yesterday, 'SPORTS', 200, '1000']);
  });
});
