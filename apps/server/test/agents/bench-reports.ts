/**
 * `npm run bench:reports` (scripts/bench-reports.mjs) (issue 13 item 7): the agent reports at scale.
 * It prints figures; it is never a test.
 *
 * - PostgreSQL: DATABASE_URL (an admin URL; a scratch database is created and dropped on it), else a
 *   bundled one in a temporary directory, migrated and seeded with the demo merchant.
 * - Seeds one top agent with BENCH_SUBAGENTS (100) sub-agents, each with its players: BENCH_MEMBERS
 *   (10,000) members under the top agent, and BENCH_BETS (2,000,000) settled in-house rounds over
 *   the last BENCH_DAYS (30) days, bulk-inserted with generate_series into inhouse_rounds, the bet
 *   source itself. The first BENCH_TRIGGERED (100,000) go in with the migration-0019 triggers on
 *   (each row rolled up into member_daily_stats and member_hourly_stats as it is inserted, the
 *   path a real round takes; the throughput is printed); the rest go in with triggers off
 *   (session_replication_role = replica) and agent_stats_backfill() then rebuilds the summaries
 *   from all rounds with the same rules, set-based (seeding 2 M rounds row by row through the
 *   triggers takes ~7 minutes on this 2-core machine). BENCH_TRIGGERED=2000000 does it all by trigger.
 * - Then the roll-up of the closed days (migration 0022, modules/agents/reports/rollup.ts), timed: what
 *   the server's worker does at start and after each midnight; today stays live.
 * - The real server as a child process; the top agent's session asks each report BENCH_REQUESTS
 *   (40) times over real HTTP, one at a time after a warm-up, and p50/p95 are printed against the
 *   target p95 ≤ 300 ms, beside the same loop against a bare node:http hello world (its own
 *   process, helpers/bare-server.ts) in the same run: the floor this machine's load sets.
 * - Then the settlement of one day for the whole tree (issue 13 item 4, target ≤ 60 s):
 *   timeSettlementOfADay() below.
 */
