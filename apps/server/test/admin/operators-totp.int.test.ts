import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { totpCode } from '../../src/modules/admin/totp.ts';

/** Issue 16 items 1 and 8: operator management, operator TOTP (ADR 0025) and the audit log's filters. */
let t: TestApp;
let admin: AuthHeaders;
let adminId: number;
const PASSWORD = 'Correct-horse-42';

interface Row {
  id: number;
  username: string;
  role: string;
  active: boolean;
  totpEnabled: boolean;
}
interface Entry {
  id: number;
  operatorId: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
  adminId = (await t.get<{ id: number }>('/admin/me', { headers: admin })).body.value.id;
});
afterAll(() => t.close());

const create = async (username: string, role = 'superadmin') => {
  const res = await t.request<Row>(
    'POST',
    '/admin/operators',
    { username, password: PASSWORD, role },
    { headers: admin },
  );
  expect(res.status).toBe(200);
  return res.body.value;
};
const login = (username: string) =>
  t.request<{ token?: string; secondFactor?: string; challenge?: string }>('POST', '/admin/session/login', {
    username,
    password: PASSWORD,
  });
/** A fresh code: each time step is accepted once, so the test forgets the last one (time moves on). */
const code = async (operatorId: number, secret: string) => {
  await t.db.updateTable('operators').set({ totp_last_step: null }).where('id', '=', operatorId).execute();
  return totpCode(secret, Date.now());
};
const audit = async (query: Record<string, string | number>) =>
  (await t.get<Entry[]>('/admin/audit-log', { headers: admin, query })).body.value;

describe('operator management', () => {
  it('refuses the management and audit calls to a role without the permission', async () => {
    const support = await loginAsNewOperator(t, 'support', 'support_c16');
    for (const [method, path, body] of [
      ['GET', '/admin/operators'],
      ['POST', '/admin/operators', { username: 'sneaky_one', password: PASSWORD, role: 'superadmin' }],
      ['PATCH', `/admin/operators/${adminId}`, { active: false }],
      ['POST', `/admin/operators/${adminId}/password`, { password: 'Another-pass-99' }],
      ['DELETE', `/admin/operators/${adminId}/totp`],
      ['GET', '/admin/audit-log'],
    ] as const) {
      const res = await t.request(method, path, body, { headers: support });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe('auth.forbidden');
    }
    // Their own two-factor is every operator's.
    expect((await t.get('/admin/totp', { headers: support })).body.value).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect(await t.db.selectFrom('operators').select('id').where('username', '=', 'sneaky_one').execute()).toEqual([]);
    const me = await t.db.selectFrom('operators').select('active').where('id', '=', adminId).executeTakeFirstOrThrow();
    expect(me.active).toBe(true);
  });

  it('pages, changes a role, disables (ending the sessions) and never lets one change oneself', async () => {
    const first = await create('pager_a', 'content');
    await create('pager_b', 'content');
    const page = await t.get<Row[]>('/admin/operators', {
      headers: admin,
      query: { username: 'pager_', limit: 1, afterId: first.id },
    });
    expect(page.body.value.map((r) => r.username)).toEqual(['pager_b']);
    // Newest first (issue 16 Quality): afterId is still the last id of the previous page.
    const newest = await t.get<Row[]>('/admin/operators', {
      headers: admin,
      query: { username: 'pager_', limit: 1, order: 'desc' },
    });
    expect(newest.body.value.map((r) => r.username)).toEqual(['pager_b']);
    const olderPage = await t.get<Row[]>('/admin/operators', {
      headers: admin,
      query: { username: 'pager_', limit: 1, order: 'desc', afterId: newest.body.value[0]!.id },
    });
    expect(olderPage.body.value.map((r) => r.username)).toEqual(['pager_a']);
    expect((await t.get('/admin/operators', { headers: admin, query: { order: 'username' } })).status).toBe(400);

    const self = await t.request('PATCH', `/admin/operators/${adminId}`, { active: false }, { headers: admin });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('operator.self_change');

    const session = { Authorization: (await login('pager_a')).body.value.token! };
    expect((await t.get('/admin/me', { headers: session })).status).toBe(200);
    const changed = await t.request<Row>(
      'PATCH',
      `/admin/operators/${first.id}`,
      { role: 'settings' },
      { headers: admin },
    );
    expect(changed.body.value).toMatchObject({ role: 'settings', active: true });
    const disabled = await t.request<Row>(
      'PATCH',
      `/admin/operators/${first.id}`,
      { active: false },
      { headers: admin },
    );
    expect(disabled.body.value.active).toBe(false);
    expect((await t.get('/admin/me', { headers: session })).status).toBe(401);
    expect((await login('pager_a')).status).toBe(401);

    const missing = await t.request('PATCH', '/admin/operators/999999', { active: false }, { headers: admin });
    expect(missing.body.code).toBe('operator.not_found');

    // The audit log's filters find the disabling, with before and after (issue 16 item 8).
    const entries = await audit({
      operatorId: adminId,
      action: 'disable',
      entity: 'operators',
      entityId: String(first.id),
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ before: { active: true, role: 'settings' }, after: { active: false } });
    expect(await audit({ action: 'update', entityId: String(first.id) })).toMatchObject([
      { before: { role: 'content' }, after: { role: 'settings' } },
    ]);
    const older = await audit({ entity: 'operators', limit: 1, beforeId: entries[0]!.id });
    expect(older[0]!.id).toBeLessThan(entries[0]!.id);
  });
});

