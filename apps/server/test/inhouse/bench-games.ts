/**
 * `npm run bench:games` (scripts/bench-games.mjs), issue 12 "Proof": rounds per second through the
 * full HTTP bet path of our own games (member session, guards, seeds, stake, draw, win, round record:
 * one database transaction a round) for dice and the slot, with 8 and 32 clients, p50 and p99,
 * printed beside `pgbench -b tpcb-like` on the same PostgreSQL in the same run. It prints figures;
 * it is never a test.
 *
 * - PostgreSQL: DATABASE_URL (an admin URL), else a bundled one; fsync and synchronous_commit on.
 * - The real server as a child process (NODE_ENV=production) with BENCH_MEMBERS funded players,
 *   each client playing as its own member (a member's rounds take nonces one at a time).
 * - The games and pgbench take turns in BENCH_ROUNDS (3) slices of BENCH_SECONDS (15) ÷ 3.
 * - Target: dice rounds/s ÷ pgbench tps ≥ 0.5.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { Pool } from 'undici';
import { benchPostgres, driveClients, percentile, pgbenchReference } from '../helpers/bench-postgres.ts';
import { freePort, serverProcess } from '../seamless/server-process.ts';
import { benchPlayers } from './helpers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '8,32').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MEMBERS = Math.max(...CLIENT_COUNTS);
const GAMES = {
  dice: { path: '/wps/inhouse/dice/bet', body: () => ({ stake: '1.00', chanceBp: 4950, direction: 'under' }) },
  slot: { path: '/wps/inhouse/slot/spin', body: () => ({ lineBet: '0.05' }) },
} as const;
type Game = keyof typeof GAMES;

async function main() {
  const postgres = await benchPostgres();
  let server: ReturnType<typeof serverProcess> | undefined;
  try {
    const { url, tokens } = await benchPlayers(postgres, 'games', MEMBERS, 1_000_000_000_00n);
    const pgbench = await pgbenchReference(postgres, MEMBERS);

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    server = serverProcess({
      databaseUrl: url,
      port: await freePort(),
      dataDir: postgres.dataDir,
      poolSize: Number(process.env.BENCH_POOL_SIZE ?? 16),
      env: { NODE_ENV: 'production', WIRE_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
      nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
    });
    await server.start();
    const pool = new Pool(server.baseUrl, { connections: 64 });

    /** Rounds for `seconds`, each client as its own member; latencies of the played ones. */
    const drive = (game: Game, clients: number, seconds: number, latencies: number[]) =>
      driveClients(clients, seconds, latencies, async (c) => {
        const res = await pool.request({
          method: 'POST',
          path: GAMES[game].path,
          headers: { 'content-type': 'application/json', authorization: tokens[c]!, merchant: 'khela' },
          body: JSON.stringify({ requestId: `b${randomBytes(8).toString('hex')}`, ...GAMES[game].body() }),
        });
        await res.body.dump();
        return res.statusCode === 200;
      });

    await drive('dice', 8, Math.min(3, SECONDS), []);
    const rows: string[] = [];
    for (const clients of CLIENT_COUNTS) {
      console.log(`${clients} clients: dice, slot and pgbench -b tpcb-like, ${SECONDS} s each …`);
      const latencies: Record<Game, number[]> = { dice: [], slot: [] };
      const refused: Record<Game, number> = { dice: 0, slot: 0 };
      let tpsSum = 0;
      for (let round = 0; round < ROUNDS; round++) {
        for (const game of ['dice', 'slot'] as const) {
          refused[game] += await drive(game, clients, SECONDS / ROUNDS, latencies[game]);
        }
        tpsSum += await pgbench.tps(clients, SECONDS / ROUNDS);
      }
      const tps = tpsSum / ROUNDS;
      for (const game of ['dice', 'slot'] as const) {
        const sorted = latencies[game].sort((a, b) => a - b);
        const perSecond = sorted.length / SECONDS;
        rows.push(
          `| ${game} | ${clients} | ${perSecond.toFixed(0)} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${tps.toFixed(0)} | ${(perSecond / tps).toFixed(2)} |${refused[game] ? ` (${refused[game]} refused)` : ''}`,
        );
      }
    }
    await pool.close();
    await server.kill('SIGTERM');
    server = undefined;

    console.log('');
    console.log(
      `In-house rounds through HTTP (${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, ${SECONDS} s per run)`,
    );
    console.log('| game | clients | rounds/s | p50 ms | p99 ms | pgbench tps | rounds/s ÷ tps |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) console.log(row);
    console.log('Target: dice rounds/s ÷ pgbench tps ≥ 0.5.');
  } finally {
    await server?.kill('SIGKILL');
    await postgres.stop();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