import { generateKeyPairSync } from 'node:crypto';
import { sql } from 'kysely';
import { Pool } from 'undici';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedDemoIfEmpty } from '../../src/seed/demo.ts';
import { memberSessions } from '../../src/modules/sessions/member-sessions.ts';
import { ledger } from '../../src/modules/ledger/ledger.ts';
import { agentSettlement, SETTLEMENT_GRACE_MS } from '../../src/modules/agents/settlement/settlement.ts';
import { agentRollup } from '../../src/modules/agents/reports/rollup.ts';
import { bareServer } from '../helpers/bare-server.ts';
import { benchPostgres, percentile } from '../helpers/bench-postgres.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { freePort, serverProcess } from '../seamless/server-process.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const SUBAGENTS = Number(process.env.BENCH_SUBAGENTS ?? 100);
const BETS = Number(process.env.BENCH_BETS ?? 2_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const CHUNK = Number(process.env.BENCH_CHUNK ?? 250_000);
/** Rounds inserted with the triggers on (timed), before the rest go in with them off and a rebuild. */
const TRIGGERED = Math.min(BETS, Number(process.env.BENCH_TRIGGERED ?? 100_000));
const TARGET_P95_MS = 300;

const dhakaDay = (daysBack: number) =>
  new Date(Date.now() + 6 * 3_600_000 - daysBack * 86_400_000).toISOString().slice(0, 10);

async function seed(db: Db) {
  const merchant = await db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirstOrThrow();
  const m = merchant.id;
  const players = MEMBERS - SUBAGENTS;
  const perSub = Math.ceil(players / SUBAGENTS);
  const started = performance.now();
  // The tree: top agent → SUBAGENTS sub-agents → their players, with the closure rows.
  const top = await sql<{ id: number }>`
    INSERT INTO members (merchant_id, username, password_hash, type) VALUES (${m}, 'benchtop', 'x', 1) RETURNING id
  `.execute(db);
  const topId = top.rows[0]!.id;
  await sql`
    INSERT INTO members (merchant_id, username, password_hash, type, upline_id)
    SELECT ${m}, 'benchsub' || g, 'x', 2, ${topId}::int FROM generate_series(1, ${SUBAGENTS}::int) g
  `.execute(db);
  await sql`
    INSERT INTO members (merchant_id, username, password_hash, type, upline_id, created_at)
    SELECT ${m}, 'benchp' || g, 'x', 0, s.id, now() - make_interval(days => g % ${DAYS}::int)
      FROM generate_series(1, ${players}::int) g
      JOIN members s ON s.username = 'benchsub' || ((g - 1) / ${perSub}::int + 1)
  `.execute(db);
  await sql`
    INSERT INTO member_tree (merchant_id, ancestor_id, descendant_id, depth)
    SELECT merchant_id, id, id, 0 FROM members WHERE username = 'benchtop' OR username LIKE 'bench%'
    UNION ALL
    SELECT merchant_id, upline_id, id, 1 FROM members WHERE username LIKE 'benchsub%' OR username LIKE 'benchp%'
    UNION ALL
    SELECT merchant_id, ${topId}::int, id, 2 FROM members WHERE username LIKE 'benchp%'
  `.execute(db);
  console.log(
    `Tree: 1 top agent, ${SUBAGENTS} sub-agents, ${players} players (${MEMBERS} under the top agent) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // One game session per player for the in-house dice game, then the rounds.
  // Any vendor row will do for the sessions: the figures do not read it.
  const game = await sql<{ game_id: number; integration_id: number }>`
    SELECT g.id AS game_id, (SELECT id FROM vendors WHERE merchant_id = ${m} ORDER BY id LIMIT 1) AS integration_id
      FROM games g JOIN game_vendors v ON v.id = g.vendor_id
     WHERE v.merchant_id = ${m} AND v.wallet_mode = 'inhouse' ORDER BY g.id LIMIT 1
  `.execute(db);
  let gameId = game.rows[0]?.game_id;
  let integrationId = game.rows[0]?.integration_id;
  if (gameId === undefined || integrationId === undefined) {
    throw new Error('the demo has no in-house game: run the seed first');
  }
  await sql`
    INSERT INTO game_sessions (merchant_id, vendor_id, member_id, token_hash, game_id, expires_at)
    SELECT ${m}, ${integrationId}::int, id, sha256(convert_to('bench' || id, 'UTF8')), ${gameId}::int, now() + interval '1 day'
      FROM members WHERE username LIKE 'benchp%'
  `.execute(db);
  gameId = Number(gameId);
  integrationId = Number(integrationId);

  const insertStarted = performance.now();
  await db.connection().execute(async (conn) => {
    await sql`CREATE TEMP TABLE bench_players AS
      SELECT row_number() OVER (ORDER BY m.id) AS n, m.id AS member_id, s.id AS session_id
        FROM members m JOIN game_sessions s ON s.member_id = m.id WHERE m.username LIKE 'benchp%'`.execute(conn);
    for (let from = 1; from <= BETS; from += CHUNK) {
      const triggered = from <= TRIGGERED;
      const to = Math.min(BETS, from + CHUNK - 1, triggered ? TRIGGERED : BETS);
      if (!triggered && from === TRIGGERED + 1) await sql`SET session_replication_role = replica`.execute(conn);
      const chunkStarted = performance.now();
      // Stakes 1.00–100.00; about 48 % of rounds pay 1.9×, the rest nothing; spread over the days.
      await sql`
        INSERT INTO inhouse_rounds (merchant_id, member_id, game_id, game_session_id, game, currency, stake, payout,
                                    state, bet, balance_before, balance_after, created_at, updated_at, settled_at)
        SELECT ${m}, p.member_id, ${gameId}::int, p.session_id, 'dice', 'BDT', x.stake,
               CASE WHEN (g::bigint * 7919) % 100 < 48 THEN x.stake * 19 / 10 ELSE 0 END,
               'settled', '{}', 0, 0, x.at, x.at, x.at
          FROM generate_series(${from}::int, ${to}::int) g
          JOIN bench_players p ON p.n = (g * 2654435761::bigint) % ${players}::int + 1
          CROSS JOIN LATERAL (SELECT ((g::bigint * 31) % 100 + 1) * 100 AS stake,
                                     now() - make_interval(secs => (g::bigint * 104729) % (${DAYS}::int * 86400)) AS at) x
      `.execute(conn);
      const seconds = (performance.now() - chunkStarted) / 1000;
      console.log(
        `  rounds ${from}–${to}: ${seconds.toFixed(1)} s (${Math.round((to - from + 1) / seconds)} rows/s${triggered ? ', rolled up by the triggers' : ', triggers off'})`,
      );
      if (to === TRIGGERED) from = TRIGGERED + 1 - CHUNK;
    }
    if (TRIGGERED < BETS) {
      await sql`SET session_replication_role = origin`.execute(conn);
      const backfillStarted = performance.now();
      await conn.transaction().execute((trx) => sql`SELECT agent_stats_backfill()`.execute(trx));
      console.log(`  agent_stats_backfill(): ${((performance.now() - backfillStarted) / 1000).toFixed(1)} s`);
    }
    await sql`VACUUM ANALYZE`.execute(conn);
  });
  const counts = await sql<{ rounds: string; daily: string; hourly: string }>`
    SELECT (SELECT count(*) FROM inhouse_rounds)::text AS rounds, (SELECT count(*) FROM member_daily_stats)::text AS daily,
           (SELECT count(*) FROM member_hourly_stats)::text AS hourly`.execute(db);
  const c = counts.rows[0]!;
  console.log(
    `Bets: ${c.rounds} rounds in ${((performance.now() - insertStarted) / 1000).toFixed(1)} s (${TRIGGERED} by trigger, then a rebuild) → ${c.daily} daily and ${c.hourly} hourly summary rows`,
  );
  if (process.env.BENCH_EXPLAIN) {
    // The plans of a month of the whole team's summary rows, and of the team's newest bets.
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS)
      SELECT s.day, sum(s.valid_bet), count(DISTINCT s.member_id) FILTER (WHERE s.valid_bet > 0)
        FROM member_daily_stats s
        JOIN (SELECT descendant_id AS id FROM member_tree WHERE ancestor_id = ${topId} AND depth >= 1) t ON t.id = s.member_id
       WHERE s.merchant_id = ${m} AND s.day BETWEEN ${dhakaDay(DAYS - 1)}::date AND ${dhakaDay(0)}::date
       GROUP BY GROUPING SETS ((s.day), ())`.execute(db);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    const betsPlan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS)
      SELECT * FROM settled_bets b
       WHERE b.merchant_id = ${m} AND b.settled_at >= now() - interval '7 days'
         AND EXISTS (SELECT 1 FROM member_tree mt WHERE mt.ancestor_id = ${topId} AND mt.descendant_id = b.member_id AND mt.depth >= 1)
       ORDER BY b.settled_at DESC LIMIT 20`.execute(db);
    console.log(betsPlan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  const rollupStarted = performance.now();
  const rolled = await agentRollup({ db }).runPass(new Date());
  await sql`ANALYZE`.execute(db);
  console.log(
    `Roll-up of the closed days: ${rolled.days} merchant-days in ${((performance.now() - rollupStarted) / 1000).toFixed(1)} s`,
  );
  const agent = await db.selectFrom('members').selectAll().where('id', '=', topId).executeTakeFirstOrThrow();
  const token = await memberSessions({ db }).start(db, agent, { ip: '127.0.0.1', userAgent: 'bench' });
  return { merchantId: m, topId, token, gameId, integrationId };
}

/**
 * Issue 13 item 4's figure: the top agent and every sub-agent on a daily salary from the house
 * since the day before yesterday, then one settlement pass just after yesterday ended (Dhaka), as
 * the worker runs it: each contract's day is computed from the summaries and paid in its ledger
 * transaction (the day before is paid too: two periods per contract).
 */
async function timeSettlementOfADay(db: Db, merchantId: number, topId: number) {
  const dayStart = (daysBack: number) => new Date(`${dhakaDay(daysBack)}T00:00:00+06:00`);
  const agents = await db
    .selectFrom('member_tree')
    .innerJoin('members', 'members.id', 'member_tree.descendant_id')
    .select('members.id')
    .where('member_tree.ancestor_id', '=', topId)
    .where('members.type', 'in', [1, 2])
    .execute();
  await db
    .insertInto('agent_contracts')
    .values(
      agents.map(({ id }) => ({
        merchant_id: merchantId,
        kind: 'daily_salary' as const,
        offerer_id: null,
        member_id: id,
        terms: JSON.stringify({ tiers: [{ activeMembers: 0, validBet: '0', rateBp: 30 }] }),
        state: 'active' as const,
        offered_at: dayStart(2),
        activated_at: dayStart(2),
      })),
    )
    .execute();
  const settlement = agentSettlement({ db, ledger: ledger({ db }) });
  const at = new Date(dayStart(0).getTime() + SETTLEMENT_GRACE_MS + 60_000);
  const started = performance.now();
  const pass = await settlement.runPass(at);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\nSettlement of one day (${dhakaDay(1)}) for the tree: ${seconds.toFixed(1)} s for ${agents.length} contracts ` +
      `(${pass.periods} periods: ${pass.paid} paid, ${pass.skipped} skipped, ${pass.held} held; target ≤ 60 s)`,
  );
}

