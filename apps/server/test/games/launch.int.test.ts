import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage } from '@khela/contracts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPlayer, imposeProtection, logInAs, sessionFor } from '../protection/helpers.ts';
import { demoMerchantId, resetRateLimits, withSwitch } from '../support/helpers.ts';

const LAUNCH = '/wps/game/launchGame';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());
beforeEach(() => resetRateLimits(t));

const launch = (headers: Record<string, string>, query: Record<string, string> = { gameCode: 'NO_SUCH_GAME' }) =>
  t.get(LAUNCH, { headers, query });

describe('GET /wps/game/launchGame', () => {
  it('refuses a trial account with auth.trial_account in the member’s language (§6, §8 in_need_true_account)', async () => {
    const trial = await t.request<{ token: string }>('POST', '/wps/session/login/freeplay', {});
    const res = await launch({ Authorization: trial.body.value.token, Language: 'bn' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.trial_account');
    expect(res.body.message).toBe(errorMessage('auth.trial_account', 'bn'));
  });

  it('answers game.not_found for a game the catalogue does not have', async () => {
    const player = await createPlayer(t, merchantId);
    const res = await launch(await logInAs(t, player));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('game.not_found');
  });

  it('refuses a self-excluded or cooling-off member with the until date, before looking for the game', async () => {
    const cooling = await createPlayer(t, merchantId);
    const headers = await logInAs(t, cooling);
    const coolingEnd = await imposeProtection(t, cooling, 'cooling_off', '3 days');
    const refused = await launch(headers);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'auth.cooling_off', value: { until: coolingEnd.toISOString() } });

    const excluded = await createPlayer(t, merchantId);
    const exclusionEnd = await imposeProtection(t, excluded, 'self_exclusion', '6 months');
    const res = await launch(await sessionFor(t, excluded));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'auth.self_excluded', value: { until: exclusionEnd.toISOString() } });
  });

  it('needs a session, and is refused while GAMELO3 is off', async () => {
    expect((await launch({})).body.code).toBe('auth.not_logged_in');
    const headers = await logInAs(t, await createPlayer(t, merchantId));
    await withSwitch(t, merchantId, 'GAMELO3', false, async () => {
      const res = await launch(headers);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('system.feature_disabled');
    });
  });

  it('answers bad query input with a 4xx and a code', async () => {
    const headers = await logInAs(t, await createPlayer(t, merchantId));
    const cases: [Record<string, string>, string][] = [
      [{}, 'request.invalid'],
      [{ gameCode: '' }, 'request.invalid'],
      [{ gameCode: 'x'.repeat(65) }, 'request.invalid'],
      [{ gameCode: 'JL', backUrl: 'x'.repeat(2049) }, 'request.invalid'],
      [{ gameCode: "' OR 1=1; DROP TABLE members; --" }, 'request.invalid'],
      [{ gameCode: '<script>alert(1)</script>' }, 'request.invalid'],
      [{ gameCode: 'খেলা 🎰' }, 'request.invalid'],
      // A game code is letters, digits and _.:- (§3 codes); anything else is malformed, not unknown.
      [{ gameCode: 'NO_SUCH_GAME' }, 'game.not_found'],
      [{ gameCode: 'JL', device: '<img src=x onerror=alert(1)>' }, 'request.invalid'],
    ];
    for (const [query, code] of cases) {
      const res = await launch(headers, query);
      expect(res.status, JSON.stringify(query)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.code, JSON.stringify(query)).toBe(code);
    }
  });
});
