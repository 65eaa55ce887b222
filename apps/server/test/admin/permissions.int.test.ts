import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { DEMO_OWNER, DEMO_SECOND_MERCHANT } from '../../src/seed/second-merchant.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let superadmin: AuthHeaders;
let content: AuthHeaders;
let settings: AuthHeaders;
let support: AuthHeaders;

beforeAll(async () => {
  t = await startTestApp();
  superadmin = await loginAsAdmin(t);
  content = await loginAsNewOperator(t, 'content', 'content_op');
  settings = await loginAsNewOperator(t, 'settings', 'settings_op');
  support = await loginAsNewOperator(t, 'support', 'support_op');
});
afterAll(() => t.close());

const banner = {
  groupName: 'w_home',
  title: { bn: 'নতুন অফার', en: 'New offer' },
  url: 'https://cdn.example/banner.jpg',
};

async function switchEnabled(modId: string) {
  const row = await t.db
    .selectFrom('whitelabel_switches')
    .select('enabled')
    .where('merchant_id', '=', 1)
    .where('mod_id', '=', modId)
    .executeTakeFirstOrThrow();
  return row.enabled;
}

describe('role permissions', () => {
  it('stops a content operator from changing switches, and changes nothing', async () => {
    const before = await switchEnabled('PTSYS3');
    const res = await t.request('PUT', '/admin/switches/PTSYS3', { enabled: !before }, { headers: content });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'auth.forbidden' });
    expect(await switchEnabled('PTSYS3')).toBe(before);
    expect((await t.get('/admin/switches', { headers: content })).status).toBe(403);
  });

  it('checks the role before the body: a forbidden call with a bad body is still 403', async () => {
    const res = await t.request('PUT', '/admin/switches/PTSYS3', { enabled: 'maybe' }, { headers: content });
    expect(res.status).toBe(403);
  });

  it('lets a content operator edit banners, announcements, help, customer service and resources', async () => {
    const created = await t.request<{ id: number }>('POST', '/admin/banners', banner, { headers: content });
    expect(created.status).toBe(200);
    for (const path of [
      '/admin/announcements',
      '/admin/help-articles',
      '/admin/customer-service',
      '/admin/resources',
    ]) {
      expect((await t.get(path, { headers: content })).status, path).toBe(200);
    }
    for (const path of ['/admin/domains', '/admin/maintenance', '/admin/region-rules', '/admin/merchant']) {
      expect((await t.get(path, { headers: content })).status, path).toBe(403);
    }
  });

  it('lets a settings operator change switches, rules, merchant, domains, maintenance and region rules only', async () => {
    const res = await t.request<{ enabled: boolean }>(
      'PUT',
      '/admin/switches/PTSYS3',
      { enabled: false },
      {
        headers: settings,
      },
    );
    expect(res.status).toBe(200);
    expect(await switchEnabled('PTSYS3')).toBe(false);
    for (const path of [
      '/admin/register-rules',
      '/admin/merchant',
      '/admin/domains',
      '/admin/maintenance',
      '/admin/region-rules',
    ]) {
      expect((await t.get(path, { headers: settings })).status, path).toBe(200);
    }
    expect((await t.request('POST', '/admin/banners', banner, { headers: settings })).status).toBe(403);
    expect((await t.get('/admin/feedback', { headers: settings })).status).toBe(403);
  });

  it('lets a support operator read feedback and nothing else', async () => {
    expect((await t.get('/admin/feedback', { headers: support })).status).toBe(200);
    for (const path of ['/admin/banners', '/admin/switches', '/admin/operators', '/admin/audit-log']) {
      expect((await t.get(path, { headers: support })).status, path).toBe(403);
    }
  });

  // Issue 16 item 1: the console's engagement tabs pay from the house (`cashier`); the content role
  // has `inbox` (its own tab) and not `cashier`, support neither: each call of those tabs is refused.
  const mission = {
    title: { bn: 'ফেরানো মিশন', en: 'Refused mission' },
    description: { bn: 'বাজি', en: 'Bet' },
    startTime: '2030-01-01T00:00:00Z',
    endTime: '2030-01-08T00:00:00Z',
    goalType: 'validBet',
    productTypes: ['LIVE'],
    gameId: null,
    milestones: [{ target: '100', rewardAmount: '5', turnoverMultiple: 1 }],
  };
  it.each([
    ['GET', '/admin/missions', undefined],
    ['POST', '/admin/missions', mission],
    ['PUT', '/admin/missions/1', mission],
    ['POST', '/admin/missions/1/close', {}],
    ['GET', '/admin/red-envelopes', undefined],
    ['POST', '/admin/red-envelopes', {}],
    ['PUT', '/admin/red-envelopes/1', {}],
    ['POST', '/admin/red-envelopes/1/cancel', {}],
    ['GET', '/admin/raffles', undefined],
    ['POST', '/admin/raffles', {}],
    ['PUT', '/admin/raffles/1', {}],
    ['POST', '/admin/raffles/1/cancel', {}],
    ['GET', '/admin/point-config', undefined],
    ['PUT', '/admin/point-config', {}],
    ['GET', '/admin/promotions', undefined],
    ['GET', '/admin/point-goods', undefined],
    ['GET', '/admin/point-redemptions', undefined],
  ] as const)('refuses %s %s of the engagement tabs to the content and support roles', async (method, path, body) => {
    for (const headers of [content, support]) {
      const res = await t.request(method, path, body, { headers });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('auth.forbidden');
    }
  });

  it('lets the superadmin use the engagement tabs: the refusals above are the role, and changed nothing', async () => {
    for (const path of ['/admin/missions', '/admin/red-envelopes', '/admin/raffles', '/admin/point-config']) {
      expect((await t.get(path, { headers: superadmin })).status, path).toBe(200);
    }
    const missions = await t.get<{ list: { title: { en: string } }[] }>('/admin/missions?q=Refused', {
      headers: superadmin,
    });
    expect(missions.body.value.list).toEqual([]);
    const me = await t.get<{ permissions: string[] }>('/admin/me', { headers: content });
    expect(me.body.value.permissions).toContain('inbox');
    expect(me.body.value.permissions).not.toContain('cashier');
  });

  it('keeps operators and the audit log to the superadmin', async () => {
    for (const headers of [content, settings, support]) {
      expect((await t.get('/admin/audit-log', { headers })).status).toBe(403);
      expect((await t.get('/admin/operators', { headers })).status).toBe(403);
      const created = await t.request(
        'POST',
        '/admin/operators',
        { username: 'sneaky_admin', password: 'Long-enough-1', role: 'superadmin' },
        { headers },
      );
      expect(created.status).toBe(403);
    }
    expect(await t.db.selectFrom('operators').select('id').where('username', '=', 'sneaky_admin').execute()).toEqual(
      [],
    );
    expect((await t.get('/admin/audit-log', { headers: superadmin })).status).toBe(200);
  });

  it('lets every role see who it is', async () => {
    for (const [headers, role] of [
      [content, 'content'],
      [settings, 'settings'],
      [support, 'support'],
    ] as const) {
      const me = await t.get('/admin/me', { headers });
      expect(me.body.value).toMatchObject({ role, merchantCode: 'khela' });
    }
  });
});

