import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { COOLING_OFF_PERIODS, errorMessage, SELF_EXCLUSION_TERMS, type Protection } from '@khela/contracts';
import { assertMayLogIn, assertMayWager } from '../../src/modules/protection/guards.ts';
import { PROTECTION_INTERVALS } from '../../src/modules/protection/protection-service.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { login, memberInfo } from '../members/helpers.ts';
import { demoMerchantId, resetRateLimits } from '../support/helpers.ts';
import {
  createPlayer,
  imposeProtection,
  liveSessionCount,
  logInAs,
  protectionRows,
  sessionFor,
  type TestPlayer,
} from './helpers.ts';

const SELF_EXCLUSION = '/wps/member/protection/self-exclusion';
const COOLING_OFF = '/wps/member/protection/cooling-off';
const STATE = '/wps/member/protection';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());
beforeEach(() => resetRateLimits(t));

type Fields = { fields: { field: string; message: string }[] };

function selfExclude(headers: Record<string, string>, term: string, password: string, language = 'en') {
  return t.sealed<Protection>(
    'POST',
    SELF_EXCLUSION,
    { term, password },
    { headers: { ...headers, Language: language } },
  );
}

function coolOff(headers: Record<string, string>, period: string, password: string) {
  return t.sealed<Protection>('POST', COOLING_OFF, { period, password }, { headers });
}

/** now() + interval as PostgreSQL computes it (calendar months and years). */
async function dbNowPlus(interval: string): Promise<number> {
  const { rows } = await sql<{ at: Date }>`SELECT now() + ${interval}::interval AS at`.execute(t.db);
  return rows[0]!.at.getTime();
}

describe('GET /wps/member/protection', () => {
  it('answers nothing in force for a fresh member, and needs a session', async () => {
    const player = await createPlayer(t, merchantId);
    const res = await t.get<Protection>(STATE, { headers: await logInAs(t, player) });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ selfExcludedUntil: null, coolingOffUntil: null });
    expect((await t.get(STATE)).status).toBe(401);
  });

  it('ignores protections that have ended', async () => {
    const player = await createPlayer(t, merchantId);
    await imposeProtection(t, player, 'cooling_off', '-1 hour', '2 days');
    const headers = await logInAs(t, player);
    expect((await t.get<Protection>(STATE, { headers })).body.value.coolingOffUntil).toBeNull();
  });
});

