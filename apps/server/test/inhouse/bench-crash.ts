/**
 * `npm run bench:crash` (scripts/bench-crash.mjs), issue 12 "Crash": BENCH_WATCHERS (500) screens
 * following the rounds of one server instance over server-sent events while BENCH_PLAYERS (50) bet
 * and cash out at random moments, for BENCH_CRASH_ROUNDS (6) rounds. It prints:
 * - how long each round event takes from its moment in the database to every watcher (p50, p99),
 *   beside a bare node:http server broadcasting to as many watchers in the same run;
 * - how far after the press each cash-out was priced (the multiplier paid is the curve's at that
 *   instant): the target is within one 100 ms tick; and how many presses before the crash were refused.
 * It prints figures; it is never a test.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { cpus } from 'node:os';
import { crashMultiplierAt, crashTimeOf } from '@khela/games';
import type { CrashEvent, CrashRound, InhouseRound } from '@khela/contracts';
import { parseMinor } from '@khela/money';
import { benchPostgres, percentile } from '../helpers/bench-postgres.ts';
import { freePort, serverProcess } from '../seamless/server-process.ts';
import { benchPlayers } from './helpers.ts';

const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 500);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const ROUNDS = Number(process.env.BENCH_CRASH_ROUNDS ?? 6);
const TICK_MS = 100;

/** Follows an event stream, calling `onEvent` with each event and the instant it arrived. */
function follow(url: string, headers: Record<string, string>, onEvent: (data: unknown, at: number) => void) {
  let response: IncomingMessage | undefined;
  const opened = new Promise<void>((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      response = res;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.timeOrigin + performance.now();
        text += chunk;
        const blocks = text.split('\n\n');
        text = blocks.pop()!;
        for (const block of blocks) {
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) onEvent(JSON.parse(data.slice(6)), at);
        }
        resolve();
      });
      res.on('error', () => undefined);
    });
    req.on('error', reject);
    req.end();
  });
  return { opened, close: () => response?.destroy() };
}

