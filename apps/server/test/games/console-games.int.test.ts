import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGame, AdminGameTransfer } from '@khela/contracts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 16 item 5: the console's games list sorts on the server (GET /admin/games sort, order). */

interface Page {
  games: AdminGame[];
  totalCount: number;
}

let t: TestApp;
let admin: AuthHeaders;

beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
});
afterAll(() => t.close());

const list = async (query: string, headers = admin) => t.get<Page>(`/admin/games?pageSize=200&${query}`, { headers });

describe('GET /admin/games sort', () => {
  it('sorts by code both ways and keeps the same games', async () => {
    const asc = await list('sort=code&order=asc');
    const desc = await list('sort=code&order=desc');
    expect(asc.status).toBe(200);
    const codes = asc.body.value.games.map((g) => g.gameCode);
    expect(codes.length).toBeGreaterThan(2);
    expect(codes).toEqual([...codes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(desc.body.value.games.map((g) => g.gameCode)).toEqual([...codes].reverse());
    expect(desc.body.value.totalCount).toBe(asc.body.value.totalCount);
  });

  it('sorts by the lobby order by default and by the order field when asked', async () => {
    const lobby = await list('');
    const byOrder = await list('sort=sortOrder&order=desc');
    const orders = byOrder.body.value.games.map((g) => g.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => b - a));
    expect(new Set(lobby.body.value.games.map((g) => g.id))).toEqual(
      new Set(byOrder.body.value.games.map((g) => g.id)),
    );
  });

  it('refuses an unknown sort with a stable code, and an operator without the games permission', async () => {
    const bad = await list('sort=price');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: expect.any(String) });
    const support = await loginAsNewOperator(t, 'support', 'c2_support');
    expect((await list('sort=name', support)).status).toBe(403);
  });
});

describe('GET /admin/game-transfers (the reconciliation view)', () => {
  it('lists transfers by state and member, oldest or newest first, with the pending count', async () => {
    const member = await t.db
      .selectFrom('members')
      .select(['id', 'username'])
      .where('merchant_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const vendor = await t.db
      .selectFrom('vendors')
      .select(['id', 'code'])
      .where('code', '=', 'SANDBOX')
      .executeTakeFirstOrThrow();
    const stamp = Date.now();
    for (const [i, state] of (['pending', 'done', 'failed'] as const).entries()) {
      await t.db
        .insertInto('game_wallet_transfers')
        .values({
          reference: `c2-${stamp}-${i}`,
          merchant_id: 1,
          member_id: member.id,
          integration_id: vendor.id,
          direction: 'deposit',
          amount: 12_345n,
          state,
          origin: 'member',
          created_at: new Date(stamp + i * 1000),
        })
        .execute();
    }
    type Listed = { list: AdminGameTransfer[]; total: number; pending: number };
    const mine = (query: string) =>
      t.get<Listed>(`/admin/game-transfers?username=${member.username}&integrationCode=${vendor.code}&${query}`, {
        headers: admin,
      });
    const pending = await mine('state=pending&pageSize=100');
    expect(pending.status).toBe(200);
    const ours = pending.body.value.list.filter((r) => r.reference.startsWith(`c2-${stamp}`));
    expect(ours).toEqual([expect.objectContaining({ state: 'pending', amount: '123.45', username: member.username })]);
    expect(pending.body.value.pending).toBe(pending.body.value.total);
    const oldest = await mine('order=asc&pageSize=100');
    const refs = oldest.body.value.list.map((r) => r.reference).filter((r) => r.startsWith(`c2-${stamp}`));
    expect(refs).toEqual([0, 1, 2].map((i) => `c2-${stamp}-${i}`));
    expect((await mine('state=stuck')).status).toBe(400);
    const content = await loginAsNewOperator(t, 'content', 'c2_content');
    expect((await t.get('/admin/game-transfers', { headers: content })).status).toBe(403);
  });
});