describe('operators', () => {
  it('lists the operators of the merchant without any password', async () => {
    const res = await t.get<{ username: string; role: string; active: boolean }[]>('/admin/operators', {
      headers: superadmin,
    });
    expect(res.status).toBe(200);
    // `owner` is the demo operator over two merchants (issue 16 item 2).
    expect(res.body.value.map((o) => o.username)).toEqual([
      'admin',
      'owner',
      'content_op',
      'settings_op',
      'support_op',
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
  });

  it('creates an operator with an argon2id hash who can then log in', async () => {
    const res = await t.request(
      'POST',
      '/admin/operators',
      { username: 'New_Editor', password: 'A-long-password-1', role: 'content' },
      { headers: superadmin },
    );
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ username: 'new_editor', role: 'content', active: true });
    const row = await t.db
      .selectFrom('operators')
      .select('password_hash')
      .where('username', '=', 'new_editor')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    await expect(loginAsAdmin(t, { username: 'new_editor', password: 'A-long-password-1' })).resolves.toBeDefined();
  });

  it('refuses a duplicate username, whatever its case, with 409', async () => {
    const res = await t.request(
      'POST',
      '/admin/operators',
      { username: 'NEW_EDITOR', password: 'Another-password-2', role: 'support' },
      { headers: superadmin },
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('admin.conflict');
  });

  it('refuses a short password or a bad username with field errors', async () => {
    const res = await t.request(
      'POST',
      '/admin/operators',
      { username: '1bad name', password: 'short', role: 'root' },
      { headers: superadmin },
    );
    expect(res.status).toBe(400);
    const fields = (res.body.value as { fields: { field: string }[] }).fields.map((f) => f.field).sort();
    expect(fields).toEqual(['password', 'role', 'username']);
  });
});

describe('operators over several merchants (issue 16 item 2)', () => {
  type Me = { merchantCode: string; merchants: { code: string; home: boolean }[] };
  type Entry = { action: string; entity: string; entityId: string | null; after: unknown; before: unknown };
  const SHAPLA = DEMO_SECOND_MERCHANT.code;
  const switchTo = (headers: AuthHeaders, merchantCode: string) =>
    t.request<Me>('PUT', '/admin/session/merchant', { merchantCode }, { headers });
  const usernames = async (headers: AuthHeaders) =>
    (
      await t.get<{ list: { username: string }[] }>('/admin/members/search', {
        headers,
        query: { by: 'username', q: 'shapla', pageSize: '50' },
      })
    ).body.value.list.map((m) => m.username);
  const supportId = async () =>
    (
      await t.db
        .selectFrom('operators')
        .select('id')
        .where('username', '=', 'support_op')
        .where('merchant_id', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;

  it('switches the demo owner to the merchant granted: every call is scoped by it, and it is audited there', async () => {
    const owner = await loginAsAdmin(t, DEMO_OWNER);
    const me = await t.get<Me>('/admin/me', { headers: owner });
    expect(me.body.value.merchantCode).toBe('khela');
    expect(me.body.value.merchants.map((m) => [m.code, m.home])).toEqual([
      ['khela', true],
      [SHAPLA, false],
    ]);
    expect(await usernames(owner)).toEqual([]);

    const switched = await switchTo(owner, SHAPLA);
    expect([switched.status, switched.body.value.merchantCode]).toEqual([200, SHAPLA]);
    expect((await t.get<Me>('/admin/me', { headers: owner })).body.value.merchantCode).toBe(SHAPLA);
    expect((await usernames(owner)).sort()).toEqual(['shapla01', 'shapla02', 'shapla03']);
    const audit = await t.get<Entry[]>('/admin/audit-log', { headers: owner, query: { action: 'switch_merchant' } });
    expect(audit.body.value[0]).toMatchObject({
      entity: 'session',
      before: { merchantCode: 'khela' },
      after: { merchantCode: SHAPLA },
    });

    // Side by side: each merchant's own figures (Shapla's pending deposit among them) and their total.
    const board = await t.get<{
      merchants: { merchant: { code: string }; pending: { deposits: number }; monthFigures: { deposits: string } }[];
      totals: { currency: string; merchants: number; monthFigures: { deposits: string } }[];
    }>('/admin/dashboard/merchants', { headers: owner });
    expect(board.body.value.merchants.map((m) => m.merchant.code)).toEqual(['khela', SHAPLA]);
    const [home, second] = board.body.value.merchants;
    expect(second!.pending.deposits).toBe(1);
    expect(board.body.value.totals).toHaveLength(1);
    expect(board.body.value.totals[0]).toMatchObject({ currency: 'BDT', merchants: 2 });
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    expect(cents(board.body.value.totals[0]!.monthFigures.deposits)).toBe(
      cents(home!.monthFigures.deposits) + cents(second!.monthFigures.deposits),
    );

    expect((await switchTo(owner, 'khela')).body.value.merchantCode).toBe('khela');
    expect(await usernames(owner)).toEqual([]);
  });

  it('refuses a switch to a merchant not granted, or unknown, with 403 and a stable code', async () => {
    for (const code of [SHAPLA, 'no-such-merchant']) {
      const res = await switchTo(superadmin, code);
      expect([res.status, res.body.code]).toEqual([403, 'operator.merchant_not_granted']);
    }
    const me = await t.get<Me>('/admin/me', { headers: superadmin });
    expect(me.body.value).toMatchObject({ merchantCode: 'khela', merchants: [{ code: 'khela', home: true }] });
    expect(await usernames(superadmin)).toEqual([]);
    // One dashboard row: the only merchant admin works on.
    const board = await t.get<{ merchants: unknown[] }>('/admin/dashboard/merchants', { headers: superadmin });
    expect(board.body.value.merchants).toHaveLength(1);
  });

  it('grants and takes away a merchant: only one the granter holds, never the home one, audited', async () => {
    const owner = await loginAsAdmin(t, DEMO_OWNER);
    const id = await supportId();
    const path = (code: string) => `/admin/operators/${id}/merchants/${code}`;

    // admin works on khela only: Shapla is not theirs to give; content may not manage operators at all.
    const notHeld = await t.request('PUT', path(SHAPLA), undefined, { headers: superadmin });
    expect([notHeld.status, notHeld.body.code]).toEqual([403, 'operator.merchant_not_held']);
    expect((await t.request('PUT', path(SHAPLA), undefined, { headers: content })).status).toBe(403);
    const ownerId = (await t.get<{ id: number }>('/admin/me', { headers: owner })).body.value.id;
    const self = await t.request('PUT', `/admin/operators/${ownerId}/merchants/khela`, undefined, { headers: owner });
    expect(self.body.code).toBe('operator.self_change');

    const granted = await t.request<{ code: string }[]>('PUT', path(SHAPLA), undefined, { headers: owner });
    expect(granted.body.value.map((m) => m.code)).toEqual(['khela', SHAPLA]);
    expect(
      (await t.get<{ code: string }[]>(`/admin/operators/${id}/merchants`, { headers: owner })).body.value,
    ).toHaveLength(2);
    expect((await switchTo(support, SHAPLA)).status).toBe(200);
    expect((await usernames(support)).sort()).toEqual(['shapla01', 'shapla02', 'shapla03']);

    const home = await t.request('DELETE', path('khela'), undefined, { headers: owner });
    expect([home.status, home.body.code]).toEqual([409, 'operator.merchant_home']);
    const revoked = await t.request<{ code: string }[]>('DELETE', path(SHAPLA), undefined, { headers: owner });
    expect(revoked.body.value.map((m) => m.code)).toEqual(['khela']);
    // The session on Shapla went home with the grant; switching back is refused.
    expect((await t.get<Me>('/admin/me', { headers: support })).body.value.merchantCode).toBe('khela');
    expect(await usernames(support)).toEqual([]);
    expect((await switchTo(support, SHAPLA)).body.code).toBe('operator.merchant_not_granted');

    const audit = await t.get<Entry[]>('/admin/audit-log', {
      headers: owner,
      query: { entity: 'operators', entityId: String(id) },
    });
    expect(audit.body.value.slice(0, 2).map((e) => [e.action, e.after ?? e.before])).toEqual([
      ['revoke_merchant', { merchantCode: SHAPLA }],
      ['grant_merchant', { merchantCode: SHAPLA }],
    ]);
  });
});
