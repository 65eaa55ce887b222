import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 16 Quality: the console's promotion list (and redemption queue) are paged, filtered and sorted on the server. */

const ADMIN = '/admin/promotions';
const HOUR = 3_600_000;
interface Row {
  id: number;
  title: { en: string; bn: string };
  enabled: boolean;
  category: string;
  startsAt: string;
}
interface Page {
  list: Row[];
  total: number;
  pageNo: number;
  pageSize: number;
}

let t: TestApp;
let admin: AuthHeaders;
const tag = `L${Math.random().toString(36).slice(2, 7)}`;

const input = (n: number, over: Record<string, unknown> = {}) => ({
  category: 'slots',
  title: { bn: `তালিকা ${tag} ${n}`, en: `List ${tag} ${n}` },
  body: { bn: '', en: '' },
  imageUrl: null,
  enabled: true,
  startsAt: new Date(Date.now() - n * HOUR).toISOString(),
  endsAt: null,
  trigger: 'join',
  rewardKind: 'fixed',
  rewardAmount: '5',
  rewardRate: null,
  rewardCap: null,
  minBasis: null,
  turnoverMultiple: 1,
  requiresApproval: false,
  period: 'once',
  newMemberDays: null,
  minDepositCount: null,
  maxDepositCount: null,
  minVipLevel: null,
  onePerDevice: false,
  onePerPaymentAccount: false,
  sort: 0,
  ...over,
});

const list = async (query: string, headers = admin) => t.get<Page>(`${ADMIN}?${query}`, { headers });

beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
  for (const n of [1, 2, 3]) {
    const res = await t.request('POST', ADMIN, input(n, n === 3 ? { enabled: false, category: 'sports' } : {}), {
      headers: admin,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('GET /admin/promotions', () => {
  it('pages, filters by title, state and category, and sorts by a column', async () => {
    const firstPage = await list(`q=${tag}&sort=startsAt&order=desc&pageSize=2`);
    expect(firstPage.body.value).toMatchObject({ total: 3, pageNo: 1, pageSize: 2 });
    expect(firstPage.body.value.list.map((r) => r.title.en)).toEqual([`List ${tag} 1`, `List ${tag} 2`]);
    const secondPage = await list(`q=${tag}&sort=startsAt&order=desc&pageSize=2&pageNo=2`);
    expect(secondPage.body.value.list.map((r) => r.title.en)).toEqual([`List ${tag} 3`]);
    const ascending = await list(`q=${tag}&sort=startsAt&order=asc`);
    expect(ascending.body.value.list.map((r) => r.title.en)).toEqual([3, 2, 1].map((n) => `List ${tag} ${n}`));

    // The title matches in either language; the state and category narrow it.
    const bengali = await list(`q=${encodeURIComponent(`তালিকা ${tag} 2`)}`);
    expect(bengali.body.value.list.map((r) => r.title.en)).toEqual([`List ${tag} 2`]);
    const off = await list(`q=${tag}&enabled=false`);
    expect(off.body.value.list).toEqual([expect.objectContaining({ enabled: false, category: 'sports' })]);
    const slots = await list(`q=${tag}&category=slots&enabled=true`);
    expect(slots.body.value.total).toBe(2);
    // LIKE wildcards are text, not patterns ("_" would match the space after the tag).
    expect((await list(`q=${tag}_`)).body.value.total).toBe(0);
  });

  it('pages the points redemption queue', async () => {
    const queue = await t.get<{ list: unknown[]; total: number; pageSize: number }>(
      '/admin/point-redemptions?status=pending&pageSize=1',
      { headers: admin },
    );
    expect(queue.status).toBe(200);
    expect(queue.body.value.pageSize).toBe(1);
    expect(queue.body.value.list.length).toBe(Math.min(1, queue.body.value.total));
  });

  it('refuses a bad sort with a stable code and an operator without the permission', async () => {
    const bad = await t.get(`${ADMIN}?sort=title`, { headers: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('request.invalid');
    const support = await loginAsNewOperator(t, 'support');
    expect((await t.get(ADMIN, { headers: support })).status).toBe(403);
  });
});