describe('self-exclusion (issue 4 item 10)', () => {
  it('ends every session at once and blocks the next log-in with the until date', async () => {
    const player = await createPlayer(t, merchantId);
    const current = await logInAs(t, player);
    const other = await logInAs(t, player);
    const expected = await dbNowPlus('6 months');

    const res = await selfExclude(current, '6m', player.password);
    expect(res.status).toBe(200);
    const until = res.body.value.selfExcludedUntil!;
    expect(Math.abs(new Date(until).getTime() - expected)).toBeLessThan(60_000);
    expect(res.body.value.coolingOffUntil).toBeNull();

    expect((await memberInfo(t, current)).status).toBe(401);
    expect((await memberInfo(t, other)).status).toBe(401);
    expect(await liveSessionCount(t, player)).toBe(0);

    const again = await login(
      t,
      { username: player.username, password: player.password },
      { headers: { Language: 'bn' } },
    );
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('auth.self_excluded');
    expect(again.body.message).toBe(errorMessage('auth.self_excluded', 'bn'));
    expect(again.body.value).toEqual({ until });
    expect(await liveSessionCount(t, player)).toBe(0);
  });

  it('does not reveal the exclusion to someone without the password', async () => {
    const player = await createPlayer(t, merchantId);
    await selfExclude(await logInAs(t, player), '1y', player.password);
    const res = await login(t, { username: player.username, password: 'Wrong@123' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('auth.invalid_credentials');
    expect(res.body.value).toBeNull();
  });

  it('refuses a wrong password with a field error and changes nothing', async () => {
    const player = await createPlayer(t, merchantId);
    const headers = await logInAs(t, player);
    const res = await selfExclude(headers, '5y', 'Wrong@123', 'bn');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('password.wrong_old');
    expect((res.body.value as unknown as Fields).fields).toEqual([
      { field: 'password', message: errorMessage('password.wrong_old', 'bn') },
    ]);
    expect(await protectionRows(t, player)).toEqual([]);
    expect((await memberInfo(t, headers)).status).toBe(200);
  });

  it('throttles wrong passwords per member, whatever the session', async () => {
    const player = await createPlayer(t, merchantId);
    const headers = await logInAs(t, player);
    for (let i = 0; i < 5; i++) expect((await selfExclude(headers, '6m', `Wrong@${i}`)).status).toBe(400);
    const res = await selfExclude(await logInAs(t, player), '6m', player.password);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('request.rate_limited');
    expect(await protectionRows(t, player)).toEqual([]);
  });

  it('is refused to trial accounts', async () => {
    const trial = await t.request<{ token: string }>('POST', '/wps/session/login/freeplay', {});
    const headers = { Authorization: trial.body.value.token };
    for (const res of [await selfExclude(headers, '6m', 'anything'), await coolOff(headers, '1d', 'anything')]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('auth.trial_account');
    }
    expect((await memberInfo(t, headers)).status).toBe(200);
  });

  it('stores each term as calendar time from now', async () => {
    const player = await createPlayer(t, merchantId);
    for (const term of SELF_EXCLUSION_TERMS) {
      expect((await selfExclude(await sessionFor(t, player), term, player.password)).status).toBe(200);
    }
    const rows = await protectionRows(t, player);
    expect(rows.map((r) => [r.kind, r.term])).toEqual(SELF_EXCLUSION_TERMS.map((term) => ['self_exclusion', term]));
    const { rows: exact } = await sql<{ term: string; exact: boolean }>`
      SELECT term, ends_at = starts_at + (CASE term WHEN '6m' THEN '6 months' WHEN '1y' THEN '1 year' ELSE '5 years' END)::interval AS exact
      FROM member_protections WHERE member_id = ${player.row.id}
    `.execute(t.db);
    expect(exact.every((r) => r.exact)).toBe(true);
  });
});

describe('cooling-off (issue 4 item 10)', () => {
  it('ends every session at once and blocks the next log-in with the until date', async () => {
    const player = await createPlayer(t, merchantId);
    const headers = await logInAs(t, player);
    const expected = await dbNowPlus('7 days');
    const res = await coolOff(headers, '1w', player.password);
    expect(res.status).toBe(200);
    const until = res.body.value.coolingOffUntil!;
    expect(Math.abs(new Date(until).getTime() - expected)).toBeLessThan(60_000);
    expect((await memberInfo(t, headers)).status).toBe(401);

    const again = await login(t, { username: player.username, password: player.password });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('auth.cooling_off');
    expect(again.body.value).toEqual({ until });
  });

  it('adds calendar months by PostgreSQL interval arithmetic, for every period', async () => {
    const player = await createPlayer(t, merchantId);
    for (const period of COOLING_OFF_PERIODS) {
      expect((await coolOff(await sessionFor(t, player), period, player.password)).status).toBe(200);
    }
    const rows = await protectionRows(t, player);
    expect(rows.map((r) => r.term)).toEqual([...COOLING_OFF_PERIODS]);
    for (const row of rows) {
      const { rows: check } = await sql<{ exact: boolean }>`
        SELECT ${row.ends_at}::timestamptz = ${row.starts_at}::timestamptz + ${PROTECTION_INTERVALS[row.term as '1d']}::interval AS exact
      `.execute(t.db);
      expect(check[0]!.exact).toBe(true);
    }
    expect(PROTECTION_INTERVALS['1m']).toBe('1 month');
    expect(PROTECTION_INTERVALS['3m']).toBe('3 months');
  });

  it('can only be extended: a shorter request keeps the later end, a longer one moves it', async () => {
    const player = await createPlayer(t, merchantId);
    const longEnd = await imposeProtection(t, player, 'cooling_off', '2 months');

    const shorter = await coolOff(await sessionFor(t, player), '1d', player.password);
    expect(shorter.status).toBe(200);
    expect(shorter.body.value.coolingOffUntil).toBe(longEnd.toISOString());

    const expected = await dbNowPlus('3 months');
    const longer = await coolOff(await sessionFor(t, player), '3m', player.password);
    expect(Math.abs(new Date(longer.body.value.coolingOffUntil!).getTime() - expected)).toBeLessThan(60_000);
    expect((await t.get<Protection>(STATE, { headers: await sessionFor(t, player) })).body.value).toEqual(
      longer.body.value,
    );
    expect(await protectionRows(t, player)).toHaveLength(3);
  });

  it('keeps every decision: the table refuses updates and deletes', async () => {
    const player = await createPlayer(t, merchantId);
    await coolOff(await logInAs(t, player), '1d', player.password);
    await expect(
      t.db
        .updateTable('member_protections')
        .set({ ends_at: new Date() })
        .where('member_id', '=', player.row.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.db.deleteFrom('member_protections').where('member_id', '=', player.row.id).execute(),
    ).rejects.toThrow(/append-only/);
    expect(await protectionRows(t, player)).toHaveLength(1);
  });
});

describe('the guards other issues call', () => {
  let player: TestPlayer;
  beforeAll(async () => {
    player = await createPlayer(t, merchantId);
  });

  it('assertMayWager refuses trial accounts, then self-excluded and cooling-off members', async () => {
    await expect(assertMayWager(t.db, { id: player.row.id, type: 0 })).resolves.toBeUndefined();
    await expect(assertMayWager(t.db, { id: player.row.id, type: 4 })).rejects.toMatchObject({
      code: 'auth.trial_account',
    });
    const coolingEnd = await imposeProtection(t, player, 'cooling_off', '1 day');
    await expect(assertMayWager(t.db, { id: player.row.id, type: 0 })).rejects.toMatchObject({
      code: 'auth.cooling_off',
      value: { until: coolingEnd.toISOString() },
    });
    const exclusionEnd = await imposeProtection(t, player, 'self_exclusion', '1 year');
    await expect(assertMayLogIn(t.db, { id: player.row.id })).rejects.toMatchObject({
      code: 'auth.self_excluded',
      value: { until: exclusionEnd.toISOString() },
    });
  });
});

describe('bad input on the protection calls', () => {
  const HTML = '<script>alert(1)</script>';
  const SQL_PAYLOAD = "' OR 1=1; DROP TABLE member_protections; --";

  it('refuses wrong types, unknown terms, overlong and odd passwords with a code; nothing changes', async () => {
    const player = await createPlayer(t, merchantId);
    const headers = await logInAs(t, player);
    const cases: [string, unknown, string][] = [
      [SELF_EXCLUSION, { term: 6, password: player.password }, 'request.invalid'],
      [SELF_EXCLUSION, { term: 'forever', password: player.password }, 'request.invalid'],
      [SELF_EXCLUSION, { term: '৬মা', password: player.password }, 'request.invalid'],
      [SELF_EXCLUSION, { term: SQL_PAYLOAD, password: player.password }, 'request.invalid'],
      [SELF_EXCLUSION, { term: '6m' }, 'request.invalid'],
      [SELF_EXCLUSION, { term: '6m', password: 123456 }, 'request.invalid'],
      [SELF_EXCLUSION, { term: '6m', password: 'x'.repeat(129) }, 'request.invalid'],
      [SELF_EXCLUSION, { term: '6m', password: 'আমি 🎰 \u202E' }, 'password.wrong_old'],
      [SELF_EXCLUSION, { term: '6m', password: SQL_PAYLOAD }, 'password.wrong_old'],
      [SELF_EXCLUSION, { term: '6m', password: HTML }, 'password.wrong_old'],
      [SELF_EXCLUSION, { term: ['6m'], password: [player.password] }, 'request.invalid'],
      [COOLING_OFF, { period: '1y', password: player.password }, 'request.invalid'],
      [COOLING_OFF, { period: null, password: player.password }, 'request.invalid'],
      [COOLING_OFF, { period: HTML, password: player.password }, 'request.invalid'],
      [COOLING_OFF, { period: '1d', password: '' }, 'password.wrong_old'],
    ];
    for (const [path, payload, code] of cases) {
      const res = await t.sealed('POST', path, payload, { headers });
      expect(res.status, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.code, JSON.stringify(payload)).toBe(code);
      await resetRateLimits(t);
    }
    const plaintext = await t.request('POST', SELF_EXCLUSION, { term: '6m', password: player.password }, { headers });
    expect(plaintext.body.code).toBe('request.encryption_required');
    expect(await protectionRows(t, player)).toEqual([]);
    expect((await memberInfo(t, headers)).status).toBe(200);
  });
});
