import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportsEventInput, SportsHotMatch, SportsLiveChange } from '@khela/contracts';
import { buildApp } from '../../src/app.ts';
import { wireKeysFromPem } from '../../src/http/wire-keys.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { sportsBook, type SportsBook } from '../../src/modules/sports/book.ts';
import { listSportsFeed, type FeedChange } from '../../src/modules/sports/feed/feed.ts';
import { sportsFeedPass } from '../../src/modules/sports/feed/pass.ts';
import { sandboxFeedBook } from '../../src/modules/sports/feed/sandbox.ts';
import { fundedPlayer, mainBalance, requestId } from '../inhouse/helpers.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { startTestApp, wireVectors, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let merchantId: number;
let book: SportsBook;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = (await t.db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirstOrThrow())
    .id;
  book = sportsBook({ db: t.db, ledger: createLedger({ db: t.db }), secrets: testSecrets });
});
afterAll(() => t?.close());

const football = (code: string, startsInMs: number, isHot = false): SportsEventInput => ({
  sport: 'FOOTBALL',
  competition: { code: 'FEED-TEST', name: { en: 'Feed League', bn: 'ফিড লীগ' } },
  home: { en: `${code} Home`, bn: `${code} ঘর` },
  away: { en: `${code} Away`, bn: `${code} বাইরে` },
  startsAt: new Date(Date.now() + startsInMs).toISOString(),
  isHot,
  markets: [
    { type: 'ONE_X_TWO', minStake: '1.00', maxStake: '1000.00', odds: { HOME: '2.10', DRAW: '3.20', AWAY: '3.30' } },
    {
      type: 'OVER_UNDER',
      line: '2.50',
      minStake: '1.00',
      maxStake: '1000.00',
      odds: { OVER: '1.85', UNDER: '2.00' },
    },
  ],
});

/** Waits for a condition with a cap (no fixed sleeps). */
async function until(check: () => boolean | Promise<boolean>, capMs = 5_000) {
  for (const end = Date.now() + capMs; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
    if (await check()) return;
  }
  throw new Error('timed out');
}

