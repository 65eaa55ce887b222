import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { ProtectionKind } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/modules/admin/passwords.ts';
import { memberRepository, type MemberRow } from '../../src/modules/members/repository.ts';
import { memberSessions } from '../../src/modules/sessions/member-sessions.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { login } from '../members/helpers.ts';

export const PLAYER_PASSWORD = 'Secret@123';

export interface TestPlayer {
  row: MemberRow;
  username: string;
  password: string;
}

/** A fresh player of the demo merchant (protection tests lock accounts out, so each gets its own). */
export async function createPlayer(t: TestApp, merchantId: number, type: 0 | 4 = 0): Promise<TestPlayer> {
  const username = `p${randomBytes(5).toString('hex')}`;
  const row = await memberRepository(t.db).insertUnder(
    t.db,
    { merchant_id: merchantId, username, password_hash: await hashPassword(PLAYER_PASSWORD), type },
    null,
  );
  return { row, username, password: PLAYER_PASSWORD };
}

/** Logs a player in over HTTP and returns its Authorization header. */
export async function logInAs(t: TestApp, player: TestPlayer): Promise<Record<string, string>> {
  const res = await login(t, { username: player.username, password: player.password });
  if (res.status !== 200) throw new Error(`log-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { Authorization: res.body.value.token };
}

/**
 * A live session made directly, as one that was open before a protection took effect (log-in
 * over HTTP is refused while one is in force).
 */
export async function sessionFor(t: TestApp, player: TestPlayer): Promise<Record<string, string>> {
  const token = await memberSessions({ db: t.db }).start(t.db, player.row, { ip: '127.0.0.1', userAgent: 'test' });
  return { Authorization: token };
}

/** A protection row written straight into the table (an operator-imposed one would look the same). */
export async function imposeProtection(
  t: TestApp,
  player: TestPlayer,
  kind: ProtectionKind,
  endsIn: string,
  startedAgo = '0 seconds',
): Promise<Date> {
  const row = await t.db
    .insertInto('member_protections')
    .values({
      merchant_id: player.row.merchant_id,
      member_id: player.row.id,
      kind,
      term: '1m',
      starts_at: sql<Date>`now() - ${startedAgo}::interval`,
      ends_at: sql<Date>`now() + ${endsIn}::interval`,
    })
    .returning('ends_at')
    .executeTakeFirstOrThrow();
  return row.ends_at;
}

export async function protectionRows(t: TestApp, player: TestPlayer) {
  return t.db
    .selectFrom('member_protections')
    .selectAll()
    .where('member_id', '=', player.row.id)
    .orderBy('id')
    .execute();
}

export async function liveSessionCount(t: TestApp, player: TestPlayer): Promise<number> {
  const row = await t.db
    .selectFrom('member_sessions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('member_id', '=', player.row.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}
