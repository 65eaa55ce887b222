import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRepository } from '../../src/modules/members/repository.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';

let t: TestApp;
let admin: AuthHeaders;
let merchantId: number;
let member: { id: number; username: string };
let mobile: string;
const ids = { deposits: [] as number[], withdrawals: [] as number[] };
const reference = `REF${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
  merchantId = await demoMerchantId(t);
  mobile = `017${String(Date.now()).slice(-8)}`;
  const username = `qs${randomBytes(4).toString('hex')}`;
  member = await memberRepository(t.db).insertUnder(
    t.db,
    { merchant_id: merchantId, username, password_hash: 'x', type: 0, mobile },
    null,
  );
  const channel = await t.db
    .selectFrom('payment_channels')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const payee = await t.db
    .insertInto('payee_accounts')
    .values({ merchant_id: merchantId, member_id: member.id, method: 'bkash', account_number: mobile, payee_name: 'Q' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // 5.00, 50.00 and 500.00 of each kind; the first deposit carries the member's reference.
  for (const [i, amount] of [500n, 5_000n, 50_000n].entries()) {
    const common = { merchant_id: merchantId, member_id: member.id, amount, currency: 'BDT', request_id: `qs-${i}` };
    const d = await t.db
      .insertInto('deposits')
      .values({ ...common, channel_id: channel.id, reference_number: i === 0 ? reference : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.deposits.push(Number(d.id));
    const w = await t.db
      .insertInto('withdrawals')
      .values({ ...common, payee_account_id: payee.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.withdrawals.push(Number(w.id));
  }
});
afterAll(() => t.close());

const list = (kind: 'deposits' | 'withdrawals', query: Record<string, string | number>) =>
  t.get<{ list: { id: number; memberId: number }[]; total: number }>(`/admin/${kind}`, {
    headers: admin,
    query: { pageSize: 100, ...query },
  });
const idsOf = async (kind: 'deposits' | 'withdrawals', query: Record<string, string | number>) => {
  const res = await list(kind, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value.list.map((row) => row.id).sort((a, b) => a - b);
};

describe('cashier queue search on the server (issue 16 item 3)', () => {
  it('finds requests by username prefix, member id, mobile, reference and id, within an amount range', async () => {
    for (const kind of ['deposits', 'withdrawals'] as const) {
      const all = ids[kind];
      expect(await idsOf(kind, { by: 'username', q: member.username.slice(0, 8).toUpperCase() })).toEqual(
        expect.arrayContaining(all),
      );
      expect(await idsOf(kind, { by: 'memberId', q: member.id })).toEqual(all);
      expect(await idsOf(kind, { by: 'mobile', q: mobile.slice(0, 9) })).toEqual(expect.arrayContaining(all));
      expect(await idsOf(kind, { by: 'id', q: all[1]! })).toEqual([all[1]]);
      expect(await idsOf(kind, { by: 'memberId', q: member.id, minAmount: '10', maxAmount: '500.00' })).toEqual(
        all.slice(1),
      );
      expect(await idsOf(kind, { by: 'memberId', q: member.id, maxAmount: '50' })).toEqual(all.slice(0, 2));
      expect(await idsOf(kind, { by: 'reference', q: 'qs-2', memberId: member.id })).toEqual([all[2]]);
    }
    expect(await idsOf('deposits', { by: 'reference', q: reference.toLowerCase() })).toEqual([ids.deposits[0]]);
  });

  it('pages a queue and sorts it by amount or arrival, the search still applied', async () => {
    for (const kind of ['deposits', 'withdrawals'] as const) {
      const mine = { by: 'memberId', q: member.id };
      const newest = await list(kind, { ...mine, pageSize: 2 });
      expect(newest.body.value).toMatchObject({ total: ids[kind].length, pageNo: 1, pageSize: 2 });
      expect(newest.body.value.list.map((row) => row.id)).toEqual([...ids[kind]].reverse().slice(0, 2));
      // 5.00, 50.00, 500.00: the second smallest is the second request.
      const byAmount = await list(kind, { ...mine, sort: 'amount', order: 'asc', pageSize: 1, pageNo: 2 });
      expect(byAmount.body.value.list.map((row) => row.id)).toEqual([ids[kind][1]]);
    }
    expect((await list('deposits', { sort: 'username' })).status).toBe(400);
  });

  it('refuses bad search input with a field error, and operators without the cashier permission', async () => {
    const badId = await list('deposits', { by: 'id', q: 'abc' });
    expect([badId.status, JSON.stringify(badId.body)]).toEqual([400, expect.stringContaining('query.q')]);
    const badMobile = await list('withdrawals', { by: 'mobile', q: '01-7' });
    expect(badMobile.status).toBe(400);
    const reversed = await list('deposits', { minAmount: '50', maxAmount: '5' });
    expect([reversed.status, JSON.stringify(reversed.body)]).toEqual([400, expect.stringContaining('query.minAmount')]);
    const badAmount = await list('deposits', { minAmount: '-5' });
    expect(badAmount.status).toBe(400);
    const content = await loginAsNewOperator(t, 'content');
    const refused = await t.get('/admin/withdrawals', { headers: content, query: { by: 'username', q: 'a' } });
    expect(refused.status).toBe(403);
  });
});
