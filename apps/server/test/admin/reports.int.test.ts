import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AgentReportRow, CashierReportRow, GgrReportRow, MemberReportRow } from '@khela/contracts';
import type { MemberType } from '../../src/db/schema.ts';
import { memberRepository } from '../../src/modules/members/repository.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { DEMO_VENDOR } from '../../src/seed/vendors.ts';

interface ReportPage<T> {
  list: T[];
  total: number;
  currency: string;
  from: string;
  to: string;
  productTypes?: string[];
  vendors?: { code: string; name: string }[];
}

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;
// A past month no other test writes to; figures are still compared before and after.
const WINDOW = { from: '2019-03-01', to: '2019-03-31' };
const ROLLED_DAY = '2019-03-04';
const LIVE_DAY = '2019-03-05';

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
});
afterAll(() => t.close());

async function report<T>(name: string, query: Record<string, string | number>) {
  const res = await t.get<ReportPage<T>>(`/admin/reports/${name}`, { headers: admin, query: { ...WINDOW, ...query } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value;
}
async function newMember(type: MemberType, uplineId: number | null) {
  return memberRepository(t.db).insertUnder(
    t.db,
    { merchant_id: merchantId, username: `r${randomBytes(5).toString('hex')}`, password_hash: 'x', type },
    uplineId,
  );
}
const at = (day: string) => `${day}T12:00:00+06:00`;

describe('/admin/reports (issue 16 item 9)', () => {
  it('reads GGR, members, agents and cashier figures from the summary tables, paged and sorted', async () => {
    const ggrBefore = await report<GgrReportRow>('ggr', { period: 'month', productType: 'RNG', pageSize: 100 });
    const cashBefore = await report<CashierReportRow>('cashier', { period: 'month' });

    const agent = await newMember(1, null);
    const player = await newMember(0, agent.id);
    // Through the triggers' own functions: 50.00 staked, 30.00 paid back on the live day; a deposit of 100.00.
    await sql`SELECT agent_stats_add_bet(${merchantId}, ${player.id}, 'RNG', ${at(LIVE_DAY)}::timestamptz, 2, 5000, 3000)`.execute(
      t.db,
    );
    await sql`SELECT agent_stats_add_cash(${merchantId}, ${player.id}, ${at(LIVE_DAY)}::timestamptz, 10000, 1, 2500, 1)`.execute(
      t.db,
    );
    // A closed, rolled-up day is read from the agent's roll-up row, not from the live rows.
    await sql`
      INSERT INTO agent_rollup_days (merchant_id, day, dirty, rolled_at) VALUES (${merchantId}, ${ROLLED_DAY}, false, now())
      ON CONFLICT (merchant_id, day) DO UPDATE SET dirty = false`.execute(t.db);
    await sql`
      INSERT INTO agent_daily_rollup (merchant_id, agent_id, day, product_type, bet_count, valid_bet, payout, profit_loss,
                                      deposits, deposit_count, withdrawals, withdrawal_count, member_rows)
      VALUES (${merchantId}, ${agent.id}, ${ROLLED_DAY}, 'RNG', 1, 1000, 0, -1000, 0, 0, 0, 0, 1)`.execute(t.db);

    const ggr = await report<GgrReportRow>('ggr', { period: 'month', productType: 'RNG', pageSize: 100 });
    expect(ggr.productTypes).toContain('RNG');
    const month = (page: ReportPage<GgrReportRow>) => page.list.find((row) => row.period === '2019-03');
    const minor = (amount: string | undefined) => BigInt((amount ?? '0').replace('.', ''));
    expect(minor(month(ggr)?.ggr) - minor(month(ggrBefore)?.ggr)).toBe(2000n);
    expect(ggr.list.every((row) => row.productType === 'RNG')).toBe(true);

    const daily = await report<GgrReportRow>('ggr', { sort: 'ggr', order: 'desc', pageSize: 100 });
    expect(daily.list.find((row) => row.period === LIVE_DAY && row.productType === 'RNG')).toBeTruthy();
    const ggrs = daily.list.map((row) => minor(row.ggr));
    expect(ggrs).toEqual([...ggrs].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));

    const members = await report<MemberReportRow>('members', { username: player.username.toUpperCase() });
    expect(members.total).toBe(1);
    expect(members.list[0]).toMatchObject({
      memberId: player.id,
      betCount: 2,
      bets: '50.00',
      wins: '30.00',
      ggr: '20.00',
      deposits: '100.00',
      withdrawals: '25.00',
    });

    // The team: the live day from the tree (the player), the rolled day from the roll-up (10.00 staked).
    const agents = await report<AgentReportRow>('agents', { username: agent.username });
    expect(agents.list).toEqual([
      expect.objectContaining({ agentId: agent.id, betCount: 3, bets: '60.00', ggr: '30.00', deposits: '100.00' }),
    ]);

    const cash = await report<CashierReportRow>('cashier', { period: 'month' });
    const cashMonth = (page: ReportPage<CashierReportRow>) => page.list.find((row) => row.period === '2019-03');
    expect(minor(cashMonth(cash)?.net) - minor(cashMonth(cashBefore)?.net)).toBe(7500n);
    expect(cash.currency).toBeTruthy();

    const paged = await report<MemberReportRow>('members', { pageSize: 1, pageNo: 1, sort: 'username', order: 'asc' });
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(1);
  });

  it('reads GGR by vendor from the vendor summary the seamless rows fill, filtered by vendor', async () => {
    const query = { period: 'month', groupBy: 'vendor', pageSize: 100 };
    const vendorMonth = (page: ReportPage<GgrReportRow>) =>
      page.list.filter((row) => row.period === '2019-03' && row.vendor === DEMO_VENDOR.code);
    const sum = (rows: GgrReportRow[]) => rows.reduce((total, row) => total + BigInt(row.ggr.replace('.', '')), 0n);
    const before = await report<GgrReportRow>('ggr', query);

    const vendor = await t.db
      .selectFrom('vendors')
      .select(['id', 'name'])
      .where('code', '=', DEMO_VENDOR.code)
      .executeTakeFirstOrThrow();
    const player = await newMember(0, null);
    const round = `v${randomBytes(5).toString('hex')}`;
    // 40.00 staked, 15.00 paid back; a second bet of 5.00 rolled back: 25.00 GGR for the vendor.
    for (const [kind, txId, amount, reference] of [
      ['bet', `${round}-1`, 4000n, null],
      ['win', `${round}-w`, 1500n, `${round}-1`],
      ['bet', `${round}-2`, 500n, null],
      ['rollback', `${round}-r`, 500n, `${round}-2`],
    ] as const) {
      await t.db
        .insertInto('seamless_transactions')
        .values({
          merchant_id: merchantId,
          vendor_id: vendor.id,
          vendor_tx_id: txId,
          kind,
          member_id: player.id,
          round_id: round,
          amount,
          reference_tx_id: reference,
          fingerprint: createHash('sha256').update(txId).digest(),
          response: '{}',
          created_at: new Date(at(LIVE_DAY)),
        })
        .execute();
    }

    const after = await report<GgrReportRow>('ggr', query);
    expect(sum(vendorMonth(after)) - sum(vendorMonth(before))).toBe(2500n);
    expect(after.vendors).toContainEqual({ code: DEMO_VENDOR.code, name: vendor.name });
    const counted = vendorMonth(after).reduce((total, row) => total + row.betCount, 0);
    expect(counted - vendorMonth(before).reduce((total, row) => total + row.betCount, 0)).toBe(1);

    const only = await report<GgrReportRow>('ggr', { period: 'day', vendor: DEMO_VENDOR.code, pageSize: 100 });
    expect(only.list.length).toBeGreaterThan(0);
    expect(only.list.every((row) => row.vendor === DEMO_VENDOR.code && row.vendorName === vendor.name)).toBe(true);
    expect(only.list.find((row) => row.period === LIVE_DAY)).toBeTruthy();

    const badVendor = await t.get('/admin/reports/ggr', { headers: admin, query: { vendor: 'no such!' } });
    expect(badVendor.status).toBe(400);
  });

  it('refuses a bad window with a field error, and an operator without the permission', async () => {
    const reversed = await t.get('/admin/reports/ggr', {
      headers: admin,
      query: { from: '2019-03-10', to: '2019-03-01' },
    });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('query.from');
    const tooLong = await t.get('/admin/reports/members', {
      headers: admin,
      query: { from: '2018-01-01', to: '2019-03-01' },
    });
    expect(tooLong.status).toBe(400);
    const noDay = await t.get('/admin/reports/cashier', { headers: admin, query: { from: '2019-02-30' } });
    expect(noDay.status).toBe(400);

    const content = await loginAsNewOperator(t, 'content');
    for (const name of ['ggr', 'members', 'agents', 'cashier']) {
      const refused = await t.get(`/admin/reports/${name}`, { headers: content });
      expect(refused.status).toBe(403);
    }
    const me = await t.get<{ permissions: string[] }>('/admin/me', { headers: admin });
    expect(me.body.value.permissions).toContain('reports');
  });
});
