/**
 * `npm run bench:sports` (scripts/bench-sports.mjs), issue 15 "Performance": bet slips placed per
 * second through the full HTTP path (member session, guards, odds and limits, stake, slip, legs
 * and records: one database transaction a slip) with 8 and 32 clients, p50 and p99, printed beside
 * `pgbench -b tpcb-like` on the same PostgreSQL in the same run; then the time to settle one event
 * with BENCH_SETTLE_BETS (100 000) open single bets on it, seeded in SQL. It prints figures; it is
 * never a test.
 * - PostgreSQL: DATABASE_URL (an admin URL), else a bundled one.
 * - The real server as a child process (NODE_ENV=production), each client as its own member.
 * - Slips and pgbench take turns in BENCH_ROUNDS (3) slices of BENCH_SECONDS (15) ÷ 3.
 * - Targets: slips/s ÷ pgbench tps ≥ 0.5; settling 100 000 bets ≤ 30 s.
 * - Profiling: BENCH_WAITS=1 (what the server's connections wait on), BENCH_STATEMENTS=1 (the
 *   settlement's statements by time), BENCH_PROFILE=<dir> (the server's CPU profile).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { Pool } from 'undici';
import type { SportsEventInput } from '@khela/contracts';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import { ownBookSession } from '../../src/modules/games/inhouse/inhouse-wallet.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { sportsBook } from '../../src/modules/sports/book.ts';
import { benchPostgres, driveClients, percentile, pgbenchReference } from '../helpers/bench-postgres.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { benchPlayers } from '../inhouse/helpers.ts';
import { freePort, serverProcess } from '../seamless/server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
/** BENCH_CLIENTS=none measures the settlement only (no server). */
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '8,32')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SETTLE_BETS = Number(process.env.BENCH_SETTLE_BETS ?? 100_000);
const MEMBERS = Math.max(32, ...CLIENT_COUNTS);
const EVENTS = 16;

const match = (n: number, startsInMs: number): SportsEventInput => ({
  sport: 'FOOTBALL',
  competition: { code: 'BENCH', name: { en: 'Bench League', bn: 'বেঞ্চ লীগ' } },
  home: { en: `Home ${n}`, bn: `ঘর ${n}` },
  away: { en: `Away ${n}`, bn: `বাইরে ${n}` },
  startsAt: new Date(Date.now() + startsInMs).toISOString(),
  markets: [
    { type: 'ONE_X_TWO', minStake: '1.00', maxStake: '100000.00', odds: { HOME: '2.10', DRAW: '3.20', AWAY: '3.30' } },
  ],
});

/** Copies of the placed slips on one fresh event, in SQL: `count` open singles on its HOME selection. */
async function seedOpenBets(db: Db, merchantId: number, count: number) {
  const book = sportsBook({ db, ledger: createLedger({ db }), secrets: testSecrets });
  const event = await book.upsertEvent({ merchantId }, match(999, 60_000));
  const market = event.markets[0]!;
  const home = market.selections.find((s) => s.code === 'HOME')!;
  const vendorBook = await book.vendorBookOf(merchantId);
  const members = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .orderBy('id', 'desc')
    .limit(MEMBERS)
    .execute();
  const sessions: string[] = [];
  for (const member of members) {
    const session = await ownBookSession(
      db,
      { merchantId, integrationId: vendorBook.integrationId, gameId: vendorBook.games.SPORTS },
      member.id,
    );
    sessions.push(session.toString());
  }
  await sql`
    WITH numbered AS (
      SELECT member_id, game_session_id, 'BDT' AS currency, k
        FROM unnest(${members.map((m) => m.id)}::int[], ${sessions}::bigint[]) WITH ORDINALITY AS s(member_id, game_session_id, k)
    ), slips AS (
      INSERT INTO sports_slips (merchant_id, member_id, request_id, terms, currency, game_session_id, kind, stake,
                                odds, potential_return)
      SELECT ${merchantId}, n.member_id, 'settle-bench-' || g, 'bench', n.currency, n.game_session_id, 'single', 100,
             210, 210
      FROM generate_series(1, ${count}) g
      JOIN numbered n ON n.k = 1 + g % (SELECT count(*) FROM numbered)
      RETURNING id
    )
    INSERT INTO sports_slip_legs (slip_id, event_id, market_id, selection_id, code, odds)
    SELECT id, ${event.eventId}, ${market.id}, ${home.id}, 'HOME', 210 FROM slips
  `.execute(db);
  return { book, eventId: event.eventId };
}

