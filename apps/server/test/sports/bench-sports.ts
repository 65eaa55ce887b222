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
 * - The server writes slips in batches (ADR 0007, migration 0047): their mean size is printed from its /metrics.
 * - Profiling: BENCH_WAITS=1 (what the server's connections wait on), BENCH_STATEMENTS=1 (the
 *   server's statements per slip, the settlement's statements by time), BENCH_PROFILE=<dir> (the
 *   server's CPU profile); the CPU seconds of the settlement are printed (helpers/bench-placement.ts).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Pool } from 'undici';
import type { SportsEventInput } from '@khela/contracts';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import { ownBookSession } from '../../src/modules/games/inhouse/inhouse-wallet.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { sportsBook } from '../../src/modules/sports/book.ts';
import { benchPostgres, pgbenchReference } from '../helpers/bench-postgres.ts';
import {
  benchServer,
  placementRuns,
  placementSettings,
  printLoadAverage,
  printPlacementTable,
  printServerCostPerBet,
  settlementCpu,
  timeStatements,
} from '../helpers/bench-placement.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { benchPlayers } from '../inhouse/helpers.ts';

const SETTINGS = placementSettings();
const SETTLE_BETS = Number(process.env.BENCH_SETTLE_BETS ?? 100_000);
const MEMBERS = SETTINGS.members;
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

async function main() {
  const postgres = await benchPostgres();
  let server: Awaited<ReturnType<typeof benchServer>>['server'] | undefined;
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
    let rows: string[] = [];
    if (SETTINGS.clientCounts.length > 0) {
      const pgbench = await pgbenchReference(postgres, MEMBERS);
      const running = await benchServer(url, postgres);
      server = running.server;
      const cpuAtStart = running.cpuSeconds();
      const pool = new Pool(server.baseUrl, { connections: 64 });
      // Slips a statement and commit (group commit, ADR 0007), from the server's histogram.
      const slipBatches = async () => {
        const metrics = await (await fetch(`${server!.baseUrl}/metrics`)).text();
        const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? NaN);
        return { count: metric('sports_slip_batch_size_count'), sum: metric('sports_slip_batch_size_sum') };
      };
      const odds = new Map(
        (await db.selectFrom('sports_selections').select(['id', 'odds']).execute()).map((s) => [
          Number(s.id),
          (s.odds / 100).toFixed(2),
        ]),
      );
      const placement = await placementRuns(
        SETTINGS,
        'slips',
        pgbench,
        db,
        async (c) => {
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
        },
        running.cpuSeconds,
        url,
        slipBatches,
      );
      rows = placement.rows;
      const { count, sum } = await slipBatches();
      console.log(`Slips a batch (mean of ${count} batches, the warm-up's among them): ${(sum / count).toFixed(1)}`);
      await pool.close();
      const serverCpu = running.cpuSeconds() - cpuAtStart;
      await server.kill('SIGTERM');
      server = undefined;
      printServerCostPerBet(
        serverCpu,
        running.statements(),
        placement.placed,
        'slip',
        placement.marginalCpuPerBet,
        placement.postgresCpuPerBet,
      );
    }

    console.log(`Seeding ${SETTLE_BETS} open bets on one event …`);
    const seeded = await seedOpenBets(db, merchantId, SETTLE_BETS);
    const statements = process.env.BENCH_STATEMENTS ? timeStatements() : undefined;
    const cpu = settlementCpu(url);
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
    const cpuUsed = cpu();
    statements?.report();
    const { won } = await db
      .selectFrom('sports_slip_legs as l')
      .innerJoin('sports_slips as s', 's.id', 'l.slip_id')
      .select((eb) => eb.fn.countAll<string>().as('won'))
      .where('l.event_id', '=', BigInt(seeded.eventId))
      .where('s.status', '=', 'won')
      .executeTakeFirstOrThrow();
    await db.destroy();

    printPlacementTable('Sportsbook slips through HTTP', 'slips', SETTINGS, rows);
    console.log(
      `Settling one event with ${SETTLE_BETS} open bets: ${settleSeconds.toFixed(1)} s (${won} slips won; the result call returned after ${markedSeconds.toFixed(1)} s).`,
    );
    console.log(cpuUsed);
    printLoadAverage();
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