/**
 * What migration 0022's trigger costs a bet: BENCH_TRIGGER_ROUNDS (20,000) rounds of today through
 * the triggers in one statement with it off, then on (the bitmask, the dirty mark), twice in turn.
 */
async function timeBetPathTrigger(db: Db, merchantId: number, gameId: number) {
  const rounds = Number(process.env.BENCH_TRIGGER_ROUNDS ?? 20_000);
  const insert = () => sql`
    WITH p AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(member_id ORDER BY id) AS members, count(*)::int AS n
                 FROM game_sessions WHERE merchant_id = ${merchantId} AND game_id = ${gameId}::int)
    INSERT INTO inhouse_rounds (merchant_id, member_id, game_id, game_session_id, game, currency, stake, payout,
                                state, bet, balance_before, balance_after, settled_at)
    SELECT ${merchantId}, p.members[g % p.n + 1], ${gameId}::int, p.ids[g % p.n + 1], 'dice', 'BDT', 100, 0,
           'settled', '{}', 0, 0, now()
      FROM generate_series(1, ${rounds}::int) g CROSS JOIN p`;
  const rates: string[] = [];
  for (const on of [false, true, false, true]) {
    await sql`ALTER TABLE member_daily_stats ${sql.raw(on ? 'ENABLE' : 'DISABLE')} TRIGGER agent_rollup_stats_changed`.execute(
      db,
    );
    const started = performance.now();
    await insert().execute(db);
    rates.push(
      `${Math.round(rounds / ((performance.now() - started) / 1000))} rounds/s with the 0022 trigger ${on ? 'on' : 'off'}`,
    );
  }
  console.log(`Bet path (${rounds} rounds of today through the triggers, one statement): ${rates.join(', ')}`);
}

