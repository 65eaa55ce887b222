import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameSummary } from '@khela/contracts';
import { DEMO_ADMIN } from '../helpers/admin.ts';
import { startInstances, type Instance } from './helpers.ts';

/**
 * Issue 11 item 2: the hot-read fast path (http/hot-reads.ts) over real HTTP. A lobby read asked
 * again is answered before Fastify with the very bytes Fastify sent, while the gate still refuses
 * whom it must. (cache.int.test.ts shows changes, switches and maintenance reaching it too.)
 */

const LIST = '/wps/relay/GCSGAME_gameList';

let server: Instance;
let close: () => Promise<void>;
let admin: Record<string, string>;

beforeAll(async () => {
  // One proxy in front, as in production: the visitor's address comes from X-Forwarded-For.
  const started = await startInstances(1, { siteCacheTtlMs: 30_000, trustProxy: 1 });
  close = started.close;
  server = started.instances[0]!;
  const login = await server.call<{ token: string }>('POST', '/admin/session/login', { body: DEMO_ADMIN });
  admin = { Authorization: login.body.value.token };
});
afterAll(() => close());

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request as a browser sends it, the body as it came over the wire (not decompressed). */
function raw(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, server.baseUrl), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: Raw): { success: boolean; code?: string; value: { games: GameSummary[] } } {
  const coding = answer.headers['content-encoding'];
  const text =
    coding === 'br' ? brotliDecompressSync(answer.body) : coding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(text.toString()) as never;
}

/** How many answers the fast path has sent for the game list (the Prometheus counter). */
async function hits(): Promise<number> {
  const text = (await raw('/metrics')).body.toString();
  const line = text.split('\n').find((l) => l.startsWith(`http_hot_reads_total{route="${LIST}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

const sameAnswer = (headers: IncomingHttpHeaders) => {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
};

describe('the hot-read fast path', () => {
  it('answers a repeated lobby read byte for byte as Fastify did, in each coding, with its own request id', async () => {
    for (const [pageSize, coding] of [
      [30, 'gzip, deflate, br'],
      [31, 'gzip'],
      [32, ''],
    ] as const) {
      const path = `${LIST}?gameType=RNG&pageNo=1&pageSize=${pageSize}`;
      const headers = { 'accept-encoding': coding, language: 'en' };
      const before = await hits();
      const fromFastify = await raw(path, headers);
      expect(await hits()).toBe(before);
      const replayed = await raw(path, headers);
      expect(await hits()).toBe(before + 1);
      expect(replayed.status).toBe(200);
      expect(replayed.body.equals(fromFastify.body)).toBe(true);
      expect(sameAnswer(replayed.headers)).toEqual(sameAnswer(fromFastify.headers));
      expect(replayed.headers['content-encoding']).toBe(coding ? fromFastify.headers['content-encoding'] : undefined);
      expect(replayed.headers['x-request-id']).not.toBe(fromFastify.headers['x-request-id']);
      // A JSON answer's own policy (plugins/security-headers.ts), not the site's.
      expect(replayed.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(replayed.headers['x-content-type-options']).toBe('nosniff');
      expect(decoded(replayed).value.games).toHaveLength(pageSize);
      const traced = await raw(path, { ...headers, 'x-request-id': 'trace-0001-abcd' });
      expect(traced.headers['x-request-id']).toBe('trace-0001-abcd');
    }
  });

  it('keeps answers apart by language', async () => {
    const path = `${LIST}?gameType=LIVE&pageSize=5`;
    for (let i = 0; i < 2; i++) {
      const [bn, en] = [await raw(path, { language: 'bn' }), await raw(path, { language: 'en' })];
      const names = (answer: Raw) => decoded(answer).value.games.map((g) => g.gameName);
      expect(names(bn)).not.toEqual(names(en));
      expect(names(bn).some((name) => /[\u0980-\u09FF]/.test(name))).toBe(true);
    }
  });

  it('refuses a visitor the region rules block even though the answer is kept; others get it from the fast path', async () => {
    const rule = await server.call<{ id: number }>('POST', '/admin/region-rules', {
      body: { kind: 'cidr', value: '203.0.113.0/24' },
      headers: admin,
    });
    expect(rule.status).toBe(200);
    try {
      const path = `${LIST}?gameType=FISH`;
      const allowed = { 'x-forwarded-for': '198.51.100.9', language: 'en' };
      expect((await raw(path, allowed)).status).toBe(200);
      const before = await hits();
      expect((await raw(path, allowed)).status).toBe(200);
      expect(await hits()).toBe(before + 1);
      const blocked = await raw(path, { 'x-forwarded-for': '203.0.113.7', language: 'en' });
      expect(blocked.status).toBe(403);
      expect(decoded(blocked)).toMatchObject({ success: false, code: 'system.access_restricted' });
      expect(await hits()).toBe(before + 1);
    } finally {
      await server.call('DELETE', `/admin/region-rules/${rule.body.value.id}`, { headers: admin });
    }
  });

  it('replays no refusal: a bad query is refused by Fastify every time', async () => {
    const before = await hits();
    for (let i = 0; i < 3; i++) {
      const refused = await raw(`${LIST}?pageSize=0`, { language: 'en' });
      expect(refused.status).toBe(400);
      expect(decoded(refused).code).toBe('request.invalid');
    }
    expect(await hits()).toBe(before);
  });
});
