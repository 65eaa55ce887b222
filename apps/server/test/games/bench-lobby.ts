/**
 * `npm run bench:lobby` (scripts/bench-lobby.mjs) (issue 11 item 2): requests per second of the two
 * lobby reads every page makes, the game list and the vendor lanes, beside a bare `node:http`
 * hello-world server on the same machine in the same run. It prints figures; it is never a test.
 *
 * - PostgreSQL: DATABASE_URL (an admin URL; a scratch database is created and dropped on it), else a
 *   bundled one in a temporary directory, migrated and seeded with the demo merchant.
 * - The real server as a child process (NODE_ENV=production: no response self-check, the site
 *   cache on), the bare server as another; the load is an undici client in this process, the same
 *   for both: BENCH_CONNECTIONS (32) keep-alive connections, one request at a time on each.
 * - The three targets take turns in BENCH_ROUNDS (3) slices of BENCH_SECONDS / BENCH_ROUNDS each, so
 *   a change in the machine's load hits all alike. Target: lobby ÷ bare ≥ 0.8.
 * - It waits until the server's start-up passes are done (its own CPU quiet), so they are not
 *   counted against the lobby.
 * - It prints the CPU each process used, so a saturated client shows, and the ratio of the CPU a
 *   request costs (server + client µs), which a loaded machine moves less than requests/s.
 * - Before the load it times the fast path's own code alone (fastPathCodeNs), in this process.
 * - BENCH_PROFILE=<dir> profiles the server and the bare server sending the game list's bytes (V8
 *   CPU profiles written as they stop) and prints each one's self time by function over its own
 *   slices only, in µs a request (windows.json in the directory keeps the slices for a closer look).
 *   BENCH_NODE_ARGS passes flags to the server's node (e.g. --max-semi-space-size=32).
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { IncomingMessage, type ServerResponse } from 'node:http';
import { Pool } from 'undici';
import { fakeChangeFeed } from '../../src/cache/fake-change-feed.ts';
import { SITE_CACHE_TTL_MS, siteConfigCache } from '../../src/cache/site-config.ts';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { hotReads } from '../../src/http/hot-reads.ts';
import { SerializedEnvelope } from '../../src/http/serialized-envelope.ts';
import { merchantRepository } from '../../src/modules/merchants/repository.ts';
import { siteAccessService } from '../../src/modules/system/site-access.ts';
import { seedDemoIfEmpty } from '../../src/seed/demo.ts';
import { bareServer } from '../helpers/bare-server.ts';
import { newestProfileIn, printProfileSummary, summariseProfile } from '../helpers/cpu-profile-summary.ts';
import { benchPostgres } from '../helpers/bench-postgres.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { freePort, serverProcess } from '../seamless/server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP ?? 3);
/** The server is idle below this much CPU a second (its timers: crash rounds, lottery draws, jobs). */
const SETTLED_MS_PER_S = 40;

/**
 * What the site asks: the RNG page's list (24 a page, as the reference sends) and the lanes; the
 * bare server, and the bare server sending the game list's very bytes (its headers and
 * compressed body), which tells what the bytes cost from what our code costs.
 */
const TARGETS = {
  bare: '/',
  'bare, same answer': '/',
  'game list':
    '/wps/relay/GCSGAME_gameList?clientType=3&platform=flash,html5-desktop&gameType=RNG&pageNo=1&pageSize=24&language=bn',
  lanes: '/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop&language=bn',
} as const;
type Target = keyof typeof TARGETS;
const LABELS: Record<Target, string> = {
  bare: 'bare node:http hello world',
  'bare, same answer': 'bare node:http, the game list’s bytes',
  'game list': 'game list `GCSGAME_gameList`',
  lanes: 'lanes `GCSGAME_newGameVendor`',
};
/** What a browser sends that matters here: it takes compressed answers. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'bn' };

/** Now in µs on the monotonic clock, as V8's CPU profile stamps its samples. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

interface Slice {
  /** When it ran (monotonic µs): the server's profile is summed over the lobby's slices only. */
  window: [number, number];
  requests: number;
  failures: number;
  latencies: number[];
  clientCpuMs: number;
  serverCpuMs: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The head of an answer as it comes on the wire, from a raw socket (a browser's request). */
async function headOnTheWire(origin: string, path: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  socket.write(
    `GET ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\nconnection: keep-alive\r\n${Object.entries(BROWSER_HEADERS)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`,
  );
  let received = '';
  for await (const chunk of socket) {
    received += (chunk as Buffer).toString('latin1');
    if (received.includes('\r\n\r\n')) break;
  }
  socket.destroy();
  return received.slice(0, received.indexOf('\r\n\r\n') + 4);
}

/** user + system CPU time of a process so far, in ms (Linux /proc). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** `connections` clients asking `path` one request at a time each, for `seconds`. */
async function drive(pool: Pool, path: string, seconds: number, serverPid: number): Promise<Slice> {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const clientBefore = process.cpuUsage();
  const serverBefore = cpuMsOf(serverPid);
  const startedUs = monotonicUs();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const res = await pool.request({ method: 'GET', path, headers: BROWSER_HEADERS });
        await res.body.dump();
        if (res.statusCode === 200) latencies.push(performance.now() - started);
        else failures++;
      }
    }),
  );
  const client = process.cpuUsage(clientBefore);
  return {
    window: [startedUs, monotonicUs()],
    requests: latencies.length,
    failures,
    latencies,
    clientCpuMs: (client.user + client.system) / 1000,
    serverCpuMs: cpuMsOf(serverPid) - serverBefore,
  };
}