describe('operator two-factor (TOTP)', () => {
  it('enrols with a first code, then asks every log-in for a code or a one-time recovery code', async () => {
    const op = await create('totp_c16');
    const headers = { Authorization: (await login('totp_c16')).body.value.token! };

    const confirmEarly = await t.request('POST', '/admin/totp/confirm', { code: '123456' }, { headers });
    expect(confirmEarly.body.code).toBe('operator.totp_not_started');
    const enrol = await t.request<{ secret: string; otpauthUri: string }>('POST', '/admin/totp/enrol', undefined, {
      headers,
    });
    const { secret, otpauthUri } = enrol.body.value;
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/[^?]+%3Atotp_c16\?secret=[A-Z2-7]{32}&issuer=/);
    expect(otpauthUri).toContain(`secret=${secret}&`);
    const stored = await t.db
      .selectFrom('operators')
      .select('totp_secret')
      .where('id', '=', op.id)
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).toMatch(/^sealed:v1:/);
    expect(stored.totp_secret).not.toContain(secret);

    const wrong = await t.request('POST', '/admin/totp/confirm', { code: '000000' }, { headers });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('operator.totp_invalid');
    const confirmed = await t.request<{ recoveryCodes: string[] }>(
      'POST',
      '/admin/totp/confirm',
      { code: await code(op.id, secret) },
      { headers },
    );
    const recovery = confirmed.body.value.recoveryCodes;
    expect(recovery).toHaveLength(10);
    const hashes = await t.db
      .selectFrom('operator_recovery_codes')
      .select('code_hash')
      .where('operator_id', '=', op.id)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(code_hash).toMatch(/^\$argon2id\$/);
    expect((await t.get('/admin/totp', { headers })).body.value).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    // Password right: a challenge, no session; the challenge opens nothing.
    const half = await login('totp_c16');
    expect(half.status).toBe(200);
    expect(half.body.value).toEqual({ secondFactor: 'totp', challenge: expect.any(String) });
    const challenge = half.body.value.challenge!;
    expect((await t.get('/admin/me', { headers: { Authorization: challenge } })).status).toBe(401);
    const bad = await t.request('POST', '/admin/session/totp', { challenge, code: '000000' });
    expect(bad.body.code).toBe('operator.totp_invalid');
    const done = await t.request<{ token: string }>('POST', '/admin/session/totp', {
      challenge,
      code: await code(op.id, secret),
    });
    expect(done.status).toBe(200);
    expect((await t.get('/admin/me', { headers: { Authorization: done.body.value.token } })).status).toBe(200);
    const replay = await t.request('POST', '/admin/session/totp', { challenge, code: await code(op.id, secret) });
    expect(replay.body.code).toBe('operator.totp_challenge_expired');

    // A recovery code works once.
    const byRecovery = await t.request('POST', '/admin/session/totp', {
      challenge: (await login('totp_c16')).body.value.challenge,
      recoveryCode: recovery[0]!.toUpperCase(),
    });
    expect(byRecovery.status).toBe(200);
    const again = await t.request('POST', '/admin/session/totp', {
      challenge: (await login('totp_c16')).body.value.challenge,
      recoveryCode: recovery[0],
    });
    expect(again.body.code).toBe('operator.totp_invalid');
    expect((await t.get('/admin/totp', { headers })).body.value).toEqual({ enabled: true, recoveryCodesLeft: 9 });

    // New recovery codes replace the old ones.
    const renewed = await t.request<{ recoveryCodes: string[] }>(
      'POST',
      '/admin/totp/recovery-codes',
      { code: await code(op.id, secret) },
      { headers },
    );
    expect(renewed.body.value.recoveryCodes).toHaveLength(10);
    const old = await t.request('POST', '/admin/totp/disable', { recoveryCode: recovery[1] }, { headers });
    expect(old.body.code).toBe('operator.totp_invalid');

    // Five wrong codes in a row lock the checks, even for the right code.
    await t.db.deleteFrom('lockouts').where('key', '=', `admin-totp:${op.id}`).execute();
    const challenge2 = (await login('totp_c16')).body.value.challenge!;
    for (let i = 0; i < 5; i++)
      await t.request('POST', '/admin/session/totp', { challenge: challenge2, code: '000000' });
    const locked = await t.request('POST', '/admin/session/totp', {
      challenge: challenge2,
      code: await code(op.id, secret),
    });
    expect(locked.status).toBe(429);
    await t.db.deleteFrom('lockouts').where('key', '=', `admin-totp:${op.id}`).execute();

    // The operator turns it off with a code; audited each step.
    const off = await t.request('POST', '/admin/totp/disable', { code: await code(op.id, secret) }, { headers });
    expect(off.body.value).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await login('totp_c16')).body.value.token).toEqual(expect.any(String));
    const actions = (await audit({ entity: 'operators', entityId: String(op.id) })).map((e) => e.action);
    expect(actions).toEqual(['totp_disable', 'totp_recovery_codes', 'totp_enable', 'create']);
    const failed = await audit({ operatorId: op.id, action: 'login_failed' });
    expect(failed.length).toBeGreaterThanOrEqual(6);
  });

  it('lets another operator with the permission remove a lost two-factor', async () => {
    const op = await create('lostphone_c16', 'support');
    // Enrolled as the previous test enrols (that path is tested there): the row as it ends up.
    await t.db
      .updateTable('operators')
      .set({ totp_secret: 'sealed:v1:local:unused', totp_enabled_at: new Date() })
      .where('id', '=', op.id)
      .execute();
    expect((await login('lostphone_c16')).body.value.secondFactor).toBe('totp');
    const self = await t.request('DELETE', `/admin/operators/${adminId}/totp`, undefined, { headers: admin });
    expect(self.body.code).toBe('operator.self_change');

    const reset = await t.request<Row>('DELETE', `/admin/operators/${op.id}/totp`, undefined, { headers: admin });
    expect(reset.body.value.totpEnabled).toBe(false);
    expect((await login('lostphone_c16')).body.value.token).toEqual(expect.any(String));
    const [entry] = await audit({ action: 'totp_reset', entityId: String(op.id) });
    expect(entry).toMatchObject({ operatorId: adminId, before: { totpEnabled: true }, after: { totpEnabled: false } });
  });
});