/** A page's stream of the book's changes, collected; `ended` once the server closes it. */
async function watch(baseUrl: string, query = '') {
  const changes: SportsLiveChange[] = [];
  const controller = new AbortController();
  const state = { ended: false };
  const res = await fetch(`${baseUrl}/wps/sports/live${query}`, { signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const done = (async () => {
    const reader = res.body!.getReader();
    let text = '';
    for (;;) {
      const { value, done: over } = await reader.read();
      if (over) return;
      text += new TextDecoder().decode(value);
      const blocks = text.split('\n\n');
      text = blocks.pop()!;
      for (const block of blocks) {
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) changes.push(JSON.parse(data.slice(6)) as SportsLiveChange);
      }
    }
  })()
    .catch(() => undefined)
    .finally(() => (state.ended = true));
  return { changes, state, stop: () => (controller.abort(), done) };
}

describe('live odds', () => {
  it('pushes odds, market and event changes to every open page of every instance, filtered by event', async () => {
    const event = await book.upsertEvent({ merchantId }, football('LIVE', 3_600_000));
    const other = await book.upsertEvent({ merchantId }, football('OTHER', 3_600_000));
    const oneXTwo = event.markets.find((m) => m.type === 'ONE_X_TWO')!;
    const home = oneXTwo.selections.find((s) => s.code === 'HOME')!;

    // A second server instance on the same database: its own LISTEN connection.
    const second = await buildApp({
      db: t.db,
      wireKeys: await wireKeysFromPem(wireVectors.keyId, wireVectors.privateKey),
      secrets: testSecrets,
      webDist: '/nonexistent',
      logLevel: 'silent',
      validateResponses: true,
    });
    await second.listen({ host: '127.0.0.1', port: 0 });
    const secondUrl = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
    const pages = [
      await watch(t.baseUrl),
      await watch(t.baseUrl, `?eventIds=${event.eventId}`),
      await watch(secondUrl, `?eventIds=${other.eventId},${event.eventId}`),
    ];
    const elsewhere = await watch(t.baseUrl, `?eventIds=${other.eventId}`);
    try {
      await book.setOdds({ merchantId }, oneXTwo.id, { HOME: '2.25' });
      await book.setMarketStatus({ merchantId }, oneXTwo.id, 'suspended');
      await book.setEventStatus({ merchantId }, event.eventId, 'live', { home: 1, away: 0 });
      const expected: SportsLiveChange[] = [
        { kind: 'odds', eventId: event.eventId, marketId: oneXTwo.id, selectionId: home.id, odds: '2.25' },
        { kind: 'market', eventId: event.eventId, marketId: oneXTwo.id, status: 'suspended' },
        { kind: 'event', eventId: event.eventId, status: 'live', score: { home: 1, away: 0 } },
      ];
      for (const page of pages) {
        await until(() => page.changes.filter((c) => c.eventId === event.eventId).length >= 3);
        expect(page.changes.filter((c) => c.eventId === event.eventId)).toEqual(expected);
      }
      // The page following only the other event heard none of it (it is heard after what came before).
      await book.setOdds({ merchantId }, other.markets[0]!.id, { HOME: '2.50' });
      await until(() => elsewhere.changes.length >= 1);
      expect(elsewhere.changes.map((c) => c.eventId)).toEqual([other.eventId]);

      // Shutting the second instance down ends its pages' streams instead of hanging.
      await second.close();
      await until(() => pages[2]!.state.ended);
      expect(pages[0]!.state.ended).toBe(false);
    } finally {
      await Promise.all([...pages, elsewhere].map((page) => page.stop()));
      await second.close();
    }
  });

  it('refuses a junk event filter', async () => {
    for (const eventIds of ['abc', '1,,2', '-1', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const res = await t.get('/wps/sports/live', { query: { eventIds } });
      expect(res.status, eventIds).toBe(400);
    }
  });
});

describe('hot matches', () => {
  it('lists hot live and upcoming events with league, match, time and main odds in the caller’s language', async () => {
    const later = await book.upsertEvent({ merchantId }, football('HOT-LATER', 7_200_000, true));
    const live = await book.upsertEvent({ merchantId }, football('HOT-LIVE', 60_000, true));
    await book.setEventStatus({ merchantId }, live.eventId, 'live', { home: 0, away: 2 });
    const notHot = await book.upsertEvent({ merchantId }, football('COLD', 60_000, false));

    const res = await t.get<{ list: SportsHotMatch[] }>('/wps/relay/GCSGAME_getGameMatchV2', {
      headers: { Language: 'bn' },
    });
    expect(res.status).toBe(200);
    const ids = res.body.value.list.map((m) => m.eventId);
    expect(ids).not.toContain(notHot.eventId);
    expect(ids.indexOf(live.eventId)).toBeLessThan(ids.indexOf(later.eventId));
    const match = res.body.value.list.find((m) => m.eventId === live.eventId)!;
    expect(match).toMatchObject({
      kind: 'SPORTS',
      sport: 'FOOTBALL',
      league: 'ফিড লীগ',
      match: 'HOT-LIVE ঘর vs HOT-LIVE বাইরে',
      status: 'live',
      score: { home: 0, away: 2 },
      bet: { type: 'ONE_X_TWO' },
    });
    expect(match.bet!.selections.map((s) => [s.code, s.odds])).toEqual([
      ['HOME', '2.10'],
      ['DRAW', '3.20'],
      ['AWAY', '3.30'],
    ]);
    const english = await t.get<{ list: SportsHotMatch[] }>('/wps/relay/GCSGAME_getGameMatchV2');
    expect(english.body.value.list.find((m) => m.eventId === live.eventId)!.league).toBe('Feed League');
  });
});

describe('the feed pass', () => {
  it('applies a batch once from its cursor, a re-run or a repeat applies nothing more, a result settles', async () => {
    const ref = 'FEED-1';
    const ou = { type: 'OVER_UNDER' as const, line: '2.50' };
    const changes: FeedChange[] = [
      { type: 'event', ref, event: football('FEED', 60_000) },
      { type: 'odds', ref, market: ou, odds: { OVER: '1.95', UNDER: '1.90' } },
      { type: 'market_status', ref, market: ou, status: 'suspended' },
      { type: 'market_status', ref, market: ou, status: 'open' },
      { type: 'event_status', ref, status: 'live', score: { home: 0, away: 0 } },
      { type: 'odds', ref: 'NO-SUCH-EVENT', market: ou, odds: { OVER: '1.50' } },
    ];
    const { id: feedId } = await t.db
      .insertInto('sports_feeds')
      .values({ merchant_id: merchantId, name: 'test-feed', url: 'http://127.0.0.1:9/' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pass = sportsFeedPass({ db: t.db, book, feedOf: () => listSportsFeed(changes) });

    // Two passes at once: one applies the batch, the other finds the feed taken and moves on.
    const [a, b] = await Promise.all([pass.runPass(), pass.runPass()]);
    expect(a.applied + b.applied).toBe(5);
    expect(a.refused + b.refused).toBe(1);
    expect(a.feeds + b.feeds).toBe(1);
    const feedRow = () =>
      t.db.selectFrom('sports_feeds').selectAll().where('id', '=', feedId).executeTakeFirstOrThrow();
    expect((await feedRow()).cursor).toBe('6');
    expect((await feedRow()).last_error).toContain('NO-SUCH-EVENT');
    const event = await t.db
      .selectFrom('sports_events')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('external_id', '=', ref)
      .executeTakeFirstOrThrow();
    expect([event.status, event.home_score, event.away_score]).toEqual(['live', 0, 0]);
    const overUnder = await t.db
      .selectFrom('sports_markets as m')
      .innerJoin('sports_selections as s', 's.market_id', 'm.id')
      .select(['m.id', 'm.status', 's.code', 's.odds'])
      .where('m.event_id', '=', event.id)
      .where('m.type', '=', 'OVER_UNDER')
      .orderBy('s.code')
      .execute();
    expect(overUnder.map((r) => [r.status, r.code, r.odds])).toEqual([
      ['open', 'OVER', 195],
      ['open', 'UNDER', 190],
    ]);
    expect((await pass.runPass()).applied).toBe(0);

    // A member bets on it; the feed then publishes the result.
    const { player, headers } = await fundedPlayer(t, merchantId);
    const over = overUnder.find((r) => r.code === 'OVER')!;
    const selection = await t.db
      .selectFrom('sports_selections')
      .select('id')
      .where('market_id', '=', over.id)
      .where('code', '=', 'OVER')
      .executeTakeFirstOrThrow();
    const placed = await t.request<{ id: number }>(
      'POST',
      '/wps/sports/slips',
      {
        requestId: requestId(),
        stake: '10.00',
        oddsPolicy: 'any',
        legs: [{ selectionId: Number(selection.id), odds: '1.95' }],
      },
      { headers },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const afterStake = await mainBalance(t, player);
    changes.push({ type: 'result', ref, score: { home: 2, away: 1 } });
    expect(await pass.runPass()).toMatchObject({ applied: 1, failed: 0 });
    const slip = await t.db
      .selectFrom('sports_slips')
      .select(['status', 'payout'])
      .where('id', '=', BigInt(placed.body.value.id))
      .executeTakeFirstOrThrow();
    expect(slip).toEqual({ status: 'won', payout: 1950n });
    expect(await mainBalance(t, player)).toBe(afterStake + 1950n);

    // A pass that stopped before moving its cursor repeats its changes to no effect: paid once.
    await t.db.updateTable('sports_feeds').set({ cursor: '0' }).where('id', '=', feedId).execute();
    expect(await pass.runPass()).toMatchObject({ applied: 0, failed: 0 });
    expect(await mainBalance(t, player)).toBe(afterStake + 1950n);
    expect((await feedRow()).cursor).toBe('7');
  });

  it('the sandbox feed starts events, moves odds and publishes results, and resumes from its state', () => {
    const start = Date.parse('2026-01-01T12:00:00Z');
    const sandbox = sandboxFeedBook({ seed: 7, fixtures: 3, spacingMs: 60_000 });
    for (let at = start; at <= start + 30 * 60_000; at += 5_000) sandbox.tick(at);
    const entries = sandbox.entries(null, 100_000);
    const types = new Set(entries.map((e) => e.change.type));
    expect([...types].sort()).toEqual(['event', 'event_status', 'odds', 'result']);
    // Every event is announced before anything else about it, and gets one result at most.
    const seen = new Set<string>();
    const results = new Map<string, number>();
    for (const { change } of entries) {
      if (change.type === 'event') seen.add(change.ref);
      else expect(seen.has(change.ref)).toBe(true);
      if (change.type === 'result') results.set(change.ref, (results.get(change.ref) ?? 0) + 1);
    }
    expect(results.size).toBeGreaterThan(0);
    expect([...results.values()].every((n) => n === 1)).toBe(true);
    expect(entries.map((e) => e.cursor)).toEqual(entries.map((_, i) => String(i + 1)));
    // Restored from its log and state, it goes on with the same cursors.
    const again = sandboxFeedBook({
      fixtures: 3,
      spacingMs: 60_000,
      restore: { log: entries, state: sandbox.state() },
    });
    again.tick(start + 31 * 60_000);
    sandbox.tick(start + 31 * 60_000);
    expect(again.entries('0', 100_000)).toEqual(sandbox.entries(null, 100_000));
  });
});
