import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { fakeChangeFeed } from '../cache/fake-change-feed.ts';
import { lobbyGames } from '../../test/helpers/lobby-games.ts';
import { clientIpOf, hotReads, type HotReadAnswer } from './hot-reads.ts';
import { SerializedEnvelope } from './serialized-envelope.ts';

function request(url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1', method = 'GET') {
  return { method, url, headers: { host: 'khela.test', ...headers }, socket: { remoteAddress } } as IncomingMessage;
}

function response() {
  const sent: { status?: number; headers?: OutgoingHttpHeaders; body?: Buffer } = {};
  const res = {
    writeHead(status: number, headers: OutgoingHttpHeaders | (string | number)[]) {
      sent.status = status;
      // A flat [name, value, …] array, as Node takes it: as an object, a copy (the array is reused).
      if (!Array.isArray(headers)) sent.headers = headers;
      else {
        sent.headers = {};
        for (let i = 0; i < headers.length; i += 2) sent.headers[headers[i] as string] = headers[i + 1];
      }
    },
    // The bytes as Node sends them.
    end(body: string | Buffer, encoding?: BufferEncoding) {
      sent.body = typeof body === 'string' ? Buffer.from(body, encoding) : body;
    },
  } as unknown as ServerResponse;
  return { res, sent };
}

const LIST = '/wps/relay/GCSGAME_gameList?gameType=RNG';
const envelope = SerializedEnvelope.of({ games: Array.from({ length: 100 }, (_, i) => ({ name: `game ${i}` })) });

/** `later`: the checks answer asynchronously (not in memory), else at once. */
function setUp(options: { blocked?: string[]; switchOff?: boolean; later?: boolean } = {}) {
  let now = 1_000;
  const answerOf = (verdict: boolean) => (options.later ? Promise.resolve(verdict) : verdict);
  const feed = fakeChangeFeed();
  const served: string[] = [];
  const reads = hotReads({
    feed,
    trustProxyHops: 0,
    mayEnter: (_merchant, ip) => answerOf(!options.blocked?.includes(ip)),
    switchIsOn: () => answerOf(!options.switchOff),
    onServed: (route) => served.push(route),
    now: () => now,
  });
  const answer = (overrides: Partial<HotReadAnswer> = {}): HotReadAnswer => ({
    envelope,
    merchantId: 1,
    route: '/wps/relay/GCSGAME_gameList',
    gated: true,
    switch: 'GAMELO3',
    ttlMs: 10_000,
    generation: reads.generation,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'old', 'content-length': 9 },
    ...overrides,
  });
  return { reads, feed, served, answer, advance: (ms: number) => (now += ms) };
}

async function serve(reads: ReturnType<typeof hotReads>, req: IncomingMessage) {
  const entry = reads.match(req);
  if (!entry) return null;
  const { res, sent } = response();
  return (await reads.serve(entry, req, res)) ? sent : 'refused';
}

