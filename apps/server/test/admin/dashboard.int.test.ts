import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Dashboard } from '@khela/contracts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { channelId, newPlayer, requestId } from '../cashier/helpers.ts';

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
});
afterAll(() => t.close());

const read = async (days = 7) => {
  const res = await t.get<Dashboard>('/admin/dashboard', { headers: admin, query: { days } });
  expect(res.status).toBe(200);
  return res.body.value;
};
const minor = (amount: string) => BigInt(amount.replace('.', ''));

describe('GET /admin/dashboard (issue 16 item 2)', () => {
  it("adds a new member, an approved deposit and a day's bets to today's and the month's figures", async () => {
    const before = await read();
    expect(before.days).toHaveLength(7);
    expect(before.days.at(-1)!.day).toBe(before.today);
    // One merchant per operator: the dashboard names it.
    const merchant = await t.db
      .selectFrom('merchants')
      .select(['code', 'name'])
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow();
    expect(before.merchant).toEqual({ id: merchantId, ...merchant });

    const player = await newPlayer(t, merchantId);
    const deposit = await t.request<{ id: number }>(
      'POST',
      '/wps/cashier/deposits',
      {
        requestId: requestId('dash'),
        channelId: await channelId(t, merchantId, 'bank'),
        amount: '100.00',
        referenceNumber: 'DASH0001',
      },
      { headers: player.headers },
    );
    expect(deposit.status).toBe(200);
    const waiting = await read();
    expect(waiting.pending.deposits).toBe(before.pending.deposits + 1);
    expect(waiting.todayFigures.newMembers).toBe(before.todayFigures.newMembers + 1);

    const approved = await t.request('POST', `/admin/deposits/${deposit.body.value.id}/approve`, undefined, {
      headers: admin,
    });
    expect(approved.status).toBe(200);
    // A slot round of 50.00 staked and 30.00 paid back, through the same trigger function the bets use.
    await sql`SELECT agent_stats_add_bet(${merchantId}, ${player.row.id}, 'SLOT', now(), 2, 5000, 3000)`.execute(t.db);

    const after = await read();
    expect(after.pending.deposits).toBe(before.pending.deposits);
    for (const span of ['todayFigures', 'monthFigures'] as const) {
      const [was, is] = [before[span], after[span]];
      expect(minor(is.deposits) - minor(was.deposits)).toBe(10_000n);
      expect(is.depositCount - was.depositCount).toBe(1);
      expect(minor(is.bets) - minor(was.bets)).toBe(5_000n);
      expect(minor(is.wins) - minor(was.wins)).toBe(3_000n);
      expect(minor(is.ggr) - minor(was.ggr)).toBe(2_000n);
      expect(is.betCount - was.betCount).toBe(2);
      expect(is.activeMembers - was.activeMembers).toBe(1);
      expect(is.newMembers - was.newMembers).toBe(1);
    }
    expect(after.days.at(-1)).toEqual({ day: after.today, ...after.todayFigures });
    // The product type's own figures, today and this month.
    const slot = (d: Dashboard) => d.products.find((p) => p.productType === 'SLOT');
    for (const span of ['today', 'month'] as const) {
      expect(minor(slot(after)![span].ggr) - minor(slot(before)?.[span].ggr ?? '0.00')).toBe(2_000n);
    }
    expect(after.products.some((p) => p.productType === 'CASH')).toBe(false);
  });

  it('puts an earlier day in its own entry of the chart, outside today', async () => {
    const player = await newPlayer(t, merchantId);
    const before = await read();
    await sql`SELECT agent_stats_add_bet(${merchantId}, ${player.row.id}, 'LIVE', now() - interval '3 days', 1, 20000, 0)`.execute(
      t.db,
    );
    const after = await read();
    const at = after.days.length - 4;
    expect(minor(after.days[at]!.ggr) - minor(before.days[at]!.ggr)).toBe(20_000n);
    expect(after.days[at]!.activeMembers - before.days[at]!.activeMembers).toBe(1);
    expect(after.todayFigures).toEqual(before.todayFigures);
  });

  it('is refused to an operator whose role lacks the dashboard, and /admin/me says so', async () => {
    const content = await loginAsNewOperator(t, 'content');
    const refused = await t.get('/admin/dashboard', { headers: content });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('auth.forbidden');
    const me = await t.get<{ permissions: string[] }>('/admin/me', { headers: content });
    expect(me.body.value.permissions).not.toContain('dashboard');
    expect(me.body.value.permissions).toContain('banners');
    const superadmin = await t.get<{ permissions: string[] }>('/admin/me', { headers: admin });
    expect(superadmin.body.value.permissions).toEqual(expect.arrayContaining(['dashboard', 'cashier']));
  });

  it('refuses a window outside 1 to 92 days', async () => {
    for (const days of [0, 93, 'x']) {
      const res = await t.get('/admin/dashboard', { headers: admin, query: { days } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('request.invalid');
    }
  });
});
