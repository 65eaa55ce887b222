import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { GameSummary, VendorLane } from '@khela/contracts';
import type { Db } from '../../src/db/database.ts';
import { gameCodeOf } from '../../src/seed/catalogue.ts';
import { memberSessions } from '../../src/modules/sessions/member-sessions.ts';
import { DEMO_ADMIN } from '../helpers/admin.ts';
import { createMembers } from '../ledger/helpers.ts';
import { eventually, nodeIdOf, startInstances, type Instance } from './helpers.ts';

/**
 * Issue 11 item 2: lobby reads and the per-request site settings are cached by every instance,
 * and an operator's change through any instance (or a write straight to the database) reaches
 * all of them: at once on the instance that made it, by NOTIFY on the others, well before the
 * TTL backstop (30 s).
 */

const LIST = '/wps/relay/GCSGAME_gameList';
const LANES = '/wps/relay/GCSGAME_newGameVendor';

let db: Db;
let a: Instance;
let b: Instance;
let close: () => Promise<void>;
let admin: Record<string, string>;
let dragonTiger: number;

beforeAll(async () => {
  const started = await startInstances(2, { siteCacheTtlMs: 30_000 });
  ({ db, close } = started);
  [a, b] = started.instances as [Instance, Instance];
  const login = await a.call<{ token: string }>('POST', '/admin/session/login', { body: DEMO_ADMIN });
  admin = { Authorization: login.body.value.token };
  dragonTiger = await nodeIdOf(db, gameCodeOf('PADMA', 'Dragon Tiger'));
});
afterAll(() => close());

const nameOn = async (instance: Instance) =>
  (await instance.get<{ games: GameSummary[] }>(LIST, { vassalage: 'PADMA', pageSize: 100 })).body.value.games.find(
    (g) => g.nodeId === dragonTiger,
  )?.gameName;

