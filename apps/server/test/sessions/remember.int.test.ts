import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { errorMessage, type MemberSession } from '@khela/contracts';
import { seedMerchant } from '../../src/seed/demo.ts';
import { startTestApp, type ApiResponse, type TestApp } from '../helpers/test-app.ts';
import { login, memberInfo } from '../members/helpers.ts';
import { createPlayer, imposeProtection, type TestPlayer } from '../protection/helpers.ts';
import { demoMerchantId, resetRateLimits } from '../support/helpers.ts';

const REMEMBER = '/wps/session/remember';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  // One trusted proxy, so a test can say the visitor came over HTTPS (X-Forwarded-Proto).
  t = await startTestApp({ trustProxy: 1 });
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());
beforeEach(() => resetRateLimits(t));

interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
  raw: string;
}

function setCookies(res: ApiResponse): SetCookie[] {
  const header = res.headers.get('set-cookie');
  if (!header) return [];
  return header.split(/,\s*(?=khela_)/).map((raw) => {
    const [pair, ...attributes] = raw.split(';').map((part) => part.trim());
    const at = pair!.indexOf('=');
    return {
      name: pair!.slice(0, at),
      value: decodeURIComponent(pair!.slice(at + 1)),
      attributes: new Map(
        attributes.map((a) => {
          const [key, ...rest] = a.split('=');
          return [key!.toLowerCase(), rest.join('=')] as const;
        }),
      ),
      raw,
    };
  });
}

