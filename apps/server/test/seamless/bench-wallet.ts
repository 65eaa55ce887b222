/**
 * `npm run bench:wallet` (scripts/bench-wallet.mjs) (issue 5, "Benchmark"): durable bets per second through the seamless
 * wallet's signed, idempotent HTTP bet call, beside `pgbench -b tpcb-like` on the same PostgreSQL
 * in the same run. It prints figures; it is never a test.
 *
 * - PostgreSQL: DATABASE_URL (an admin URL; a scratch database is created and dropped on it),
 *   else a bundled one in a temporary directory. fsync and synchronous_commit stay on: durable.
 * - The real server as a child process (NODE_ENV=production) on a scratch database with BENCH_MEMBERS
 *   funded players; BENCH_SECONDS (default 15) per run; 8 and 32 clients (BENCH_CLIENTS).
 * - "hot": every debit credits ONE vendor account; "spread": each credits one of BENCH_VENDORS;
 *   they and pgbench take turns in BENCH_ROUNDS (3) slices, so a change in the machine's load
 *   hits all three alike.
 * - The vendor is an undici client in this process; the server writes bets in batches (ADR 0007),
 *   whose mean size it reads from the server's /metrics.
 * - Targets: bets/s ÷ pgbench tps ≥ 0.5, hot ÷ spread ≥ 0.8. BENCH_PROFILE=<dir> profiles the server.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { cpus } from 'node:os';
import { sql } from 'kysely';
import { benchPostgres, driveClients, percentile, pgbenchReference } from '../helpers/bench-postgres.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { createDb, createPool } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedDemoIfEmpty } from '../../src/seed/demo.ts';
import { hashSecretToken, newSecretToken } from '../../src/modules/sessions/secret-token.ts';
import { vendorRepository, type VendorRow } from '../../src/modules/seamless/vendors.ts';
import { freePort, serverProcess } from './server-process.ts';
import { vendorClient, type VendorClient } from './vendor-client.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '8,32').split(',').map(Number);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const SPREAD_VENDORS = Number(process.env.BENCH_VENDORS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PGBENCH_SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? Math.max(...CLIENT_COUNTS));
const CURRENCY = 'BDT';

interface Player {
  memberId: number;
  /** Token per vendor code. */
  tokens: Map<string, string>;
}