/** A write that no trigger announces: what an instance then serves comes from its cache. */
async function unannounced(
  table: 'games' | 'whitelabel_switches',
  trigger: string,
  write: (trx: Db) => Promise<unknown>,
) {
  await db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ${sql.ref(trigger)}`.execute(trx);
    await write(trx);
    await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER ${sql.ref(trigger)}`.execute(trx);
  });
}
const announce = async (scope: 'catalogue' | 'site' | 'sessions') => {
  const { id } = await db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirstOrThrow();
  await sql`SELECT pg_notify('khela_cache_changes', ${JSON.stringify({ scope, merchantId: id })})`.execute(db);
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('answers come from the cache until a change is announced', () => {
  it('lobby: a change nobody announces is not seen; announced, it is seen everywhere', async () => {
    expect(await nameOn(a)).toBe('Dragon Tiger');
    expect(await nameOn(b)).toBe('Dragon Tiger');
    await unannounced('games', 'games_changed', (trx) =>
      trx
        .updateTable('games')
        .set({ name: JSON.stringify({ bn: 'গোপন', en: 'Unannounced' }) })
        .where('id', '=', dragonTiger)
        .execute(),
    );
    await pause(200);
    expect([await nameOn(a), await nameOn(b)]).toEqual(['Dragon Tiger', 'Dragon Tiger']);
    await announce('catalogue');
    for (const instance of [a, b])
      expect(
        await eventually(
          () => nameOn(instance),
          (n) => n === 'Unannounced',
        ),
      ).toBe('Unannounced');
    await db
      .updateTable('games')
      .set({ name: JSON.stringify({ bn: 'ড্রাগন টাইগার', en: 'Dragon Tiger' }) })
      .where('id', '=', dragonTiger)
      .execute();
    for (const instance of [a, b])
      expect(
        await eventually(
          () => nameOn(instance),
          (n) => n === 'Dragon Tiger',
        ),
      ).toBe('Dragon Tiger');
  });

  it('site: the merchant’s switches are read once, not at every call', async () => {
    expect((await a.get(LIST)).status).toBe(200);
    expect((await b.get(LIST)).status).toBe(200);
    await unannounced('whitelabel_switches', 'whitelabel_switches_changed', (trx) =>
      trx.updateTable('whitelabel_switches').set({ enabled: false }).where('mod_id', '=', 'GAMELO3').execute(),
    );
    await pause(200);
    expect([(await a.get(LIST)).status, (await b.get(LIST)).status]).toEqual([200, 200]);
    await announce('site');
    for (const instance of [a, b])
      expect(
        (
          await eventually(
            () => instance.get(LIST),
            (r) => r.status === 403,
          )
        ).status,
      ).toBe(403);
    await db.updateTable('whitelabel_switches').set({ enabled: true }).where('mod_id', '=', 'GAMELO3').execute();
    for (const instance of [a, b])
      expect(
        (
          await eventually(
            () => instance.get(LIST),
            (r) => r.status === 200,
          )
        ).status,
      ).toBe(200);
  });
});

describe('lobby cache across instances', () => {
  it('an operator’s change through one instance shows there at once and on the other well before the TTL', async () => {
    // Both instances have the answer cached.
    expect(await nameOn(a)).toBe('Dragon Tiger');
    expect(await nameOn(b)).toBe('Dragon Tiger');
    const started = Date.now();
    const res = await a.call('PATCH', `/admin/games/${dragonTiger}`, {
      body: { name: { bn: 'ড্রাগন বাঘ', en: 'Dragon Bagh' } },
      headers: admin,
    });
    expect(res.status).toBe(200);
    expect(await nameOn(a)).toBe('Dragon Bagh');
    expect(
      await eventually(
        () => nameOn(b),
        (name) => name === 'Dragon Bagh',
      ),
    ).toBe('Dragon Bagh');
    expect(Date.now() - started).toBeLessThan(5_000);
    const version = await db.selectFrom('catalogue_changes').select('version').executeTakeFirstOrThrow();
    expect(version.version).toBeGreaterThan(1n);
  });

  it('a write straight to the database (a script, psql) reaches every instance too', async () => {
    await nameOn(a);
    await nameOn(b);
    await db
      .updateTable('games')
      .set({ name: JSON.stringify({ bn: 'ড্রাগন টাইগার', en: 'Dragon Tiger' }) })
      .where('id', '=', dragonTiger)
      .execute();
    for (const instance of [a, b]) {
      expect(
        await eventually(
          () => nameOn(instance),
          (name) => name === 'Dragon Tiger',
        ),
      ).toBe('Dragon Tiger');
    }
  });

  it('while an instance cannot hear changes it caches nothing, and it listens again by itself', async () => {
    const lanesOn = async (instance: Instance) =>
      (await instance.get<{ data: { lanes: VendorLane[] } }>(LANES)).body.value.data.lanes.map((l) => l.title);
    await lanesOn(b);
    // Every instance's listening connection is cut, as a network blip or a restarted proxy would.
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN khela_cache_changes'`.execute(
      db,
    );
    await db.updateTable('game_vendors').set({ status: 'off' }).where('vassalage', '=', 'TASH').execute();
    expect(
      await eventually(
        () => lanesOn(b),
        (titles) => !titles.includes('PVP'),
      ),
    ).not.toContain('PVP');
    // Listening again (after about a second), it hears the next change.
    await eventually(
      async () =>
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN khela_cache_changes'`.execute(db)
        ).rows[0]!.n,
      (n) => n === 2,
      5_000,
    );
    await lanesOn(b);
    await db.updateTable('game_vendors').set({ status: 'on' }).where('vassalage', '=', 'TASH').execute();
    expect(
      await eventually(
        () => lanesOn(b),
        (titles) => titles.includes('PVP'),
      ),
    ).toContain('PVP');
  });
});