/** A bare node:http server broadcasting a timestamp to the same number of watchers: the reference. */
async function bareBroadcast(watchers: number, messages: number): Promise<number[]> {
  const streams = new Set<ServerResponse>();
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': connected\n\n');
    streams.add(res);
    res.on('close', () => streams.delete(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const latencies: number[] = [];
  const followers = Array.from({ length: watchers }, () =>
    follow(`http://127.0.0.1:${port}/`, {}, (data, at) => latencies.push(at - (data as { sentAt: number }).sentAt)),
  );
  await Promise.all(followers.map((f) => f.opened));
  for (let i = 0; i < messages; i++) {
    const line = `event: tick\ndata: ${JSON.stringify({ sentAt: Date.now(), padding: 'x'.repeat(300) })}\n\n`;
    for (const res of streams) res.write(line);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  for (const f of followers) f.close();
  await new Promise((resolve) => server.close(resolve));
  return latencies;
}

/** When a round event happened by the database's clock. */
function momentOf(round: CrashRound, bettingMs: number): number {
  if (round.state === 'crashed') return Date.parse(round.crashedAt!);
  if (round.state === 'running') return Date.parse(round.startedAt!);
  return Date.parse(round.bettingEndsAt) - bettingMs;
}

async function main() {
  const postgres = await benchPostgres();
  let server: ReturnType<typeof serverProcess> | undefined;
  const bettingMs = 3_000;
  try {
    const { url, tokens } = await benchPlayers(postgres, 'crash', PLAYERS, 1_000_000_00n);

    console.log(`Reference: a bare node:http server broadcasting to ${WATCHERS} watchers …`);
    const bare = (await bareBroadcast(WATCHERS, 30)).sort((a, b) => a - b);

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    server = serverProcess({
      databaseUrl: url,
      port: await freePort(),
      dataDir: postgres.dataDir,
      env: {
        NODE_ENV: 'production',
        WIRE_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        CRASH_BETTING_MS: String(bettingMs),
        CRASH_PAUSE_MS: '1000',
      },
    });
    await server.start();
    const base = server.baseUrl;
    const call = <T>(path: string, token: string, body: object) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token, merchant: 'khela' },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { value: T; code?: string } }));

    console.log(`${WATCHERS} watchers on one instance, ${PLAYERS} players, ${ROUNDS} rounds …`);
    const eventLatency: Record<string, number[]> = { betting: [], running: [], crashed: [] };
    const followers = Array.from({ length: WATCHERS }, () =>
      follow(`${base}/wps/inhouse/crash/events`, { merchant: 'khela' }, (data, at) => {
        const event = data as CrashEvent;
        if (event.type === 'round') eventLatency[event.round.state]!.push(at - momentOf(event.round, bettingMs));
      }),
    );
    await Promise.all(followers.map((f) => f.opened));

    // One more stream drives the players: bets in each betting window, cash-outs at random moments.
    const pricingLag: number[] = [];
    let refusedBeforeCrash = 0;
    let lostToCrash = 0;
    let crashedRounds = 0;
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const bets = new Map<number, string>();
    const driver = follow(`${base}/wps/inhouse/crash/events`, { merchant: 'khela' }, (data) => {
      const event = data as CrashEvent;
      if (event.type !== 'round') return;
      const round = event.round;
      if (round.state === 'betting') {
        bets.clear();
        tokens.forEach((token, i) => {
          void call<InhouseRound>('/wps/inhouse/crash/bet', token, {
            requestId: `c${randomBytes(8).toString('hex')}`,
            stake: '1.00',
          })
            .then((res) => {
              if (res.status === 200) bets.set(i, res.body.value.roundId);
            })
            .catch(() => undefined); // the server stopped at the end of the run
        });
      } else if (round.state === 'running') {
        const startedAt = Date.parse(round.startedAt!);
        for (const [i, betId] of bets) {
          setTimeout(() => {
            const pressedAfter = Date.now() - startedAt;
            void call<InhouseRound>('/wps/inhouse/crash/cash-out', tokens[i]!, { roundId: betId })
              .then((res) => {
                if (res.status === 200) {
                  const paid = Number(parseMinor(String(res.body.value.outcome!.cashedOutAt)));
                  // The instant the paid multiplier was reached, after the press.
                  const pricedAfter = paid <= crashMultiplierAt(pressedAfter) ? pressedAfter : crashTimeOf(paid);
                  pricingLag.push(Math.max(0, pricedAfter - pressedAfter));
                } else if (res.body.code === 'inhouse.round_crashed') {
                  lostToCrash++;
                } else refusedBeforeCrash++;
              })
              .catch(() => undefined);
          }, Math.random() * 3_000);
        }
      } else if (++crashedRounds >= ROUNDS) finished();
    });
    await driver.opened;
    await done;
    for (const f of [...followers, driver]) f.close();
    await server.kill('SIGTERM');
    server = undefined;

    const row = (name: string, values: number[]) => {
      const sorted = values.sort((a, b) => a - b);
      return `| ${name} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`;
    };
    console.log('');
    console.log(
      `Crash on one instance (${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, ${WATCHERS} watchers, ${PLAYERS} players, ${ROUNDS} rounds)`,
    );
    console.log('| measure | samples | p50 ms | p99 ms |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const state of ['betting', 'running', 'crashed'])
      console.log(row(`round ${state} → every watcher`, eventLatency[state]!));
    console.log(row('reference: bare node:http broadcast', bare));
    console.log(row('cash-out priced after its press', pricingLag));
    const within = pricingLag.filter((lag) => lag <= TICK_MS).length;
    console.log(
      `Cash-outs priced within one ${TICK_MS} ms tick of the press: ${within} of ${pricingLag.length}; refused for another reason: ${refusedBeforeCrash}; too late (crashed first): ${lostToCrash}.`,
    );
  } finally {
    await server?.kill('SIGKILL');
    await postgres.stop();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