async function main() {
  const postgres = await benchPostgres();
  let server: ReturnType<typeof serverProcess> | undefined;
  let bare: ReturnType<typeof bareServer> | undefined;
  try {
    const { url } = await postgres.createDatabase('reports');
    const db = createDb(createPool(url, 2));
    await migrateToLatest(db);
    await seedDemoIfEmpty(db, testSecrets);
    const { merchantId, topId, token, gameId } = await seed(db);

    server = serverProcess({
      databaseUrl: url,
      port: await freePort(),
      dataDir: postgres.dataDir,
      env: {
        NODE_ENV: 'production',
        WIRE_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
      },
    });
    await server.start();
    bare = bareServer(await freePort());
    await bare.ready;
    const pool = new Pool(server.baseUrl, { connections: 1 });
    const barePool = new Pool(bare.baseUrl, { connections: 1 });
    const week = `from=${dhakaDay(6)}&to=${dhakaDay(0)}`;
    const month = `from=${dhakaDay(DAYS - 1)}&to=${dhakaDay(0)}`;
    const targets: [string, string][] = [
      ['team overview, 7 days', `/wps/agent/reports/team-overview?${week}`],
      ['team overview, 30 days', `/wps/agent/reports/team-overview?${month}`],
      ['revenue report, 7 days', `/wps/agent/reports/revenue?${week}`],
      ['revenue report, 30 days', `/wps/agent/reports/revenue?${month}`],
      ['downline P&L page (20 rows), 7 days', `/wps/agent/reports/pal-statements?${week}&pageNo=3&pageSize=20`],
      ['downline P&L page (20 rows), 30 days', `/wps/agent/reports/pal-statements?${month}&pageNo=3&pageSize=20`],
      ['user loss page, 7 days', `/wps/agent/reports/user-loss?${week}&pageSize=20`],
      ['user loss page, 30 days', `/wps/agent/reports/user-loss?${month}&pageSize=20`],
      ['one downline’s overview, 30 days', `/wps/agent/reports/team-overview?${month}&downline=benchsub7`],
      ['team bets page, 7 days', `/wps/agent/reports/bets?${week}&scope=team&pageSize=20`],
    ];
    const headers = { authorization: token, 'accept-encoding': 'gzip' };
    console.log(`\n${REQUESTS} requests each, one at a time, target p95 ≤ ${TARGET_P95_MS} ms:\n`);
    console.log('| Report | p50 | p95 | within target |\n| --- | --- | --- | --- |');
    const loops: [string, Pool, string][] = [
      ['bare node:http hello world (same loop, same run)', barePool, '/'],
      ...targets.map(([label, path]): [string, Pool, string] => [label, pool, path]),
      ['bare node:http hello world, again after the reports', barePool, '/'],
    ];
    const timeLoop = async (label: string, client: Pool, path: string) => {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS + 3; i++) {
        const started = performance.now();
        const res = await client.request({ method: 'GET', path, headers });
        const text = await res.body.text();
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${text.slice(0, 300)}`);
        if (i >= 3) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      console.log(
        `| ${label} | ${p50.toFixed(0)} ms | ${p95.toFixed(0)} ms | ${p95 <= TARGET_P95_MS ? 'yes' : 'NO'} |`,
      );
    };
    for (const [label, client, path] of loops) await timeLoop(label, client, path);
    // The same run with every day dirty: each report then reads the live summaries alone, as before the roll-up.
    // The server's worker would roll them up again at its next tick: the table lock holds it off meanwhile.
    await sql`UPDATE agent_rollup_days SET dirty = true`.execute(db);
    await db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE agent_rollup_days IN SHARE MODE`.execute(trx);
      console.log('\nThe same reports with every closed day dirty (read from the live summaries, no roll-up):\n');
      console.log('| Report | p50 | p95 | within target |\n| --- | --- | --- | --- |');
      for (const [label, path] of targets.filter(
        ([label]) => label.includes('30 days') && !label.includes('one downline'),
      )) {
        await timeLoop(`${label}, live`, pool, path);
      }
    });
    await sql`UPDATE agent_rollup_days SET dirty = false`.execute(db);
    await pool.close();
    await barePool.close();
    if (process.env.BENCH_HOLD) {
      // Keeps the seeded database up for a look at the plans (psql on this URL) until SIGUSR2.
      console.log(`Holding ${url} (pid ${process.pid}) until SIGUSR2 …`);
      await new Promise((resolve) => process.once('SIGUSR2', resolve));
    }

    // Settlement of one day (issue 13 item 4).
    await timeSettlementOfADay(db, merchantId, topId);
    await timeBetPathTrigger(db, merchantId, gameId);
    await db.destroy();
  } finally {
    await server?.kill('SIGTERM').catch(() => undefined);
    bare?.kill();
    await postgres.stop();
  }
}

await main();
