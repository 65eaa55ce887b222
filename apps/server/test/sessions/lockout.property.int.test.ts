import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEMO_PLAYER } from '../../src/seed/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { login, solvedCaptcha } from '../members/helpers.ts';
import { demoMerchantId, resetRateLimits } from '../support/helpers.ts';

/**
 * Issue 4: however many log-ins fail from other IPs (wrong passwords, wrong or missing captchas,
 * for this account or any other), the owner can always log in from their own IP through the
 * captcha path. An attacker cannot turn the throttles into a lock-out.
 */
let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await startTestApp({ trustProxy: 1 });
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());

const OWNER_IP = '198.51.100.200';

const attack = fc.record({
  ip: fc.ipV4().filter((ip) => ip !== OWNER_IP),
  username: fc.constantFrom(DEMO_PLAYER.username, DEMO_PLAYER.username.toUpperCase(), 'agent01', 'nobody1'),
  password: fc.string({ minLength: 1, maxLength: 20 }),
  captcha: fc.constantFrom('none', 'wrong', 'right'),
});

it('failed log-ins from other IPs never stop the owner from logging in through the captcha path', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(attack, { minLength: 3, maxLength: 8 }), async (attacks) => {
      await resetRateLimits(t);
      for (const a of attacks) {
        const captcha =
          a.captcha === 'none'
            ? {}
            : { ...(await solvedCaptcha(t, merchantId)), ...(a.captcha === 'wrong' ? { captcha: 'zzzz' } : {}) };
        const res = await login(
          t,
          { username: a.username, password: a.password, ...captcha },
          { headers: { 'X-Forwarded-For': a.ip } },
        );
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      const owner = await login(
        t,
        { username: DEMO_PLAYER.username, password: DEMO_PLAYER.password, ...(await solvedCaptcha(t, merchantId)) },
        { headers: { 'X-Forwarded-For': OWNER_IP } },
      );
      expect(owner.status).toBe(200);
      expect(owner.body.value.account).toBe(DEMO_PLAYER.username);
    }),
    { numRuns: 15 },
  );
  // Every run pays for argon2 checks; the limit is generous, nothing here measures time.
}, 240_000);