describe('hot reads', () => {
  it('replays a kept answer to the same request, with its headers and a fresh request id', async () => {
    const { reads, answer, served } = setUp();
    reads.remember(request(LIST), answer());
    const sent = await serve(reads, request(LIST, { 'accept-encoding': 'gzip' }));
    expect(sent).not.toBeNull();
    if (!sent || sent === 'refused') return;
    expect(sent.status).toBe(200);
    expect(sent.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'gzip',
    });
    expect(sent.headers!['x-request-id']).not.toBe('old');
    expect(sent.headers!['content-length']).toBe(String(sent.body!.length));
    expect(gunzipSync(sent.body!).toString()).toBe(envelope.json);
    const plain = await serve(reads, request(LIST, { 'x-request-id': 'given-request-1' }));
    expect(plain).toMatchObject({ body: Buffer.from(envelope.json), headers: { 'x-request-id': 'given-request-1' } });
    expect(served).toEqual(['/wps/relay/GCSGAME_gameList', '/wps/relay/GCSGAME_gameList']);
  });

  it('compresses an answer again at the best quality once replayed 64 times, and sends that', async () => {
    const { reads, answer } = setUp();
    const popular = SerializedEnvelope.of({ games: lobbyGames(40) });
    reads.remember(request(LIST), answer({ envelope: popular }));
    const browser = request(LIST, { 'accept-encoding': 'gzip, deflate, br' });
    const compressBest = vi.spyOn(popular, 'compressBest');
    const first = await serve(reads, browser);
    for (let i = 1; i < 63; i++) await serve(reads, browser);
    expect(compressBest).not.toHaveBeenCalled();
    await serve(reads, browser);
    expect(compressBest).toHaveBeenCalledOnce();
    await compressBest.mock.results[0]!.value;
    const later = await serve(reads, browser);
    if (!first || first === 'refused' || !later || later === 'refused') throw new Error('not served');
    expect(later.body!.length).toBeLessThan(first.body!.length);
    expect(later.headers!['content-length']).toBe(String(later.body!.length));
    expect(brotliDecompressSync(later.body!).toString()).toBe(popular.json);
  });

  it('keeps answers apart by URL, host, Merchant and Language headers, and replays only GET', async () => {
    const { reads, answer } = setUp();
    reads.remember(request(LIST, { language: 'bn' }), answer());
    expect(reads.match(request(LIST, { language: 'bn' }))).toBeDefined();
    for (const other of [
      request(LIST, { language: 'en' }),
      request(LIST),
      request(`${LIST}&pageNo=2`, { language: 'bn' }),
      request(LIST, { language: 'bn', merchant: 'other' }),
      request(LIST, { language: 'bn', host: 'other.test' }),
      request(LIST, { language: 'bn', 'x-forwarded-host': 'other.test' }),
      request(LIST, { language: 'bn' }, '127.0.0.1', 'POST'),
    ]) {
      expect(reads.match(other)).toBeUndefined();
    }
    // Two answers of one URL, each to its own language.
    const english = answer({ envelope: SerializedEnvelope.of({ games: [] }) });
    reads.remember(request(LIST, { language: 'en' }), english);
    expect(reads.match(request(LIST, { language: 'en' }))?.envelope).toBe(english.envelope);
    expect(reads.match(request(LIST, { language: 'bn' }))?.envelope).toBe(envelope);
  });

  it.each([
    ['in memory', false],
    ['asked later', true],
  ])(
    'leaves a visitor the gate or a switch refuses to Fastify, and serves the others (checks %s)',
    async (_, later) => {
      const gate = setUp({ blocked: ['203.0.113.7'], later });
      gate.reads.remember(request(LIST), gate.answer());
      expect(await serve(gate.reads, request(LIST, {}, '203.0.113.7'))).toBe('refused');
      expect(await serve(gate.reads, request(LIST, {}, '198.51.100.9'))).toMatchObject({ status: 200 });
      const ungated = setUp({ blocked: ['203.0.113.7'], later });
      ungated.reads.remember(request(LIST), ungated.answer({ gated: false, switch: undefined }));
      expect(await serve(ungated.reads, request(LIST, {}, '203.0.113.7'))).toMatchObject({ status: 200 });
      const off = setUp({ switchOff: true, later });
      off.reads.remember(request(LIST), off.answer());
      expect(await serve(off.reads, request(LIST))).toBe('refused');
    },
  );

  it('drops everything on any change, keeps nothing made across one, and nothing while deaf', async () => {
    const { reads, feed, answer } = setUp();
    reads.remember(request(LIST), answer());
    feed.announce({ scope: 'catalogue', merchantId: 2 });
    expect(reads.match(request(LIST))).toBeUndefined();
    // Made under the generation before the change: not kept.
    const before = answer({ generation: reads.generation });
    feed.announce({ scope: 'site', merchantId: 1 });
    reads.remember(request(LIST), before);
    expect(reads.match(request(LIST))).toBeUndefined();
    reads.remember(request(LIST), answer());
    expect(reads.match(request(LIST))).toBeDefined();
    feed.listening = false;
    expect(reads.match(request(LIST))).toBeUndefined();
    reads.remember(request(LIST), answer());
    expect(reads.match(request(LIST))).toBeUndefined();
  });

  it('expires an answer after its TTL', () => {
    const { reads, answer, advance } = setUp();
    reads.remember(request(LIST), answer({ ttlMs: 1_000 }));
    advance(999);
    expect(reads.match(request(LIST))).toBeDefined();
    advance(1);
    expect(reads.match(request(LIST))).toBeUndefined();
  });

  it('reads the visitor’s address as Fastify does: the socket, or X-Forwarded-For through trusted hops', () => {
    const direct = request(LIST, { 'x-forwarded-for': '203.0.113.7' }, '10.0.0.2');
    expect(clientIpOf(direct, 0)).toBe('10.0.0.2');
    expect(clientIpOf(direct, 1)).toBe('203.0.113.7');
    const chain = request(LIST, { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' }, '10.0.0.2');
    expect(clientIpOf(chain, 1)).toBe('203.0.113.7');
    expect(clientIpOf(chain, 2)).toBe('198.51.100.1');
  });
});
