import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, loginAsAdmin } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { hashPassword } from '../../src/modules/admin/passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = (body: unknown, headers: Record<string, string> = {}) =>
  t.request<{ token: string; operator: unknown }>('POST', '/admin/session/login', body, { headers });

async function addOperator(username: string, password: string, active = true) {
  await t.db
    .insertInto('operators')
    .values({ merchant_id: 1, username, password_hash: await hashPassword(password), role: 'content', active })
    .execute();
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest();

describe('operator log-in', () => {
  it('logs the demo operator in and returns a token and the operator', async () => {
    const res = await login(DEMO_ADMIN);
    expect(res.status).toBe(200);
    expect(res.body.value.operator).toEqual({ id: 1, username: 'admin', role: 'superadmin', merchantCode: 'khela' });
    expect(res.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only the SHA-256 of the token, with a 12-hour absolute expiry', async () => {
    const { token } = (await login(DEMO_ADMIN)).body.value;
    const rows = await t.db
      .selectFrom('operator_sessions')
      .select(['token_hash', sql<number>`extract(epoch FROM expires_at - created_at)`.as('lifetime')])
      .execute();
    expect(rows.some((r) => r.token_hash.equals(tokenHash(token)))).toBe(true);
    expect(rows.every((r) => r.token_hash.length === 32)).toBe(true);
    expect(rows.every((r) => Number(r.lifetime) === 12 * 3600)).toBe(true);
  });

  it('keeps the demo password as an argon2id hash', async () => {
    const row = await t.db
      .selectFrom('operators')
      .select('password_hash')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(DEMO_ADMIN.password);
  });

  it('accepts the username in any case and with surrounding spaces', async () => {
    const res = await login({ username: '  ADMIN ', password: DEMO_ADMIN.password });
    expect(res.status).toBe(200);
  });

  it('gives a wrong password and an unknown user the same 401 answer', async () => {
    const wrong = await login({ username: 'admin', password: 'Admin@124' });
    const unknown = await login({ username: 'nobody_here', password: 'Admin@123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      success: false,
      value: null,
      code: 'auth.invalid_credentials',
      message: 'Wrong username or password.',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers in Bengali when asked', async () => {
    const res = await login({ username: 'admin', password: 'nope' }, { Language: 'bn' });
    expect(res.body.message).toBe('ইউজারনেম বা পাসওয়ার্ড ভুল।');
  });

  it('refuses an inactive operator even with the right password', async () => {
    await addOperator('retired_op', 'Retired-pass-1', false);
    const res = await login({ username: 'retired_op', password: 'Retired-pass-1' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('auth.invalid_credentials');
  });

  it('does not let an operator of one merchant log in on another', async () => {
    const res = await login(DEMO_ADMIN, { Merchant: 'nobody' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('merchant.invalid_url');
  });

  it('refuses an empty body with field errors', async () => {
    const res = await login({});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request.invalid');
    expect((res.body.value as unknown as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual([
      'password',
      'username',
    ]);
  });
});

describe('operator tokens', () => {
  it('requires a token', async () => {
    const res = await t.get('/admin/me');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('auth.not_logged_in');
  });

  it('refuses a malformed or unknown token', async () => {
    for (const token of ['garbage', 'Bearer ', 'A'.repeat(43), `Bearer ${'b'.repeat(43)}`, "' OR 1=1 --"]) {
      const res = await t.get('/admin/me', { headers: { Authorization: token } });
      expect(res.status, token).toBe(401);
      expect(res.body.code).toBe('auth.not_logged_in');
    }
  });

  it('accepts the raw token and the Bearer form', async () => {
    const { Authorization: token } = await loginAsAdmin(t);
    const raw = await t.get('/admin/me', { headers: { Authorization: token! } });
    const bearer = await t.get('/admin/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(raw.status).toBe(200);
    expect(bearer.body).toEqual(raw.body);
    expect(raw.body.value).toMatchObject({ username: 'admin', role: 'superadmin' });
  });

  it('revokes the token on logout', async () => {
    const headers = await loginAsAdmin(t);
    const out = await t.request('DELETE', '/admin/session/logout', undefined, { headers });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, value: null });
    const after = await t.get('/admin/me', { headers });
    expect(after.status).toBe(401);
    const again = await t.request('DELETE', '/admin/session/logout', undefined, { headers });
    expect(again.status).toBe(401);
  });

  it('ends a session idle for more than 30 minutes', async () => {
    const headers = await loginAsAdmin(t);
    await t.db
      .updateTable('operator_sessions')
      .set({ last_seen: sql<Date>`now() - interval '31 minutes'` })
      .where('token_hash', '=', tokenHash(headers.Authorization!))
      .execute();
    expect((await t.get('/admin/me', { headers })).status).toBe(401);
  });

  it('slides the idle timeout with each call', async () => {
    const headers = await loginAsAdmin(t);
    const hash = tokenHash(headers.Authorization!);
    await t.db
      .updateTable('operator_sessions')
      .set({ last_seen: sql<Date>`now() - interval '29 minutes'` })
      .where('token_hash', '=', hash)
      .execute();
    expect((await t.get('/admin/me', { headers })).status).toBe(200);
    const row = await t.db
      .selectFrom('operator_sessions')
      .select(sql<boolean>`last_seen > now() - interval '1 minute'`.as('fresh'))
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.fresh).toBe(true);
  });

  it('ends a session past its absolute expiry, however active', async () => {
    const headers = await loginAsAdmin(t);
    await t.db
      .updateTable('operator_sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', tokenHash(headers.Authorization!))
      .execute();
    expect((await t.get('/admin/me', { headers })).status).toBe(401);
  });

  it('ends the sessions of an operator who is deactivated', async () => {
    await addOperator('leaving_op', 'Leaving-pass-1');
    const headers = await loginAsAdmin(t, { username: 'leaving_op', password: 'Leaving-pass-1' });
    expect((await t.get('/admin/me', { headers })).status).toBe(200);
    await t.db.updateTable('operators').set({ active: false }).where('username', '=', 'leaving_op').execute();
    expect((await t.get('/admin/me', { headers })).status).toBe(401);
  });

  it('binds the token to its merchant: a Merchant header cannot switch it', async () => {
    const headers = await loginAsAdmin(t);
    const res = await t.get('/admin/me', { headers: { ...headers, Merchant: 'someone-else' } });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ merchantCode: 'khela' });
  });
});
