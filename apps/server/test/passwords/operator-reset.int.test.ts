import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesRule, patternById, type MemberSession } from '@khela/contracts';
import { temporaryPassword } from '../../src/modules/admin/members.ts';
import { DEMO_PLAYER } from '../../src/seed/accounts.ts';
import { DEMO_TEAM_USERNAMES } from '../../src/seed/agent-team.ts';
import { createMerchantWithAdmin, loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { login, memberInfo } from '../members/helpers.ts';

let t: TestApp;
let admin: AuthHeaders;
beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
});
afterAll(() => t.close());

interface ListedMember {
  id: number;
  username: string;
  type: number;
  status: string;
  mobile: string | null;
  passwordMustChange: boolean;
}
const findMember = async (username: string, headers = admin) =>
  (await t.get<ListedMember[]>('/admin/members', { query: { username }, headers })).body.value;

describe('GET /admin/members', () => {
  it("finds the merchant's members by the start of the name, the mobile masked", async () => {
    const found = await findMember('PLAYER0');
    expect(found).toEqual([
      expect.objectContaining({ username: 'player02', type: 0, status: 'active', mobile: '*******0021' }),
      expect.objectContaining({ username: 'player01', type: 0, status: 'active', mobile: '*******0001' }),
    ]);
    const all = (await t.get<ListedMember[]>('/admin/members', { headers: admin })).body.value;
    // The demo seed's accounts, agent01's issue-13 team included.
    expect(all.map((m) => m.username).sort()).toEqual(
      ['agent01', 'player01', 'player02', ...DEMO_TEAM_USERNAMES].sort(),
    );
    // LIKE wildcards are plain characters here.
    expect(await findMember('%')).toEqual([]);
    expect(await findMember('_layer01')).toEqual([]);
  });

  it("never shows another merchant's members, and needs the members permission", async () => {
    const other = await createMerchantWithAdmin(t, 'othermerchant');
    expect(await findMember('player01', other.headers)).toEqual([]);
    const content = await loginAsNewOperator(t, 'content');
    expect((await t.get('/admin/members', { headers: content })).status).toBe(403);
    const support = await loginAsNewOperator(t, 'support');
    expect((await t.get('/admin/members', { headers: support })).status).toBe(200);
  });
});

describe('POST /admin/members/:id/password/reset', () => {
  it('gives a temporary password once, forces the change at log-in and ends the sessions', async () => {
    const [player] = await findMember('player01');
    const live = await login(t, { username: 'player01', password: DEMO_PLAYER.password });
    const res = await t.request<{ id: number; username: string; temporaryPassword: string }>(
      'POST',
      `/admin/members/${player!.id}/password/reset`,
      undefined,
      { headers: admin },
    );
    expect(res.status).toBe(200);
    const { temporaryPassword: temporary } = res.body.value;
    expect(res.body.value).toMatchObject({ id: player!.id, username: 'player01' });
    expect(temporary).toHaveLength(12);

    expect((await memberInfo(t, { Authorization: live.body.value.token })).status).toBe(401);
    expect((await login(t, { username: 'player01', password: DEMO_PLAYER.password })).status).toBe(401);
    const forced = await login(t, { username: 'player01', password: temporary });
    expect(forced.status).toBe(200);
    expect(forced.body.value.passwordExpired).toBe(true);
    expect((await findMember('player01'))[0]!.passwordMustChange).toBe(true);

    // The audit log has the reset, never the password.
    const audit = await t.get<{ action: string; entity: string; entityId: string; after: unknown }[]>(
      '/admin/audit-log',
      { query: { entity: 'members' }, headers: admin },
    );
    expect(audit.body.value[0]).toMatchObject({ action: 'password_reset', entityId: String(player!.id) });
    expect(JSON.stringify(audit.body.value)).not.toContain(temporary);

    // The forced change clears the flag.
    const changed = await t.sealed(
      'POST',
      '/wps/member/password',
      { oldPassword: temporary, newPassword: 'Player@456', confirmNewPassword: 'Player@456' },
      { headers: { Authorization: forced.body.value.token } },
    );
    expect(changed.status).toBe(200);
    const after = await login(t, { username: 'player01', password: 'Player@456' });
    expect((after.body.value as MemberSession).passwordExpired).toBe(false);
  });

  it('refuses a member of another merchant, a missing one, and a trial account', async () => {
    const other = await createMerchantWithAdmin(t, 'thirdmerchant');
    const [player] = await findMember('player01');
    const elsewhere = await t.request('POST', `/admin/members/${player!.id}/password/reset`, undefined, {
      headers: other.headers,
    });
    expect(elsewhere.status).toBe(404);
    expect(
      (await t.request('POST', '/admin/members/999999/password/reset', undefined, { headers: admin })).status,
    ).toBe(404);
    const trial = await t.request<MemberSession>('POST', '/wps/session/login/freeplay', {});
    const res = await t.request('POST', `/admin/members/${trial.body.value.id}/password/reset`, undefined, {
      headers: admin,
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.trial_account');
  });
});

describe('temporaryPassword', () => {
  it('fits the rule it is given', () => {
    const rules = [
      { patternId: 18, minLength: 8, maxLength: 20 },
      { patternId: 19, minLength: 8, maxLength: 20 },
      { patternId: 8, minLength: 6, maxLength: 10 },
      { patternId: 7, minLength: 6, maxLength: 6 },
      { patternId: 6, minLength: 14, maxLength: 16 },
    ];
    for (const { patternId, minLength, maxLength } of rules) {
      const rule = { acceptedPattern: patternById(patternId)!.pattern, minLength, maxLength };
      for (let i = 0; i < 20; i++)
        expect(matchesRule(temporaryPassword(rule), rule), `pattern ${patternId}`).toBe(true);
    }
  });
});