function cookieOf(res: ApiResponse, name: string): SetCookie {
  const found = setCookies(res).find((c) => c.name === name);
  if (!found) throw new Error(`no ${name} cookie in ${res.headers.get('set-cookie')}`);
  return found;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest();

async function rememberedLogIn(player: TestPlayer, headers: Record<string, string> = {}) {
  const res = await login(t, { username: player.username, password: player.password, remember: true }, { headers });
  expect(res.status).toBe(200);
  return { res, token: cookieOf(res, 'khela_remember').value, session: res.body.value };
}

const remembered = (token: string, headers: Record<string, string> = {}) =>
  t.request<MemberSession>('POST', REMEMBER, undefined, { headers: { ...headers, Cookie: `khela_remember=${token}` } });

async function tokenRow(token: string) {
  return t.db
    .selectFrom('member_remember_tokens')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
}

describe('log-in with remember: true (§4 remember me, 1 day)', () => {
  it('sets the username cookie and an HttpOnly, SameSite=Strict remember token; never the password', async () => {
    const player = await createPlayer(t, merchantId);
    const { res, token } = await rememberedLogIn(player);

    const remember = cookieOf(res, 'khela_remember');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(remember.attributes.has('httponly')).toBe(true);
    expect(remember.attributes.get('samesite')).toBe('Strict');
    expect(remember.attributes.get('path')).toBe('/wps/session');
    expect(remember.attributes.get('max-age')).toBe('86400');
    expect(remember.attributes.has('secure')).toBe(false);

    const user = cookieOf(res, 'khela_user');
    expect(user.value).toBe(player.username);
    expect(user.attributes.has('httponly')).toBe(false);
    expect(user.attributes.get('path')).toBe('/');
    expect(user.attributes.get('samesite')).toBe('Strict');

    const header = res.headers.get('set-cookie')!;
    expect(header).not.toContain(player.password);
    expect(header).not.toContain(encodeURIComponent(player.password));
    expect(header).not.toContain(res.body.value.token);

    const row = await tokenRow(token);
    expect(row).toMatchObject({
      member_id: player.row.id,
      merchant_id: merchantId,
      revoked_at: null,
      replaced_by: null,
    });
    const { rows } = await sql<{ hours: number }>`
      SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours FROM member_remember_tokens WHERE member_id = ${player.row.id}
    `.execute(t.db);
    expect(Number(rows[0]!.hours)).toBeCloseTo(24, 1);
    // Only the digest is kept: the raw token appears in no column.
    const { rows: raw } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM member_remember_tokens r WHERE r::text LIKE ${'%' + token + '%'}
    `.execute(t.db);
    expect(raw[0]!.n).toBe(0);
  });

  it('marks the cookies Secure when the visitor came over HTTPS', async () => {
    const player = await createPlayer(t, merchantId);
    const { res } = await rememberedLogIn(player, { 'X-Forwarded-Proto': 'https' });
    expect(cookieOf(res, 'khela_remember').attributes.has('secure')).toBe(true);
    expect(cookieOf(res, 'khela_user').attributes.has('secure')).toBe(true);
  });

  it('without remember clears both cookies and revokes the token the browser held', async () => {
    const player = await createPlayer(t, merchantId);
    const { token } = await rememberedLogIn(player);
    const res = await login(
      t,
      { username: player.username, password: player.password },
      { headers: { Cookie: `khela_user=${player.username}; khela_remember=${token}` } },
    );
    expect(res.status).toBe(200);
    expect(cookieOf(res, 'khela_remember')).toMatchObject({ value: '' });
    expect(cookieOf(res, 'khela_remember').attributes.get('max-age')).toBe('0');
    expect(cookieOf(res, 'khela_user').attributes.get('max-age')).toBe('0');
    expect((await tokenRow(token))?.revoked_at).not.toBeNull();
    expect((await remembered(token)).status).toBe(401);
  });

  it('sets no cookie when the log-in fails', async () => {
    const player = await createPlayer(t, merchantId);
    const res = await login(t, { username: player.username, password: 'Wrong@123', remember: true });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('POST /wps/session/remember', () => {
  it('logs in with the cookie and rotates it', async () => {
    const player = await createPlayer(t, merchantId);
    const first = await rememberedLogIn(player);

    const res = await remembered(first.token);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ id: player.row.id, userName: player.username, firstTimeLogin: false });
    expect(res.body.value.token).not.toBe(first.session.token);
    expect((await memberInfo(t, { Authorization: res.body.value.token })).status).toBe(200);

    const next = cookieOf(res, 'khela_remember');
    expect(next.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next.value).not.toBe(first.token);
    expect(next.attributes.has('httponly')).toBe(true);
    expect(Number(next.attributes.get('max-age'))).toBeLessThanOrEqual(86_400);
    expect(Number(next.attributes.get('max-age'))).toBeGreaterThan(86_000);
    expect(cookieOf(res, 'khela_user').value).toBe(player.username);

    const old = await tokenRow(first.token);
    expect(old?.revoked_at).not.toBeNull();
    expect(old?.replaced_by).toEqual(sha256(next.value));
    // Rotation keeps the day that started at the password log-in.
    expect((await tokenRow(next.value))?.expires_at).toEqual(old?.expires_at);

    expect((await remembered(next.value)).status).toBe(200);
  });

  it('treats a rotated token presented again as theft: every remember token of the member dies', async () => {
    const player = await createPlayer(t, merchantId);
    const { token: stolen } = await rememberedLogIn(player);
    const other = await rememberedLogIn(player);
    const rotated = cookieOf(await remembered(stolen), 'khela_remember').value;

    const reuse = await remembered(stolen, { Language: 'bn' });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('auth.remember_invalid');
    expect(reuse.body.message).toBe(errorMessage('auth.remember_invalid', 'bn'));
    expect(cookieOf(reuse, 'khela_remember').attributes.get('max-age')).toBe('0');

    for (const token of [rotated, other.token]) {
      const res = await remembered(token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('auth.remember_invalid');
    }
    const live = await t.db
      .selectFrom('member_remember_tokens')
      .select('token_hash')
      .where('member_id', '=', player.row.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  it('refuses a missing, unknown, expired or other-merchant token', async () => {
    const player = await createPlayer(t, merchantId);
    const { token } = await rememberedLogIn(player);
    const missing = await t.request('POST', REMEMBER);
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('auth.remember_invalid');
    expect((await remembered('A'.repeat(43))).body.code).toBe('auth.remember_invalid');

    await seedMerchant(t.db, { code: 'other', name: 'Other', domains: ['other.example'] });
    expect((await remembered(token, { Merchant: 'other' })).body.code).toBe('auth.remember_invalid');

    await t.db
      .updateTable('member_remember_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', sha256(token))
      .execute();
    expect((await remembered(token)).body.code).toBe('auth.remember_invalid');
    expect((await tokenRow(token))?.replaced_by).toBeNull();
  });

  it('goes through the shared log-in: protection and account status apply', async () => {
    const excluded = await createPlayer(t, merchantId);
    const { token } = await rememberedLogIn(excluded);
    const until = await imposeProtection(t, excluded, 'self_exclusion', '1 year');
    const res = await remembered(token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'auth.self_excluded', value: { until: until.toISOString() } });
    // The old token is spent either way; the browser gets its successor with the refusal.
    expect(cookieOf(res, 'khela_remember').value).not.toBe(token);
    expect((await tokenRow(cookieOf(res, 'khela_remember').value))?.revoked_at).toBeNull();

    const frozen = await createPlayer(t, merchantId);
    const held = await rememberedLogIn(frozen);
    await t.db.updateTable('members').set({ status: 'frozen' }).where('id', '=', frozen.row.id).execute();
    expect((await remembered(held.token)).body.code).toBe('auth.contact_agent');
  });

  it('answers odd cookie values with auth.remember_invalid and changes nothing', async () => {
    const player = await createPlayer(t, merchantId);
    const { token } = await rememberedLogIn(player);
    const before = await t.db.selectFrom('member_remember_tokens').selectAll().orderBy('created_at').execute();
    const cookies = [
      `khela_remember=${encodeURIComponent("' OR 1=1; --")}`,
      `khela_remember=${encodeURIComponent('<script>alert(1)</script>')}`,
      `khela_remember=${encodeURIComponent('আমি 🎰')}`,
      `khela_remember=${'x'.repeat(4000)}`,
      'khela_remember=%E0%A4%A',
      'khela_remember=',
      `khela_remember=${token.slice(0, 42)}`,
      `khela_remember=${token}x`,
    ];
    for (const Cookie of cookies) {
      const res = await t.request('POST', REMEMBER, undefined, { headers: { Cookie } });
      expect(res.status, Cookie).toBe(401);
      expect(res.body.code).toBe('auth.remember_invalid');
    }
    expect(await t.db.selectFrom('member_remember_tokens').selectAll().orderBy('created_at').execute()).toEqual(before);
  });
});

describe('DELETE /wps/session/logout', () => {
  it('forgets the remember-me cookie even when the session has already expired', async () => {
    const player = await createPlayer(t, merchantId);
    const { token } = await rememberedLogIn(player);
    const res = await t.request('DELETE', '/wps/session/logout', undefined, {
      headers: { Cookie: `khela_user=${player.username}; khela_remember=${token}` },
    });
    expect(res.status).toBe(200);
    expect(cookieOf(res, 'khela_remember')).toMatchObject({ value: '' });
    expect((await tokenRow(token))?.revoked_at).not.toBeNull();
    expect((await remembered(token)).body.code).toBe('auth.remember_invalid');
  });

  it('revokes the remember token of the cookie and clears both cookies', async () => {
    const player = await createPlayer(t, merchantId);
    const { token, session } = await rememberedLogIn(player);
    const res = await t.request('DELETE', '/wps/session/logout', undefined, {
      headers: { Authorization: session.token, Cookie: `khela_user=${player.username}; khela_remember=${token}` },
    });
    expect(res.status).toBe(200);
    for (const name of ['khela_remember', 'khela_user']) {
      expect(cookieOf(res, name)).toMatchObject({ value: '' });
      expect(cookieOf(res, name).attributes.get('max-age')).toBe('0');
    }
    expect((await tokenRow(token))?.revoked_at).not.toBeNull();
    const after = await remembered(token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('auth.remember_invalid');
  });
});
