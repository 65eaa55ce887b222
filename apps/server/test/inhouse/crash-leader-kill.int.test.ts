import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, inject } from 'vitest';
import { crashPointOf, crashTimeOf, previousChainHash } from '@khela/games';
import type { InhouseRound } from '@khela/contracts';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { memberSessions } from '../../src/modules/sessions/member-sessions.ts';
import { TEMPLATE_DB } from '../global-setup.ts';
import { cloneDatabase, dropDatabase } from '../helpers/databases.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { auditLedger, createMembers, postDeposit } from '../ledger/helpers.ts';
import { freePort, serverProcess } from '../seamless/server-process.ts';
import { requestId } from './helpers.ts';

/**
 * Issue 12, Crash with two server instances on one database: both try to lead, one does; bets go to
 * the other; the leader is SIGKILLed mid-round. The survivor takes the lead, crashes the round at
 * its chain's point on time, pays the automatic cash-out and the manual one made through it, settles
 * the rider's loss, and goes on with the next round. Every bet is settled once; the ledger balances.
 */
const FUNDS = 1_000_00n;
const LOCK_CLASS = 0x4b43;

let adminUrl: string;
let databaseUrl: string;
let dataDir: string;
let db: Db;
let merchantId: number;
const tokens: string[] = [];
const servers = new Map<string, ReturnType<typeof serverProcess>>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => Promise<T | undefined | null | false>, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The instance (its PGAPPNAME) holding the merchant's crash lock, if any. */
async function leaderName(): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`
    SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ${LOCK_CLASS} AND l.objid = ${merchantId}`.execute(db);
  return rows[0]?.name;
}

beforeAll(async () => {
  adminUrl = inject('adminDatabaseUrl');
  databaseUrl = await cloneDatabase(adminUrl, TEMPLATE_DB);
  dataDir = await mkdtemp(join(tmpdir(), 'khela-crash-kill-'));
  db = createDb(createPool(databaseUrl, 4));
  merchantId = (await db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirstOrThrow()).id;
  const ledger = createLedger({ db });
  for (const memberId of await createMembers(db, merchantId, 3)) {
    await postDeposit(ledger, {
      merchantId,
      account: { kind: 'member_main', memberId },
      amount: FUNDS,
      idempotencyKey: `crash-kill-${memberId}`,
    });
    tokens.push(
      await memberSessions({ db }).start(
        db,
        { id: memberId, merchant_id: merchantId },
        { ip: '127.0.0.1', userAgent: 'kill' },
      ),
    );
  }
  // A chain whose first rounds run 7–15 s (×1.50 – ×2.50): long enough to kill the leader mid-round.
  const salt = 'kill-test';
  for (;;) {
    const hashes = [randomBytes(32).toString('hex')];
    for (let k = 0; k < 20; k++) hashes.unshift(previousChainHash(hashes[0]!));
    const points = hashes.slice(1, 5).map((hash) => crashPointOf(hash, salt));
    if (!points.every((point) => point >= 150 && point <= 250)) continue;
    await db
      .insertInto('crash_chains')
      .values({
        merchant_id: merchantId,
        seed_sealed: testSecrets.seal('crash-chain', hashes[20]!),
        head_hash: hashes[0]!,
        salt,
        length: 20,
      })
      .execute();
    break;
  }
  for (const name of ['khela-a', 'khela-b']) {
    const server = serverProcess({
      databaseUrl,
      port: await freePort(),
      dataDir,
      env: { PGAPPNAME: name, CRASH_BETTING_MS: '1500', CRASH_PAUSE_MS: '300' },
    });
    servers.set(name, server);
  }
  await Promise.all([...servers.values()].map((server) => server.start()));
}, 120_000);

afterAll(async () => {
  for (const server of servers.values()) await server.kill();
  await db?.destroy();
  if (databaseUrl) await dropDatabase(adminUrl, databaseUrl);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function call(server: ReturnType<typeof serverProcess>, token: string, path: string, body: object) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, merchant: 'khela' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { value: InhouseRound; code?: string } };
}

