import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { errorMessage, type MemberSession } from '@khela/contracts';
import { seedMerchant } from '../../src/seed/demo.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { memberInfo } from '../members/helpers.ts';
import { createPlayer, imposeProtection, logInAs } from '../protection/helpers.ts';
import { demoMerchantId, resetRateLimits } from '../support/helpers.ts';

const ISSUE = '/wps/session/ticket';
const EXCHANGE = '/wps/session/ticket/exchange';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());
beforeEach(() => resetRateLimits(t));

const sha256 = (value: string) => createHash('sha256').update(value).digest();

async function issue(headers: Record<string, string>): Promise<string> {
  const res = await t.request<{ ticket: string; expiresInSeconds: number }>('POST', ISSUE, undefined, { headers });
  expect(res.status).toBe(200);
  return res.body.value.ticket;
}

const exchange = (ticket: unknown, headers: Record<string, string> = {}) =>
  t.request<MemberSession>('POST', EXCHANGE, { ticket }, { headers });

async function liveSessions(memberId: number): Promise<number> {
  const row = await t.db
    .selectFrom('member_sessions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('POST /wps/session/ticket', () => {
  it('issues a 256-bit ticket for 60 seconds, stored only as its digest', async () => {
    const player = await createPlayer(t, merchantId);
    const res = await t.request<{ ticket: string; expiresInSeconds: number }>('POST', ISSUE, undefined, {
      headers: await logInAs(t, player),
    });
    expect(res.status).toBe(200);
    expect(res.body.value.expiresInSeconds).toBe(60);
    expect(res.body.value.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await sql<{ member_id: number; seconds: number; raw: boolean }>`
      SELECT member_id, extract(epoch FROM expires_at - now()) AS seconds, t::text LIKE ${'%' + res.body.value.ticket + '%'} AS raw
      FROM member_login_tickets t WHERE ticket_hash = ${sha256(res.body.value.ticket)}
    `.execute(t.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.member_id).toBe(player.row.id);
    expect(Number(rows[0]!.seconds)).toBeGreaterThan(55);
    expect(Number(rows[0]!.seconds)).toBeLessThanOrEqual(60);
    expect(rows[0]!.raw).toBe(false);
  });

  it('needs a live session', async () => {
    const res = await t.request('POST', ISSUE);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('auth.not_logged_in');
  });
});

describe('POST /wps/session/ticket/exchange', () => {
  it('trades the ticket for a new session, once', async () => {
    const player = await createPlayer(t, merchantId);
    const headers = await logInAs(t, player);
    const ticket = await issue(headers);

    const res = await exchange(ticket);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ id: player.row.id, userName: player.username });
    expect(res.body.value.token).not.toBe(headers.Authorization);
    expect((await memberInfo(t, { Authorization: res.body.value.token })).status).toBe(200);
    expect((await memberInfo(t, headers)).status).toBe(200);
    expect(await liveSessions(player.row.id)).toBe(2);

    const again = await exchange(ticket, { Language: 'bn' });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('auth.ticket_invalid');
    expect(again.body.message).toBe(errorMessage('auth.ticket_invalid', 'bn'));
    expect(await liveSessions(player.row.id)).toBe(2);
  });

  it('lets exactly one of two racing exchanges win', async () => {
    const player = await createPlayer(t, merchantId);
    const ticket = await issue(await logInAs(t, player));
    const answers = await Promise.all([exchange(ticket), exchange(ticket), exchange(ticket)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it('refuses an expired ticket', async () => {
    const player = await createPlayer(t, merchantId);
    const ticket = await issue(await logInAs(t, player));
    await t.db
      .updateTable('member_login_tickets')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('ticket_hash', '=', sha256(ticket))
      .execute();
    const res = await exchange(ticket);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('auth.ticket_invalid');
    expect(await liveSessions(player.row.id)).toBe(1);
  });

  it("refuses another merchant's ticket", async () => {
    await seedMerchant(t.db, { code: 'other', name: 'Other', domains: ['other.example'] });
    const player = await createPlayer(t, merchantId);
    const ticket = await issue(await logInAs(t, player));
    expect((await exchange(ticket, { Merchant: 'other' })).body.code).toBe('auth.ticket_invalid');
    expect((await exchange(ticket)).status).toBe(200);
  });

  it('goes through the shared log-in: a protection in force refuses it', async () => {
    const player = await createPlayer(t, merchantId);
    const ticket = await issue(await logInAs(t, player));
    const until = await imposeProtection(t, player, 'cooling_off', '3 days');
    const res = await exchange(ticket);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'auth.cooling_off', value: { until: until.toISOString() } });
    expect(await liveSessions(player.row.id)).toBe(1);
  });

  it('answers bad input with a 4xx and a code, and burns no ticket', async () => {
    const player = await createPlayer(t, merchantId);
    const ticket = await issue(await logInAs(t, player));
    const cases: [unknown, string][] = [
      [12345, 'request.invalid'],
      [null, 'request.invalid'],
      [[ticket], 'request.invalid'],
      [{ ticket }, 'request.invalid'],
      ['x'.repeat(129), 'request.invalid'],
      ['', 'auth.ticket_invalid'],
      ["' OR 1=1; UPDATE member_login_tickets SET used_at = NULL; --", 'auth.ticket_invalid'],
      ['<script>alert(1)</script>', 'auth.ticket_invalid'],
      ['আমি বাংলায় 🎰', 'auth.ticket_invalid'],
      [ticket.toUpperCase(), 'auth.ticket_invalid'],
      [`${ticket}\u0000`, 'request.invalid'],
    ];
    for (const [value, code] of cases) {
      const res = await exchange(value);
      expect(res.status, JSON.stringify(value)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.code, JSON.stringify(value)).toBe(code);
    }
    expect(
      (
        await t.request('POST', EXCHANGE, undefined, {
          rawBody: '{"ticket":',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    const row = await t.db
      .selectFrom('member_login_tickets')
      .select('used_at')
      .where('ticket_hash', '=', sha256(ticket))
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
    expect(await liveSessions(player.row.id)).toBe(1);
    expect((await exchange(ticket)).status).toBe(200);
  });
});