describe('site settings cache across instances', () => {
  it('a switch turned off through one instance closes the call on both', async () => {
    expect((await a.get(LIST)).status).toBe(200);
    expect((await b.get(LIST)).status).toBe(200);
    await a.call('PUT', '/admin/switches/GAMELO3', { body: { enabled: false }, headers: admin });
    expect((await a.get(LIST)).body.code).toBe('system.feature_disabled');
    expect(
      (
        await eventually(
          () => b.get(LIST),
          (res) => res.status === 403,
        )
      ).body.code,
    ).toBe('system.feature_disabled');
    await b.call('PUT', '/admin/switches/GAMELO3', { body: { enabled: true }, headers: admin });
    expect((await b.get(LIST)).status).toBe(200);
    expect(
      (
        await eventually(
          () => a.get(LIST),
          (res) => res.status === 200,
        )
      ).status,
    ).toBe(200);
  });

  it('a maintenance window opened through one instance gates both; closing it opens both', async () => {
    const window = await a.call<{ id: number }>('POST', '/admin/maintenance', {
      body: {
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: null,
        message: { bn: 'রক্ষণাবেক্ষণ', en: 'Maintenance' },
      },
      headers: admin,
    });
    expect(window.status).toBe(200);
    expect((await a.get(LANES)).body.code).toBe('system.maintenance');
    expect(
      (
        await eventually(
          () => b.get(LANES),
          (res) => res.status === 503,
        )
      ).body.code,
    ).toBe('system.maintenance');
    await b.call('DELETE', `/admin/maintenance/${window.body.value.id}`, { headers: admin });
    expect((await b.get(LANES)).status).toBe(200);
    expect(
      (
        await eventually(
          () => a.get(LANES),
          (res) => res.status === 200,
        )
      ).status,
    ).toBe(200);
  });

  it('a merchant unknown a moment ago is served once it exists', async () => {
    const headers = { Merchant: 'latecomer' };
    expect((await a.get(LANES, {}, headers)).body.code).toBe('merchant.invalid_url');
    expect((await b.get(LANES, {}, headers)).body.code).toBe('merchant.invalid_url');
    await db.insertInto('merchants').values({ code: 'latecomer', name: 'Latecomer' }).execute();
    for (const instance of [a, b]) {
      const res = await eventually(
        () => instance.get(LANES, {}, headers),
        (r) => r.status === 200,
      );
      expect(res.body).toMatchObject({ success: true, value: { data: { lanes: [] } } });
    }
  });
});

/**
 * Member sessions (migration 0018): an instance trusts a session it has checked for a few seconds,
 * and forgets its merchant's checked sessions when one ends or its member changes — whichever
 * instance or writer ended it — and at once on its own log-out.
 */
describe('checked sessions', () => {
  const PROTECTION = '/wps/member/protection';
  const asMember = (token: string) => ({ Authorization: token, Merchant: 'khela' });
  const status = async (instance: Instance, token: string) =>
    (await instance.get(PROTECTION, {}, asMember(token))).status;

  /** Both instances refuse the token, each within a moment of the change. */
  async function refusedOnBoth(token: string) {
    for (const instance of [a, b]) {
      expect(
        await eventually(
          () => status(instance, token),
          (s) => s === 401,
        ),
      ).toBe(401);
    }
  }

  async function sessionOfNewPlayer() {
    const merchant = await db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'khela')
      .executeTakeFirstOrThrow();
    const [memberId] = await createMembers(db, merchant.id, 1);
    const at = { ip: '127.0.0.1', userAgent: 'test' };
    const token = await memberSessions({ db }).start(db, { id: memberId!, merchant_id: merchant.id }, at);
    return { memberId: memberId!, token };
  }

  it('is trusted until its end is heard; then refused on every instance', async () => {
    const { token } = await sessionOfNewPlayer();
    expect([await status(a, token), await status(b, token)]).toEqual([200, 200]);
    // Revoked with the trigger off: nobody hears it, so both instances still trust what they checked.
    await db.transaction().execute(async (trx) => {
      await sql`ALTER TABLE member_sessions DISABLE TRIGGER member_sessions_ended`.execute(trx);
      await trx
        .updateTable('member_sessions')
        .set({ revoked_at: new Date() })
        .where('revoked_at', 'is', null)
        .execute();
      await sql`ALTER TABLE member_sessions ENABLE TRIGGER member_sessions_ended`.execute(trx);
    });
    expect([await status(a, token), await status(b, token)]).toEqual([200, 200]);
    // Announced (as the trigger does): both refuse it.
    await announce('sessions');
    await refusedOnBoth(token);
  });

  it('a frozen member is refused everywhere a moment after the operator’s write', async () => {
    const { memberId, token } = await sessionOfNewPlayer();
    expect([await status(a, token), await status(b, token)]).toEqual([200, 200]);
    await db.updateTable('members').set({ status: 'frozen' }).where('id', '=', memberId).execute();
    await refusedOnBoth(token);
  });

  it('a log-out is refused at once by the instance it went through, and soon by the others', async () => {
    const { token } = await sessionOfNewPlayer();
    expect([await status(a, token), await status(b, token)]).toEqual([200, 200]);
    expect((await a.call('DELETE', '/wps/session/logout', { headers: asMember(token) })).status).toBe(200);
    expect(await status(a, token)).toBe(401);
    expect(
      await eventually(
        () => status(b, token),
        (s) => s === 401,
      ),
    ).toBe(401);
  });
});
