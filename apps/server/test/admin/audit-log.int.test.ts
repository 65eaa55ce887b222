import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, loginAsAdmin, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: AuthHeaders;

interface Entry {
  id: number;
  operatorId: number | null;
  operatorUsername: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  createdAt: string;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
});
afterAll(() => t.close());

/** Everything the audit log holds, as text, to search for secrets. */
async function auditText() {
  const rows = await t.db
    .selectFrom('audit_log')
    .select(['action', 'entity', 'entity_id', 'before', 'after'])
    .execute();
  return JSON.stringify(rows);
}

describe('what the audit log records', () => {
  it('records a new operator without its password or hash', async () => {
    const password = 'Secret-Operator-Pass-9';
    const res = await t.request<{ id: number }>(
      'POST',
      '/admin/operators',
      { username: 'audited_op', password, role: 'support' },
      { headers: admin },
    );
    expect(res.status).toBe(200);
    const { password_hash } = await t.db
      .selectFrom('operators')
      .select('password_hash')
      .where('id', '=', res.body.value.id)
      .executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('audit_log').selectAll().execute();
    const created = rows.find((r) => r.entity === 'operators');
    expect(created).toMatchObject({
      action: 'create',
      operator_id: 1,
      entity_id: String(res.body.value.id),
      before: null,
      after: { id: res.body.value.id, username: 'audited_op', role: 'support', active: true, merchantCode: 'khela' },
      ip: '127.0.0.1',
    });
    const everything = await auditText();
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(password_hash);
    expect(everything).not.toMatch(/argon2|password/i);
  });

  it('records log-ins, failed log-ins and log-outs, never the password or the typed username', async () => {
    await t.request('POST', '/admin/session/login', { username: 'Typed-Secret-Name', password: 'Wrong-Guess-66' });
    await t.request('POST', '/admin/session/login', { username: 'admin', password: 'Wrong-Guess-77' });
    const headers = await loginAsAdmin(t);
    await t.request('DELETE', '/admin/session/logout', undefined, { headers });
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'operator_id', 'before', 'after'])
      .where('entity', '=', 'session')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.action, r.operator_id]).slice(-4)).toEqual([
      ['login_failed', null],
      ['login_failed', 1],
      ['login', 1],
      ['logout', 1],
    ]);
    expect(rows.every((r) => r.before === null && r.after === null)).toBe(true);
    const everything = await auditText();
    expect(everything).not.toContain('Wrong-Guess-77');
    expect(everything).not.toContain('Wrong-Guess-66');
    expect(everything.toLowerCase()).not.toContain('typed-secret-name');
    expect(everything).not.toContain(DEMO_ADMIN.password);
  });

  it('writes nothing when the change fails', async () => {
    const count = async () => (await t.db.selectFrom('audit_log').select('id').execute()).length;
    const before = await count();
    expect((await t.request('POST', '/admin/domains', { domain: 'localhost' }, { headers: admin })).status).toBe(409);
    expect((await t.request('PUT', '/admin/banners/4242', {}, { headers: admin })).status).toBe(400);
    expect(
      (
        await t.request(
          'PUT',
          '/admin/banners/4242',
          { groupName: 'w_home', title: { bn: 'ক', en: 'a' }, url: '/a.png' },
          { headers: admin },
        )
      ).status,
    ).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('GET /admin/audit-log', () => {
  it('lists newest first with the operator’s name', async () => {
    await t.request('PUT', '/admin/switches/PTSYS3', { enabled: false }, { headers: admin });
    const res = await t.get<Entry[]>('/admin/audit-log', { headers: admin });
    expect(res.status).toBe(200);
    const ids = res.body.value.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(res.body.value[0]).toMatchObject({
      operatorId: 1,
      operatorUsername: 'admin',
      action: 'update',
      entity: 'switches',
      entityId: 'PTSYS3',
      before: { modId: 'PTSYS3', enabled: true },
      after: { modId: 'PTSYS3', enabled: false },
      ip: '127.0.0.1',
    });
  });

  it('filters by entity and pages with limit and beforeId', async () => {
    for (const enabled of [true, false, true]) {
      await t.request('PUT', '/admin/switches/INBOX3', { enabled }, { headers: admin });
    }
    const switches = await t.get<Entry[]>('/admin/audit-log', { headers: admin, query: { entity: 'switches' } });
    expect(switches.body.value.length).toBeGreaterThanOrEqual(4);
    expect(switches.body.value.every((e) => e.entity === 'switches')).toBe(true);

    const first = await t.get<Entry[]>('/admin/audit-log', { headers: admin, query: { entity: 'switches', limit: 2 } });
    expect(first.body.value).toHaveLength(2);
    const next = await t.get<Entry[]>('/admin/audit-log', {
      headers: admin,
      query: { entity: 'switches', limit: 2, beforeId: first.body.value[1]!.id },
    });
    expect(next.body.value[0]!.id).toBeLessThan(first.body.value[1]!.id);
    expect([...first.body.value, ...next.body.value].map((e) => e.id)).toEqual(
      switches.body.value.slice(0, 4).map((e) => e.id),
    );
    // Oldest first (issue 16 Quality), keyset-paged the other way with afterId: the same entries reversed.
    const oldest = await t.get<Entry[]>('/admin/audit-log', {
      headers: admin,
      query: { entity: 'switches', limit: 2, order: 'asc' },
    });
    const later = await t.get<Entry[]>('/admin/audit-log', {
      headers: admin,
      query: { entity: 'switches', limit: 200, order: 'asc', afterId: oldest.body.value[1]!.id },
    });
    expect([...oldest.body.value, ...later.body.value].map((e) => e.id)).toEqual(
      switches.body.value.map((e) => e.id).reverse(),
    );
    const none = await t.get<Entry[]>('/admin/audit-log', { headers: admin, query: { entity: "x' OR '1'='1" } });
    expect(none.body.value).toEqual([]);
  });

  it('refuses a bad limit or cursor', async () => {
    const queries: Record<string, string | number>[] = [
      { limit: 0 },
      { limit: 201 },
      { limit: 'ten' },
      { beforeId: -1 },
      { beforeId: '1 OR 1=1' },
      { afterId: -1 },
      { order: 'id' },
    ];
    for (const query of queries) {
      expect((await t.get('/admin/audit-log', { headers: admin, query })).status, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('the database keeps the audit log append-only', () => {
  it('refuses UPDATE', async () => {
    await expect(t.db.updateTable('audit_log').set({ action: 'tampered' }).execute()).rejects.toMatchObject({
      code: '42501',
      message: 'audit_log is append-only',
    });
  });

  it('refuses DELETE', async () => {
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toMatchObject({
      code: '42501',
      message: 'audit_log is append-only',
    });
  });

  it('refuses TRUNCATE', async () => {
    await expect(sql`TRUNCATE audit_log`.execute(t.db)).rejects.toMatchObject({ code: '42501' });
    expect((await t.db.selectFrom('audit_log').select('id').execute()).length).toBeGreaterThan(0);
  });
});
