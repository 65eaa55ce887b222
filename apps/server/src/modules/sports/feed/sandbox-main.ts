import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { FeedEntry } from './feed.ts';
import { sandboxFeedBook, type SandboxFeedState } from './sandbox.ts';

/**
 * The sandbox sports feed as its own process (development only; apps/server/src/sandbox.ts starts
 * it beside the server as it starts the sandbox vendor). Serves GET /changes?after=&limit= from its
 * log, and POST /finish {ref, home, away} ends a fixture at once (e2e tests). With SPORTS_FEED_STORE
 * the log (JSON lines) and the fixtures' state survive a restart, so a server's cursor stays valid.
 *   PORT=8362 node --import tsx apps/server/src/modules/sports/feed/sandbox-main.ts
 */
const env = process.env;
const store = env.SPORTS_FEED_STORE;
const tickMs = Number(env.SPORTS_FEED_TICK_MS ?? 5_000);

function restore(): { log: FeedEntry[]; state: SandboxFeedState } | undefined {
  if (!store || !existsSync(`${store}.state.json`)) return undefined;
  try {
    const state = JSON.parse(readFileSync(`${store}.state.json`, 'utf8')) as SandboxFeedState;
    const log = existsSync(`${store}.log.jsonl`)
      ? readFileSync(`${store}.log.jsonl`, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as FeedEntry)
      : [];
    return { log, state };
  } catch (error) {
    console.warn(`The sandbox sports feed starts afresh (its store could not be read: ${(error as Error).message}).`);
    return undefined;
  }
}

const book = sandboxFeedBook({ restore: restore() });
let kept = book.size();
function tick() {
  book.tick(Date.now());
  keep();
}
function keep() {
  if (!store) return;
  const fresh = book.entries(String(kept), Number.MAX_SAFE_INTEGER);
  if (fresh.length) appendFileSync(`${store}.log.jsonl`, fresh.map((e) => `${JSON.stringify(e)}\n`).join(''));
  kept += fresh.length;
  writeFileSync(`${store}.state.json`, JSON.stringify(book.state()));
}
tick();
const timer = setInterval(tick, tickMs);

/** POST /finish {ref, home, away}: ends a fixture now with that score (the e2e settles a slip without waiting). */
function finish(body: string): boolean {
  const { ref, home, away } = JSON.parse(body) as { ref?: unknown; home?: unknown; away?: unknown };
  const goals = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 999;
  if (typeof ref !== 'string' || !goals(home) || !goals(away)) return false;
  const finished = book.finish(ref, { home: home as number, away: away as number });
  keep();
  return finished;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  if (req.method === 'POST' && url.pathname === '/finish') {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk.slice(0, 1_000)));
    req.on('end', () => {
      let finished = false;
      try {
        finished = finish(body);
      } catch {
        // not JSON: refused below
      }
      res.writeHead(finished ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify({ finished }));
    });
    return;
  }
  if (req.method !== 'GET' || url.pathname !== '/changes') {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    return;
  }
  const limit = Math.min(1_000, Math.max(1, Number(url.searchParams.get('limit')) || 200));
  const entries = book.entries(url.searchParams.get('after'), limit);
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ entries }));
});
const port = Number(env.PORT ?? 8362);
const host = env.HOST ?? '127.0.0.1';
server.once('error', (error: NodeJS.ErrnoException) => {
  const why = error.code === 'EADDRINUSE' ? 'the port is in use' : error.message;
  console.error(`The sandbox sports feed cannot listen on ${host}:${port}: ${why}.`);
  process.exit(1);
});
server.listen(port, host, () => {
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  console.log(`Sandbox sports feed at ${url}`);
  process.send?.({ ready: url });
});
const stop = () => {
  clearInterval(timer);
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.on('disconnect', stop);