/** BENCH_WAITS=1: what the server's connections are doing while slips are placed (pg_stat_activity, every 50 ms). */
async function sampleWaits(db: Db, seconds: number) {
  const counts = new Map<string, number>();
  const deadline = Date.now() + seconds * 1000;
  let samples = 0;
  while (Date.now() < deadline) {
    const { rows } = await sql<{ what: string; n: number }>`
      SELECT coalesce(wait_event_type || ':' || wait_event, state, '?')
             || CASE WHEN wait_event_type = 'Lock' THEN ' (' || left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 60) || ')' ELSE '' END
             AS what, count(*)::int AS n
        FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name <> 'pgbench'
       GROUP BY 1`.execute(db);
    for (const row of rows) counts.set(row.what, (counts.get(row.what) ?? 0) + row.n);
    samples++;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([what, n]) => `${what} ${(n / samples).toFixed(1)}`)
    .join(', ');
}

/** BENCH_STATEMENTS=1: the settlement's statements by total time (this process's pg client, wall clock). */
function timeStatements() {
  const query = pg.Client.prototype.query;
  const totals = new Map<string, { ms: number; calls: number }>();
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').trim().slice(0, 70);
    const started = performance.now();
    const done = () => {
      const total = totals.get(text) ?? { ms: 0, calls: 0 };
      total.ms += performance.now() - started;
      total.calls += 1;
      totals.set(text, total);
    };
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) void result.then(done, done);
    return result;
  } as typeof query;
  return {
    report() {
      pg.Client.prototype.query = query;
      for (const [text, { ms, calls }] of [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) {
        console.log(`  ${(ms / 1000).toFixed(1)} s in ${calls} × ${text}`);
      }
    },
  };
}

