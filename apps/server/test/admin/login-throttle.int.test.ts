import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { OPERATOR_LOGIN_IP_LIMIT, OPERATOR_LOGIN_LOCKOUT } from '../../src/modules/admin/operator-sessions.ts';
import { rateLimiter } from '../../src/modules/rate-limit/rate-limiter.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = (body: unknown) => t.request('POST', '/admin/session/login', body);

const failedAttempts = async () =>
  (await t.db.selectFrom('audit_log').select('id').where('action', '=', 'login_failed').execute()).length;

describe('log-in throttling', () => {
  it('locks an account after 5 failures: the next attempt is 429 even with the right password', async () => {
    const limit = OPERATOR_LOGIN_LOCKOUT.maxFailures!;
    for (let i = 0; i < limit; i++) {
      const res = await login({ username: 'admin', password: `wrong-${i}` });
      expect(res.status).toBe(401);
    }
    expect(await failedAttempts()).toBe(limit);

    const locked = await login(DEMO_ADMIN);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ success: false, code: 'request.rate_limited' });
    // The throttled attempts were not checked: no further failure was counted or logged.
    expect((await login({ username: 'admin', password: 'wrong-again' })).status).toBe(429);
    expect(await failedAttempts()).toBe(limit);
    const sessions = await t.db.selectFrom('operator_sessions').select('operator_id').execute();
    expect(sessions).toEqual([]);
  });

  it('counts failures per account: another username is not locked', async () => {
    const res = await login({ username: 'someone_else', password: 'whatever' });
    expect(res.status).toBe(401);
  });

  it('counts unknown usernames like known ones, so the lock reveals nothing', async () => {
    for (let i = 0; i < OPERATOR_LOGIN_LOCKOUT.maxFailures! - 1; i++) {
      expect((await login({ username: 'someone_else', password: `x${i}` })).status).toBe(401);
    }
    expect((await login({ username: 'someone_else', password: 'x' })).status).toBe(429);
  });

  it('limits every attempt from one IP to 30 per window, whatever the username', async () => {
    const used = await rateLimiter(t.db).peek('admin-login-ip:127.0.0.1', OPERATOR_LOGIN_IP_LIMIT);
    const { limit } = OPERATOR_LOGIN_IP_LIMIT;
    for (let i = used; i < limit; i++) {
      expect((await login({ username: `spray_${i}`, password: 'Password1' })).status).toBe(401);
    }
    const res = await login({ username: 'fresh_name', password: 'Password1' });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'request.rate_limited' });
  });
});