/**
 * The fast path's own code alone, no socket and no Node HTTP: the URL look-up, the access gate and
 * the switch check from the site cache as the server keeps it (app.ts), and the head, over 10⁵
 * requests whose strings are fresh as Node's parser makes them (a string's hash is computed once).
 * The CPU a request, the least of 3 rounds.
 */
async function fastPathCodeNs(db: Db): Promise<number> {
  const feed = fakeChangeFeed();
  const site = siteConfigCache({ db, merchants: merchantRepository(db), feed, ttlMs: SITE_CACHE_TTL_MS });
  const access = siteAccessService(site.access);
  const log = { warn() {} } as never;
  const { id: merchantId } = await db.selectFrom('merchants').select('id').executeTakeFirstOrThrow();
  // In memory as after the first request.
  await site.switchIsOn(merchantId, 'GAMELO3');
  await access.check(merchantId, '127.0.0.1', log, { countryOnlyForRules: true });
  const reads = hotReads({
    feed,
    trustProxyHops: 0,
    switchIsOn: (merchant, modId) => site.switchIsOnNow(merchant, modId) ?? site.switchIsOn(merchant, modId),
    mayEnter: (merchant, ip) => access.mayEnter(merchant, ip, log),
  });
  const fresh = (text: string) => Buffer.from(text, 'latin1').toString('latin1');
  const socket = { remoteAddress: '127.0.0.1' } as never;
  const request = () => {
    const req = new IncomingMessage(socket);
    req.method = 'GET';
    req.url = fresh(TARGETS['game list']);
    req.headers = { host: fresh('127.0.0.1:3000'), connection: fresh('keep-alive') };
    for (const [name, value] of Object.entries(BROWSER_HEADERS)) req.headers[name] = fresh(value);
    return req;
  };
  const envelope = SerializedEnvelope.of({ games: [] });
  reads.remember(request(), {
    envelope,
    merchantId,
    route: 'game list',
    gated: true,
    switch: 'GAMELO3',
    ttlMs: 60_000,
    generation: reads.generation,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
  const res = { writeHead() {}, end() {} } as unknown as ServerResponse;
  let least = Infinity;
  for (let round = 0; round < 3; round++) {
    const requests = Array.from({ length: 100_000 }, request);
    const before = process.cpuUsage();
    for (const req of requests) {
      if (reads.serve(reads.match(req)!, req, res) !== true) throw new Error('the fast path refused');
    }
    const used = process.cpuUsage(before);
    least = Math.min(least, ((used.user + used.system) * 1000) / requests.length);
  }
  return least;
}

async function main() {
  const postgres = await benchPostgres();
  let server: ReturnType<typeof serverProcess> | undefined;
  const bare: ReturnType<typeof bareServer>[] = [];
  let profiled: { windows: Record<string, [number, number][]>; totals: Record<Target, Slice> } | undefined;
  try {
    const { url } = await postgres.createDatabase('bench');
    const db = createDb(createPool(url, 2));
    await migrateToLatest(db);
    await seedDemoIfEmpty(db, testSecrets);
    console.log(`The fast path's own code: ${(await fastPathCodeNs(db)).toFixed(0)} ns of CPU a request.`);
    await db.destroy();

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    server = serverProcess({
      databaseUrl: url,
      port: await freePort(),
      dataDir: postgres.dataDir,
      env: { NODE_ENV: 'production', WIRE_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
      nodeArgs: [
        ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
        ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      ],
    });
    await server.start();
    const serverPid = server.pid()!;
    const lobby = new Pool(server.baseUrl, { connections: 1 });
    // The answers are what the site gets: a page of games and the lanes.
    for (const target of ['game list', 'lanes'] as const) {
      const res = await lobby.request({ method: 'GET', path: TARGETS[target] });
      const body = (await res.body.json()) as {
        success: boolean;
        value: { games?: unknown[]; data?: { lanes: unknown[] } };
      };
      if (!body.success || !(body.value.games?.length ?? body.value.data?.lanes.length)) {
        throw new Error(`${target} answered ${JSON.stringify(body).slice(0, 200)}`);
      }
    }
    // Asked as often as the lobby is, an answer gets its best compression (hot-reads.ts), in the
    // background: before the sample below, so the bare copy sends the very bytes the lobby does.
    for (const target of ['game list', 'lanes'] as const) {
      for (let i = 0; i < 100; i++) {
        await (await lobby.request({ method: 'GET', path: TARGETS[target], headers: BROWSER_HEADERS })).body.dump();
      }
    }
    // At start the job worker catches up a pass of every periodic task (modules/jobs/worker.ts): for
    // some seconds the server's own work would be counted against the lobby. Wait until it is quiet.
    const settledBy = Date.now() + 120_000;
    let idleMsPerS = Infinity;
    while (idleMsPerS > SETTLED_MS_PER_S && Date.now() < settledBy) {
      const before = cpuMsOf(serverPid);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      idleMsPerS = (cpuMsOf(serverPid) - before) / 2;
    }
    console.log(`The server idle (start-up passes done): ${idleMsPerS.toFixed(0)} ms of CPU a second.`);
    // The game list's answer as a browser gets it, byte for byte, for the second bare server.
    const sample = await lobby.request({ method: 'GET', path: TARGETS['game list'], headers: BROWSER_HEADERS });
    const sampleBody = Buffer.from(await sample.body.arrayBuffer());
    const sampleHeaders = Object.fromEntries(
      Object.entries(sample.headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
    ) as Record<string, string>;
    // The head as it goes on the wire ("name: value\r\n" each), without the per-connection ones left out above.
    const headBytes = Object.entries(sampleHeaders).reduce(
      (sum, [name, value]) => sum + `${name}: ${value}\r\n`.length,
      0,
    );
    console.log(
      `The game list's answer: ${sampleBody.length} bytes (${sampleHeaders['content-encoding'] ?? 'plain'}) and ${headBytes} bytes of headers: ${Object.keys(sampleHeaders).join(', ')}.`,
    );

    await lobby.close();

    const origins = { 'game list': server.baseUrl, lanes: server.baseUrl } as Record<Target, string>;
    const pids = { 'game list': serverPid, lanes: serverPid } as Record<Target, number>;
    for (const [target, answer] of [
      ['bare', { headers: { 'content-type': 'text/plain' }, body: Buffer.from('hello world') }],
      ['bare, same answer', { headers: sampleHeaders, body: sampleBody }],
    ] as const) {
      const port = await freePort();
      // Profiled beside the server, the bare server sending the same bytes tells Node's share from ours.
      const profileArgs =
        process.env.BENCH_PROFILE && target === 'bare, same answer'
          ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_PROFILE, 'bare')}`]
          : [];
      const started = bareServer(port, answer, profileArgs);
      bare.push(started);
      await started.ready;
      origins[target] = `http://127.0.0.1:${port}`;
      pids[target] = started.pid();
    }
    // The client pays for every byte of a head: ours beside the bare server's copy, line by line.
    const heads = {
      ours: await headOnTheWire(server.baseUrl, TARGETS['game list']),
      bare: await headOnTheWire(origins['bare, same answer'], '/'),
    };
    console.log(
      `The game list's head on the wire: ours ${heads.ours.length} bytes, the bare copy ${heads.bare.length}.`,
    );
    const bareLines = new Set(heads.bare.split('\r\n'));
    const oursLines = new Set(heads.ours.split('\r\n'));
    for (const line of oursLines) if (!bareLines.has(line)) console.log(`  ours only: ${line}`);
    for (const line of bareLines) if (!oursLines.has(line)) console.log(`  bare only: ${line}`);
    const pools = Object.fromEntries(
      (Object.keys(TARGETS) as Target[]).map((t) => [
        t,
        new Pool(origins[t], { connections: CONNECTIONS, pipelining: 1 }),
      ]),
    ) as Record<Target, Pool>;
    const pidOf = (target: Target) => pids[target];
    console.log(`Warming up (${WARM_UP_SECONDS} s each) …`);
    for (const target of Object.keys(TARGETS) as Target[])
      await drive(pools[target], TARGETS[target], WARM_UP_SECONDS, pidOf(target));

    const totals = Object.fromEntries(
      (Object.keys(TARGETS) as Target[]).map((t) => [
        t,
        { window: [0, 0], requests: 0, failures: 0, latencies: [] as number[], clientCpuMs: 0, serverCpuMs: 0 },
      ]),
    ) as Record<Target, Slice>;
    const windows = Object.fromEntries((Object.keys(TARGETS) as Target[]).map((t) => [t, [] as [number, number][]]));
    console.log(`${CONNECTIONS} connections, ${ROUNDS} rounds of ${(SECONDS / ROUNDS).toFixed(1)} s per target …`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of Object.keys(TARGETS) as Target[]) {
        const slice = await drive(pools[target], TARGETS[target], SECONDS / ROUNDS, pidOf(target));
        const total = totals[target];
        total.requests += slice.requests;
        total.failures += slice.failures;
        for (const latency of slice.latencies) total.latencies.push(latency);
        total.clientCpuMs += slice.clientCpuMs;
        total.serverCpuMs += slice.serverCpuMs;
        windows[target]!.push(slice.window);
      }
    }
    for (const pool of Object.values(pools)) await pool.close();

    const f = (x: number, digits = 0) => x.toFixed(digits);
    const bareRate = totals.bare.requests / SECONDS;
    // Both processes share the machine's cores: on a loaded machine requests/s follow its load, the
    // CPU a request costs (server and client, µs) does not — its ratio is the ratio the cores allow.
    const cpuPerRequest = (total: Slice) => ((total.serverCpuMs + total.clientCpuMs) * 1000) / total.requests;
    console.log('');
    console.log(
      `Lobby throughput (${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, ${CONNECTIONS} connections, ${SECONDS} s per target)`,
    );
    console.log(
      '| target | requests/s | p50 ms | p99 ms | ÷ bare | server CPU | server µs/request | client CPU | client µs/request | ÷ bare by CPU |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const target of Object.keys(TARGETS) as Target[]) {
      const total = totals[target];
      const sorted = total.latencies.sort((a, b) => a - b);
      const rate = total.requests / SECONDS;
      console.log(
        `| ${LABELS[target]} | ${f(rate)} | ${f(percentile(sorted, 50), 2)} | ${f(percentile(sorted, 99), 2)} | ${target === 'bare' ? '' : f(rate / bareRate, 2)} | ${f((total.serverCpuMs / (SECONDS * 1000)) * 100)} % | ${f((total.serverCpuMs * 1000) / total.requests)} | ${f((total.clientCpuMs / (SECONDS * 1000)) * 100)} % | ${f((total.clientCpuMs * 1000) / total.requests)} | ${target === 'bare' ? '' : f(cpuPerRequest(totals.bare) / cpuPerRequest(total), 2)} |${total.failures ? ` (${total.failures} failed)` : ''}`,
      );
    }
    console.log('Target: lobby requests/s ÷ bare (hello world) ≥ 0.8.');
    profiled = { windows, totals };
    if (process.env.BENCH_PROFILE) {
      // For a closer look afterwards (helpers/cpu-profile-summary.ts over these windows).
      const requests = Object.fromEntries(Object.entries(totals).map(([t, total]) => [t, total.requests]));
      writeFileSync(join(process.env.BENCH_PROFILE, 'windows.json'), JSON.stringify({ windows, requests }));
    }
  } finally {
    for (const started of bare) await started.kill();
    await server?.kill('SIGTERM');
    // The servers write their profiles as they exit: where a request's CPU goes, bottom-up, the
    // game list's slices on our server beside the same bytes' slices on the bare one.
    if (process.env.BENCH_PROFILE && profiled) {
      for (const [target, dir] of [
        ['game list', process.env.BENCH_PROFILE],
        ['lanes', process.env.BENCH_PROFILE],
        ['bare, same answer', join(process.env.BENCH_PROFILE, 'bare')],
      ] as const) {
        const profile = newestProfileIn(dir);
        if (!profile) continue;
        console.log(`\n${LABELS[target]}:`);
        const summary = summariseProfile(profile, profiled.windows[target]);
        for (const line of printProfileSummary(summary, profiled.totals[target].requests)) console.log(line);
      }
    }
    await postgres.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