async function main() {
  const postgres = await benchPostgres();
  let server: ReturnType<typeof serverProcess> | undefined;
  try {
    const { url, tokens } = await benchPlayers(postgres, 'sports', MEMBERS, 1_000_000_000_00n);
    const db = createDb(createPool(url, 4));
    const merchantId = (
      await db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirstOrThrow()
    ).id;
    const book = sportsBook({ db, ledger: createLedger({ db }), secrets: testSecrets });
    const selections: number[] = [];
    for (let n = 0; n < EVENTS; n++) {
      const event = await book.upsertEvent({ merchantId }, match(n, 3_600_000));
      selections.push(...event.markets[0]!.selections.map((s) => s.id));
    }
    const rows: string[] = [];
    if (CLIENT_COUNTS.length > 0) {
      const pgbench = await pgbenchReference(postgres, MEMBERS);

      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      server = serverProcess({
        databaseUrl: url,
        port: await freePort(),
        dataDir: postgres.dataDir,
        poolSize: Number(process.env.BENCH_POOL_SIZE ?? 16),
        // BENCH_PROFILE=<dir>: the server's CPU profile (node --cpu-prof) written there as it stops.
        ...(process.env.BENCH_PROFILE ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] } : {}),
        env: {
          NODE_ENV: 'production',
          WIRE_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
      });
      await server.start();
      const pool = new Pool(server.baseUrl, { connections: 64 });
      const odds = new Map(
        (await db.selectFrom('sports_selections').select(['id', 'odds']).execute()).map((s) => [
          Number(s.id),
          (s.odds / 100).toFixed(2),
        ]),
      );

      const drive = (clients: number, seconds: number, latencies: number[]) =>
        driveClients(clients, seconds, latencies, async (c) => {
          const selectionId = selections[Math.floor(Math.random() * selections.length)]!;
          const res = await pool.request({
            method: 'POST',
            path: '/wps/sports/slips',
            headers: { 'content-type': 'application/json', authorization: tokens[c]!, merchant: 'khela' },
            body: JSON.stringify({
              requestId: `b${randomBytes(8).toString('hex')}`,
              stake: '1.00',
              oddsPolicy: 'any',
              legs: [{ selectionId, odds: odds.get(selectionId) }],
            }),
          });
          await res.body.dump();
          return res.statusCode === 200;
        });

      await drive(8, Math.min(3, SECONDS), []);
      for (const clients of CLIENT_COUNTS) {
        console.log(
          `${clients} clients: slips and pgbench -b tpcb-like, ${SECONDS} s each (load ${loadavg()[0]!.toFixed(1)}) …`,
        );
        const latencies: number[] = [];
        let refused = 0;
        let tpsSum = 0;
        for (let round = 0; round < ROUNDS; round++) {
          const sampling = process.env.BENCH_WAITS ? sampleWaits(db, SECONDS / ROUNDS) : undefined;
          refused += await drive(clients, SECONDS / ROUNDS, latencies);
          if (sampling) console.log(`  server connections by state/wait event: ${await sampling}`);
          tpsSum += await pgbench.tps(clients, SECONDS / ROUNDS);
        }
        const tps = tpsSum / ROUNDS;
        const sorted = latencies.sort((a, b) => a - b);
        const perSecond = sorted.length / SECONDS;
        rows.push(
          `| ${clients} | ${perSecond.toFixed(0)} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${tps.toFixed(0)} | ${(perSecond / tps).toFixed(2)} |${refused ? ` (${refused} refused)` : ''}`,
        );
      }
      await pool.close();
      await server.kill('SIGTERM');
      server = undefined;
    }

    console.log(`Seeding ${SETTLE_BETS} open bets on one event …`);
    const seeded = await seedOpenBets(db, merchantId, SETTLE_BETS);
    const statements = process.env.BENCH_STATEMENTS ? timeStatements() : undefined;
    const started = performance.now();
    // The result marks the slips and settles them in the call for up to 10 s, then in the
    // background; a second pass here shares the rest (SKIP LOCKED), as the job would.
    await seeded.book.recordResult({ merchantId }, seeded.eventId, { home: 1, away: 0 });
    const markedSeconds = (performance.now() - started) / 1000;
    await seeded.book.settleDue();
    for (let polls = 0; polls < 600; polls++) {
      const due = await db
        .selectFrom('sports_slips')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('settle_due', '=', true)
        .executeTakeFirstOrThrow();
      if (Number(due.n) === 0) break;
      await seeded.book.settleDue();
    }
    const settleSeconds = (performance.now() - started) / 1000;
    statements?.report();
    const { won } = await db
      .selectFrom('sports_slip_legs as l')
      .innerJoin('sports_slips as s', 's.id', 'l.slip_id')
      .select((eb) => eb.fn.countAll<string>().as('won'))
      .where('l.event_id', '=', BigInt(seeded.eventId))
      .where('s.status', '=', 'won')
      .executeTakeFirstOrThrow();
    await db.destroy();

    console.log('');
    console.log(
      `Sportsbook slips through HTTP (${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, ${SECONDS} s per run)`,
    );
    console.log('| clients | slips/s | p50 ms | p99 ms | pgbench tps | slips/s ÷ tps |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) console.log(row);
    console.log(
      `Settling one event with ${SETTLE_BETS} open bets: ${settleSeconds.toFixed(1)} s (${won} slips won; the result call returned after ${markedSeconds.toFixed(1)} s).`,
    );
    console.log(
      `Load average at the end: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}.`,
    );
    console.log('Targets: slips/s ÷ pgbench tps ≥ 0.5; settling 100 000 bets ≤ 30 s.');
  } finally {
    await server?.kill('SIGKILL');
    await postgres.stop();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