async function main() {
  const postgres = await benchPostgres();
  let server: ReturnType<typeof serverProcess> | undefined;
  try {
    const app = await postgres.createDatabase('bench');
    const db = createDb(createPool(app.url, 4));
    await migrateToLatest(db);
    await seedDemoIfEmpty(db, testSecrets);
    const merchantId = (
      await db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirstOrThrow()
    ).id;

    // Vendors: one for the hot runs, many for the spread runs.
    const vendors = vendorRepository(db, testSecrets);
    const hot = await vendors.create({ merchantId, code: 'BENCH_HOT', name: 'Bench hot', currency: CURRENCY });
    const spread: VendorRow[] = [];
    for (let i = 0; i < SPREAD_VENDORS; i++) {
      spread.push(await vendors.create({ merchantId, code: `BENCH_${i}`, name: `Bench ${i}`, currency: CURRENCY }));
    }

    // Funded players with a game session at every vendor, written in bulk.
    console.log(`Seeding ${MEMBERS} players × ${spread.length + 1} vendors …`);
    const players: Player[] = [];
    const { rows: members } = await sql<{ id: number }>`
      INSERT INTO members (merchant_id, username, password_hash)
      SELECT ${merchantId}, 'bench' || g, 'not-a-hash' FROM generate_series(1, ${MEMBERS}::int) g RETURNING id`.execute(
      db,
    );
    const memberIds = members.map((r) => r.id);
    await db.transaction().execute(async (trx) => {
      for (const memberId of memberIds) {
        const account = await trx
          .insertInto('ledger_accounts')
          .values({
            merchant_id: merchantId,
            kind: 'member_main',
            member_id: memberId,
            currency: CURRENCY,
            tracks_balance: true,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const clearing = await trx
          .insertInto('ledger_accounts')
          .values({ merchant_id: merchantId, kind: 'deposit_clearing', currency: CURRENCY, tracks_balance: false })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        const clearingId =
          clearing?.id ??
          (
            await trx
              .selectFrom('ledger_accounts')
              .select('id')
              .where('merchant_id', '=', merchantId)
              .where('kind', '=', 'deposit_clearing')
              .executeTakeFirstOrThrow()
          ).id;
        const tx = await trx
          .insertInto('ledger_transactions')
          .values({
            merchant_id: merchantId,
            idempotency_key: `bench-deposit-${memberId}`,
            kind: 'deposit',
            fingerprint: Buffer.alloc(32),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const amount = 1_000_000_000_00n;
        await trx.updateTable('ledger_accounts').set({ balance: amount }).where('id', '=', account.id).execute();
        await trx
          .insertInto('ledger_postings')
          .values([
            { transaction_id: tx.id, account_id: clearingId, amount: -amount, balance_after: null },
            { transaction_id: tx.id, account_id: account.id, amount, balance_after: amount },
          ])
          .execute();
      }
    });
    const sessions: {
      merchant_id: number;
      vendor_id: number;
      member_id: number;
      token_hash: Buffer;
      expires_at: Date;
    }[] = [];
    const expires = new Date(Date.now() + 24 * 3600_000);
    for (const memberId of memberIds) {
      const tokens = new Map<string, string>();
      for (const vendor of [hot, ...spread]) {
        const token = newSecretToken();
        tokens.set(vendor.code, token);
        sessions.push({
          merchant_id: merchantId,
          vendor_id: vendor.id,
          member_id: memberId,
          token_hash: hashSecretToken(token),
          expires_at: expires,
        });
      }
      players.push({ memberId, tokens });
    }
    for (let i = 0; i < sessions.length; i += 1000) {
      await db
        .insertInto('game_sessions')
        .values(sessions.slice(i, i + 1000))
        .execute();
    }
    await db.destroy();

    // pgbench's scratch database on the same server, initialised before any measuring.
    const pgbench = await pgbenchReference(postgres, PGBENCH_SCALE);
    const tps: Record<number, number> = {};

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 16);
    server = serverProcess({
      databaseUrl: app.url,
      port: await freePort(),
      dataDir: postgres.dataDir,
      poolSize,
      env: { NODE_ENV: 'production', WIRE_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
      // BENCH_PROFILE=<dir>: a V8 CPU profile of the server, written when it stops.
      nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
    });
    await server.start();
    const pool = new Pool(server.baseUrl, { connections: 64 });
    const clientOf = new Map<string, VendorClient>(
      [hot, ...spread].map((v) => [
        v.code,
        vendorClient({ baseUrl: server!.baseUrl, code: v.code, secret: v.secret, pool }),
      ]),
    );

    /** Bets for `seconds`; the latencies of the accepted ones go into `latencies`. */
    async function drive(mode: 'hot' | 'spread', clients: number, seconds: number, latencies: number[]) {
      let n = 0;
      return driveClients(clients, seconds, latencies, async (c) => {
        const player = players[(c + clients * n++) % players.length]!;
        const vendor = mode === 'hot' ? hot : spread[n % spread.length]!;
        const answer = await clientOf.get(vendor.code)!.send('bet', {
          request_uuid: randomUUID(),
          token: player.tokens.get(vendor.code)!,
          currency: CURRENCY,
          transaction_uuid: randomUUID(),
          round: randomUUID(),
          amount: '1.00',
        });
        return answer.body.status === 'RS_OK';
      });
    }

    /** Bets and statements so far, from the server's seamless_bet_batch_size histogram. */
    async function batchTotals(): Promise<{ bets: number; batches: number }> {
      const text = await (await fetch(`${server!.baseUrl}/metrics`)).text();
      const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
      return { bets: value('seamless_bet_batch_size_sum'), batches: value('seamless_bet_batch_size_count') };
    }
    const meanBatch: Record<number, number> = {};

    // A short warm-up: connections, JIT, caches.
    await drive('spread', 8, Math.min(5, SECONDS), []);

    // Spread, hot and pgbench take turns in ROUNDS slices, so a change in the machine's load hits all alike.
    const results: Record<string, { betsPerSecond: number; p50: number; p99: number; failures: number }> = {};
    for (const clients of CLIENT_COUNTS) {
      const latencies = { hot: [] as number[], spread: [] as number[] };
      const failures = { hot: 0, spread: 0 };
      let pgbenchSum = 0;
      console.log(`${clients} clients: seamless bets (spread, hot) and pgbench -b tpcb-like, ${SECONDS} s each …`);
      const before = await batchTotals();
      for (let round = 0; round < ROUNDS; round++) {
        for (const mode of ['spread', 'hot'] as const) {
          failures[mode] += await drive(mode, clients, SECONDS / ROUNDS, latencies[mode]);
        }
        pgbenchSum += await pgbench.tps(clients, SECONDS / ROUNDS);
      }
      const after = await batchTotals();
      meanBatch[clients] = (after.bets - before.bets) / (after.batches - before.batches);
      tps[clients] = pgbenchSum / ROUNDS;
      for (const mode of ['spread', 'hot'] as const) {
        const sorted = latencies[mode].sort((a, b) => a - b);
        results[`${mode}:${clients}`] = {
          betsPerSecond: sorted.length / SECONDS,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          failures: failures[mode],
        };
      }
    }
    await pool.close();
    await server.kill('SIGTERM');
    server = undefined;

    const f = (x: number, digits = 0) => x.toFixed(digits);
    console.log('');
    console.log(
      `Wallet throughput (${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, ${SECONDS} s per run, pool ${poolSize})`,
    );
    console.log(
      '| clients | counter-account | bets/s | p50 ms | p99 ms | bets a batch | pgbench tps | bets/s ÷ tps | hot ÷ spread |',
    );
    console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const clients of CLIENT_COUNTS) {
      for (const mode of ['spread', 'hot'] as const) {
        const r = results[`${mode}:${clients}`]!;
        const ratio = r.betsPerSecond / tps[clients]!;
        const hotRatio = mode === 'hot' ? f(r.betsPerSecond / results[`spread:${clients}`]!.betsPerSecond, 2) : '';
        console.log(
          `| ${clients} | ${mode === 'hot' ? 'one vendor (hot)' : `${SPREAD_VENDORS} vendors`} | ${f(r.betsPerSecond)} | ${f(r.p50, 1)} | ${f(r.p99, 1)} | ${f(meanBatch[clients]!, 1)} | ${f(tps[clients]!)} | ${f(ratio, 2)} | ${hotRatio} |${r.failures ? ` (${r.failures} refused)` : ''}`,
        );
      }
    }
    console.log('Targets: bets/s ÷ pgbench tps ≥ 0.5; hot ÷ spread ≥ 0.8.');
  } finally {
    await server?.kill('SIGKILL');
    await postgres.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
