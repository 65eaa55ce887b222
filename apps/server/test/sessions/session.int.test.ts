import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { errorMessage, type MemberSession } from '@khela/contracts';
import { toDecimalString } from '@khela/money';
import { TRIAL_DEMO_CREDIT } from '../../src/modules/sessions/member-login.ts';
import { seedMerchant } from '../../src/seed/demo.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { loginAsPlayer, memberInfo } from '../members/helpers.ts';
import { demoMerchantId, resetRateLimits, withSwitch } from '../support/helpers.ts';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());
beforeEach(() => resetRateLimits(t));

const hashOf = (headers: Record<string, string>) => createHash('sha256').update(headers.Authorization!).digest();

describe('the member auth strategy (T calls)', () => {
  it('reads the token bare or as a Bearer token', async () => {
    const headers = await loginAsPlayer(t);
    const bare = await memberInfo(t, headers);
    expect(bare.status).toBe(200);
    expect(bare.body.value).toMatchObject({
      account: 'player01',
      userName: 'player01',
      type: 0,
      mobile: '*******0001',
    });
    const bearer = await memberInfo(t, { Authorization: `Bearer ${headers.Authorization}` });
    expect(bearer.body.value.id).toBe(bare.body.value.id);
  });

  it('answers 401 auth.not_logged_in in the request language without a live token', async () => {
    const attempts: Record<string, string>[] = [{}, { Authorization: 'nonsense' }, { Authorization: 'A'.repeat(43) }];
    for (const headers of attempts) {
      const res = await memberInfo(t, { ...headers, Language: 'bn' });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('auth.not_logged_in');
      expect(res.body.message).toBe(errorMessage('auth.not_logged_in', 'bn'));
    }
  });

  it('ends a session idle for more than 30 minutes, and any session past its absolute expiry', async () => {
    const idle = await loginAsPlayer(t);
    await t.db
      .updateTable('member_sessions')
      .set({ last_seen: sql<Date>`now() - interval '31 minutes'` })
      .where('token_hash', '=', hashOf(idle))
      .execute();
    expect((await memberInfo(t, idle)).status).toBe(401);

    const old = await loginAsPlayer(t);
    await t.db
      .updateTable('member_sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', hashOf(old))
      .execute();
    expect((await memberInfo(t, old)).status).toBe(401);
  });

  it('slides the idle timeout with each call', async () => {
    const headers = await loginAsPlayer(t);
    await t.db
      .updateTable('member_sessions')
      .set({ last_seen: sql<Date>`now() - interval '29 minutes'` })
      .where('token_hash', '=', hashOf(headers))
      .execute();
    expect((await memberInfo(t, headers)).status).toBe(200);
    const row = await t.db
      .selectFrom('member_sessions')
      .select(sql<number>`extract(epoch FROM now() - last_seen)`.as('age'))
      .where('token_hash', '=', hashOf(headers))
      .executeTakeFirstOrThrow();
    expect(Number(row.age)).toBeLessThan(60);
  });

  it("does not accept a token on another merchant's site", async () => {
    await seedMerchant(t.db, { code: 'other', name: 'Other', domains: ['other.example'] });
    const headers = await loginAsPlayer(t);
    const res = await memberInfo(t, { ...headers, Merchant: 'other' });
    expect(res.status).toBe(401);
  });

  it('ends the sessions of a frozen account', async () => {
    const headers = await loginAsPlayer(t);
    await t.db.updateTable('members').set({ status: 'frozen' }).where('username', '=', 'player01').execute();
    try {
      expect((await memberInfo(t, headers)).status).toBe(401);
    } finally {
      await t.db.updateTable('members').set({ status: 'active' }).where('username', '=', 'player01').execute();
    }
  });
});

describe('DELETE /wps/session/logout', () => {
  it('revokes the session on the server; other sessions stay', async () => {
    const headers = await loginAsPlayer(t);
    const other = await loginAsPlayer(t);
    const res = await t.request('DELETE', '/wps/session/logout', undefined, { headers });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, value: null });
    expect((await memberInfo(t, headers)).status).toBe(401);
    expect((await memberInfo(t, other)).status).toBe(200);
    const row = await t.db
      .selectFrom('member_sessions')
      .select('revoked_at')
      .where('token_hash', '=', hashOf(headers))
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    // A second log-out (an expired or already revoked session) still answers and changes nothing.
    expect((await t.request('DELETE', '/wps/session/logout', undefined, { headers })).status).toBe(200);
    expect((await memberInfo(t, other)).status).toBe(200);
  });
});

describe('GET /wps/member/info/icon', () => {
  it('describes an initials avatar', async () => {
    const res = await t.get('/wps/member/info/icon', { headers: await loginAsPlayer(t) });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ avatarType: 'INITIALS', avatar: null, initials: 'P' });
    expect((res.body.value as { color: string }).color).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('POST /wps/session/login/freeplay (§6 trial)', () => {
  it('creates a trial account (type 4) and logs it in', async () => {
    const res = await t.request<MemberSession>('POST', '/wps/session/login/freeplay', { os: 'Linux', platform: 'W' });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ type: 4, isTrial: true, isAgent: false, firstTimeLogin: true });
    const info = await memberInfo(t, { Authorization: res.body.value.token });
    expect(info.body.value.account).toBe(res.body.value.account);
    const row = await t.db
      .selectFrom('members')
      .select(['type', 'upline_id'])
      .where('id', '=', res.body.value.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ type: 4, upline_id: null });
  });

  it('starts the trial with its play money, kept apart from real money on the trial_credit account', async () => {
    const res = await t.request<MemberSession>('POST', '/wps/session/login/freeplay', {});
    const balance = await t.get<{ sumBalance: string }>('/wps/v2/wallets/balance', {
      headers: { Authorization: res.body.value.token },
    });
    expect(balance.body.value.sumBalance).toBe(toDecimalString(TRIAL_DEMO_CREDIT));
    const postings = await t.db
      .selectFrom('ledger_transactions as t')
      .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['a.kind', 'p.amount'])
      .where('t.idempotency_key', '=', `trial-credit:${res.body.value.id}`)
      .orderBy('p.amount')
      .execute();
    expect(postings).toEqual([
      { kind: 'trial_credit', amount: -TRIAL_DEMO_CREDIT },
      { kind: 'member_main', amount: TRIAL_DEMO_CREDIT },
    ]);
  });

  it('needs no body, and is refused while FREEPLAY3 is off', async () => {
    expect((await t.request('POST', '/wps/session/login/freeplay')).status).toBe(200);
    await withSwitch(t, merchantId, 'FREEPLAY3', false, async () => {
      const res = await t.request('POST', '/wps/session/login/freeplay', {});
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('system.feature_disabled');
    });
  });

  it('throttles account creation per IP', async () => {
    const before = await t.db
      .selectFrom('members')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await t.request('POST', '/wps/session/login/freeplay', {})).status);
    expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(answers[10]).toBe(429);
    const after = await t.db
      .selectFrom('members')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n - before.n).toBe(10);
  });
});
