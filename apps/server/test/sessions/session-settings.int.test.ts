import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MEMBER_SESSION } from '../../src/modules/sessions/member-sessions.ts';
import { loginAsAdmin, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { memberInfo } from '../members/helpers.ts';
import { createPlayer, logInAs } from '../protection/helpers.ts';
import { demoMerchantId, resetRateLimits } from '../support/helpers.ts';

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;
beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
});
afterAll(() => t.close());
beforeEach(() => resetRateLimits(t));

const hashOf = (headers: Record<string, string>) => createHash('sha256').update(headers.Authorization!).digest();

async function idleFor(headers: Record<string, string>, minutes: number) {
  await t.db
    .updateTable('member_sessions')
    .set({ last_seen: sql<Date>`now() - make_interval(mins => ${minutes})` })
    .where('token_hash', '=', hashOf(headers))
    .execute();
}

async function updateSettings(change: Record<string, unknown>) {
  const current = await t.get<Record<string, unknown>>('/admin/merchant', { headers: admin });
  const { code: _code, currency: _currency, ...settings } = current.body.value;
  return t.request<Record<string, unknown>>('PUT', '/admin/merchant', { ...settings, ...change }, { headers: admin });
}

describe('member session timeouts per merchant (issue 4 item 4)', () => {
  it('defaults to 30 idle minutes and 24 hours, shown in the operator settings', async () => {
    const res = await t.get('/admin/merchant', { headers: admin });
    expect(res.body.value).toMatchObject({
      sessionIdleMinutes: MEMBER_SESSION.idleMinutes,
      sessionAbsoluteHours: MEMBER_SESSION.absoluteHours,
    });
    expect(MEMBER_SESSION).toEqual({ idleMinutes: 30, absoluteHours: 24 });
  });

  it('ends a session idle longer than the merchant’s idle timeout, as the operator set it', async () => {
    const player = await createPlayer(t, merchantId);
    const headers = await logInAs(t, player);
    await idleFor(headers, 20);
    expect((await memberInfo(t, headers)).status).toBe(200);

    const res = await updateSettings({ sessionIdleMinutes: 10 });
    expect(res.status).toBe(200);
    expect(res.body.value.sessionIdleMinutes).toBe(10);
    try {
      const fresh = await logInAs(t, player);
      await idleFor(fresh, 9);
      expect((await memberInfo(t, fresh)).status).toBe(200);
      await idleFor(fresh, 11);
      expect((await memberInfo(t, fresh)).status).toBe(401);
    } finally {
      await updateSettings({ sessionIdleMinutes: 30 });
    }
  });

  it('gives new sessions the merchant’s absolute lifetime', async () => {
    expect((await updateSettings({ sessionAbsoluteHours: 2 })).status).toBe(200);
    try {
      const headers = await logInAs(t, await createPlayer(t, merchantId));
      const { rows } = await sql<{ hours: number }>`
        SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours FROM member_sessions WHERE token_hash = ${hashOf(headers)}
      `.execute(t.db);
      expect(Number(rows[0]!.hours)).toBeCloseTo(2, 1);
    } finally {
      await updateSettings({ sessionAbsoluteHours: 24 });
    }
  });

  it('keeps the timeouts when an update leaves them out, and refuses values out of range', async () => {
    await updateSettings({ sessionIdleMinutes: 45 });
    const current = await t.get<Record<string, unknown>>('/admin/merchant', { headers: admin });
    const { code: _c, currency: _cur, sessionIdleMinutes: _i, sessionAbsoluteHours: _a, ...rest } = current.body.value;
    const res = await t.request<Record<string, unknown>>('PUT', '/admin/merchant', rest, { headers: admin });
    expect(res.body.value).toMatchObject({ sessionIdleMinutes: 45, sessionAbsoluteHours: 24 });

    for (const change of [
      { sessionIdleMinutes: 0 },
      { sessionIdleMinutes: 1441 },
      { sessionIdleMinutes: 7.5 },
      { sessionIdleMinutes: '30' },
      { sessionAbsoluteHours: 721 },
      { sessionAbsoluteHours: null },
    ]) {
      const refused = await updateSettings(change);
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body.code).toBe('request.invalid');
    }
    const after = await t.get('/admin/merchant', { headers: admin });
    expect(after.body.value).toMatchObject({ sessionIdleMinutes: 45, sessionAbsoluteHours: 24 });
    await updateSettings({ sessionIdleMinutes: 30 });
  });
});