it('the survivor of a killed leader finishes its round and every bet in it, then goes on', async () => {
  const leader = await until(leaderName, 15_000, 'a leader');
  const survivorName = leader === 'khela-a' ? 'khela-b' : 'khela-a';
  const survivor = servers.get(survivorName)!;

  // Bets through the instance that does not lead, in a round with time left to bet.
  const round = await until(
    () =>
      db
        .selectFrom('crash_rounds')
        .selectAll()
        .where('state', '=', 'betting')
        .where('betting_ends_at', '>', sql<Date>`now() + interval '600 milliseconds'`)
        .executeTakeFirst(),
    20_000,
    'a round taking bets',
  );
  const [auto, manual, rider] = await Promise.all([
    call(survivor, tokens[0]!, '/wps/inhouse/crash/bet', {
      requestId: requestId(),
      stake: '10.00',
      autoCashOut: '1.40',
    }),
    call(survivor, tokens[1]!, '/wps/inhouse/crash/bet', { requestId: requestId(), stake: '10.00' }),
    call(survivor, tokens[2]!, '/wps/inhouse/crash/bet', { requestId: requestId(), stake: '10.00' }),
  ]);
  for (const placed of [auto, manual, rider]) expect(placed.status).toBe(200);

  // Mid-round, before any automatic cash-out is due (×1.40 comes at 5.6 s): the leader dies.
  await until(
    async () =>
      (await db.selectFrom('crash_rounds').select('state').where('id', '=', round.id).executeTakeFirstOrThrow())
        .state === 'running',
    10_000,
    'the round to start',
  );
  await sleep(500);
  await servers.get(leader)!.kill('SIGKILL');
  expect(await until(async () => (await leaderName()) === survivorName, 10_000, 'the survivor to lead')).toBe(true);

  // A cash-out through the survivor while the round flies on.
  const cashed = await call(survivor, tokens[1]!, '/wps/inhouse/crash/cash-out', {
    roundId: manual.body.value.roundId,
  });
  expect(cashed.status).toBe(200);
  expect(cashed.body.value.state).toBe('settled');

  const crashed = await until(
    async () => {
      const row = await db.selectFrom('crash_rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
      return row.state === 'crashed' && row;
    },
    crashTimeOf(250) + 10_000,
    'the crash',
  );
  const chain = await db
    .selectFrom('crash_chains')
    .select('salt')
    .where('id', '=', crashed.chain_id)
    .executeTakeFirstOrThrow();
  expect(crashed.crash_point).toBe(crashPointOf(crashed.hash!, chain.salt));
  expect(previousChainHash(crashed.hash!)).toBe(crashed.previous_hash);
  // Crashed on time, by the survivor's clock as by the dead leader's.
  const ranMs = crashed.crashed_at!.getTime() - crashed.started_at!.getTime();
  expect(ranMs).toBeGreaterThanOrEqual(crashTimeOf(crashed.crash_point!) - 5);
  expect(ranMs).toBeLessThan(crashTimeOf(crashed.crash_point!) + 1_500);

  const bets = await until(
    async () => {
      const rows = await db.selectFrom('inhouse_rounds').selectAll().where('crash_round_id', '=', round.id).execute();
      return rows.every((row) => row.state === 'settled') && rows;
    },
    5_000,
    'every bet settled',
  );
  const byId = new Map(bets.map((row) => [row.id.toString(), row]));
  expect(byId.get(auto.body.value.roundId)).toMatchObject({ payout: 1_400n, outcome: { cashedOutAt: '1.40' } });
  expect(byId.get(rider.body.value.roundId)).toMatchObject({ payout: 0n, outcome: { cashedOutAt: null } });
  expect(byId.get(manual.body.value.roundId)!.payout).toBe(BigInt(cashed.body.value.payout!.replace('.', '')));
  for (const row of bets) {
    const wins = await db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', `inhouse:${row.id}:win`)
      .execute();
    expect(wins).toHaveLength(row.payout! > 0n ? 1 : 0);
  }

  // The survivor goes on: the next round opens on the next hash of the chain.
  const next = await until(
    () => db.selectFrom('crash_rounds').selectAll().where('id', '>', round.id).executeTakeFirst(),
    5_000,
    'the next round',
  );
  expect(next).toMatchObject({ position: crashed.position + 1, previous_hash: crashed.hash });
  const live = await db.selectFrom('crash_rounds').select('id').where('state', '<>', 'crashed').execute();
  expect(live.length).toBeLessThanOrEqual(1);
  expect(await auditLedger(db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
}, 90_000);
