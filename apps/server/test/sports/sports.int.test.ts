import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSportsEvent, SportsEvent, SportsMenu, SportsSlip } from '@khela/contracts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { byNumber, byText, expectServerSort } from '../helpers/sorted-list.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { mainBalance } from '../inhouse/helpers.ts';
import { auditLedger, postDeposit } from '../ledger/helpers.ts';
import { createPlayer, imposeProtection, sessionFor, type TestPlayer } from '../protection/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';

type Player = { player: TestPlayer; headers: Record<string, string> };
type Placed = SportsSlip & { balance: string };

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;
let eventNo = 0;

async function fundedPlayer(amount: bigint): Promise<Player> {
  const player = await createPlayer(t, merchantId);
  await postDeposit(createLedger({ db: t.db }), {
    merchantId,
    account: { kind: 'member_main', memberId: player.row.id },
    amount,
    idempotencyKey: `test-deposit:${player.row.id}`,
  });
  return { player, headers: await sessionFor(t, player) };
}

const requestId = () => `sb${randomBytes(8).toString('hex')}`;
const adminCall = <T = AdminSportsEvent>(method: string, path: string, body?: unknown, headers: AuthHeaders = admin) =>
  t.request<T>(method, `/admin/sports${path}`, body, { headers });
const place = (p: Player, legs: { selectionId: number; odds: string }[], stake: string, extra: object = {}) =>
  t.request<Placed>(
    'POST',
    '/wps/sports/slips',
    { requestId: requestId(), stake, oddsPolicy: 'ask', legs, ...extra },
    { headers: p.headers },
  );

const limits = (min: string, max: string) => ({ minStake: min, maxStake: max });
const FOOTBALL_MARKETS = [
  { type: 'ONE_X_TWO', ...limits('10.00', '1000.00'), odds: { HOME: '2.00', DRAW: '3.00', AWAY: '4.00' } },
  { type: 'HANDICAP', line: '-0.25', ...limits('10.00', '500.00'), odds: { HOME: '1.90', AWAY: '1.90' } },
  { type: 'OVER_UNDER', line: '2.00', ...limits('20.00', '1000.00'), odds: { OVER: '1.80', UNDER: '2.00' } },
  { type: 'BTTS', ...limits('10.00', '1000.00'), odds: { YES: '1.70', NO: '2.10' } },
];
const ESPORTS_MARKETS = [
  { type: 'MATCH_WINNER', ...limits('10.00', '1000.00'), odds: { HOME: '1.50', AWAY: '2.50' } },
  { type: 'MAP_HANDICAP', line: '-1.50', ...limits('10.00', '1000.00'), odds: { HOME: '2.60', AWAY: '1.45' } },
];

async function createEvent(esports = false): Promise<AdminSportsEvent> {
  eventNo += 1;
  const res = await adminCall('POST', '/events', {
    sport: esports ? 'ESPORTS_CS2' : 'FOOTBALL',
    competition: { code: 'TEST', name: { en: 'Test Cup', bn: 'টেস্ট কাপ' } },
    home: { en: `Home ${eventNo}`, bn: `হোম ${eventNo}` },
    away: { en: `Away ${eventNo}`, bn: `অ্যাওয়ে ${eventNo}` },
    startsAt: new Date(Date.now() + 3_600_000).toISOString(),
    markets: esports ? ESPORTS_MARKETS : FOOTBALL_MARKETS,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value;
}

/** The leg for a selection of an event's market (the odds as listed). */
function leg(event: AdminSportsEvent | SportsEvent, type: string, code: string) {
  const market = event.markets.find((m) => m.type === type)!;
  const selection = market.selections.find((s) => s.code === code)!;
  return { selectionId: selection.id, odds: selection.odds };
}
const marketId = (event: AdminSportsEvent, type: string) => event.markets.find((m) => m.type === type)!.id;

const countTx = async (prefix: string) =>
  (
    await sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger_transactions
                              WHERE merchant_id = ${merchantId} AND idempotency_key LIKE ${prefix + '%'}`.execute(t.db)
  ).rows[0]!.n;

async function slipOf(p: Player, id: number) {
  const mine = await t.get<{ list: SportsSlip[] }>('/wps/sports/slips', {
    headers: p.headers,
    query: { pageSize: 50 },
  });
  return mine.body.value.list.find((s) => s.id === id)!;
}

async function ledgerIsClean() {
  expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
}

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

describe('sportsbook reads and the catalogue (issue 15 item 3)', () => {
  it('lists the demo sports, live and upcoming events by kind and tab, one event, and opens our pages from the cards', async () => {
    const menu = await t.get<SportsMenu>('/wps/sports/menu');
    expect(menu.status).toBe(200);
    expect(menu.body.value.sports.map((s) => s.code)).toEqual(
      expect.arrayContaining(['FOOTBALL', 'CRICKET', 'BASKETBALL', 'ESPORTS_CS2', 'ESPORTS_DOTA2']),
    );
    const esportsMenu = await t.get<SportsMenu>('/wps/sports/menu', { query: { kind: 'ESPORTS' } });
    expect(esportsMenu.body.value.sports.every((s) => s.kind === 'ESPORTS')).toBe(true);
    expect(esportsMenu.body.value.sports.reduce((n, s) => n + s.live + s.upcoming, 0)).toBeGreaterThanOrEqual(5);

    const live = await t.get<{ list: SportsEvent[]; total: number }>('/wps/sports/events', { query: { tab: 'live' } });
    expect(live.body.value.list.length).toBeGreaterThan(0);
    expect(live.body.value.list.every((e) => e.status === 'live' && e.score !== null && e.bettable)).toBe(true);
    const paged = await t.get<{ list: SportsEvent[]; total: number }>('/wps/sports/events', {
      query: { kind: 'ESPORTS', tab: 'upcoming', pageSize: 2 },
      headers: { Language: 'bn' },
    });
    expect(paged.body.value.list).toHaveLength(2);
    expect(paged.body.value.total).toBeGreaterThanOrEqual(3);
    expect(paged.body.value.list.every((e) => e.kind === 'ESPORTS' && e.status === 'scheduled')).toBe(true);
    expect(paged.body.value.list[0]!.markets.map((m) => m.type)).toEqual(['MATCH_WINNER', 'MAP_HANDICAP']);
    const hot = await t.get<{ list: SportsEvent[] }>('/wps/sports/events', { query: { hot: '1' } });
    expect(hot.body.value.list.length).toBeGreaterThan(0);
    expect(hot.body.value.list.every((e) => e.isHot)).toBe(true);

    const football = await t.get<{ list: SportsEvent[] }>('/wps/sports/events', { query: { sport: 'FOOTBALL' } });
    const one = await t.get<SportsEvent>(`/wps/sports/events/${football.body.value.list[0]!.id}`);
    expect(one.body.value.markets.map((m) => m.type)).toEqual([
      'ONE_X_TWO',
      'HANDICAP',
      'OVER_UNDER',
      'OVER_UNDER',
      'BTTS',
    ]);
    // The list answers one market of each type.
    expect(football.body.value.list[0]!.markets.filter((m) => m.type === 'OVER_UNDER')).toHaveLength(1);
    expect((await t.get('/wps/sports/events/999999999')).body.code).toBe('sports.event_not_found');

    const p = await fundedPlayer(10_000n);
    for (const [gameCode, url] of [
      ['khela-sportsbook', '/sportsbook'],
      ['khela-esports', '/sportsbook?kind=ESPORTS'],
    ]) {
      const launched = await t.get<{ url: string; target: string }>('/wps/game/launchGame', {
        headers: p.headers,
        query: { gameCode: gameCode! },
      });
      expect(launched.body.value).toMatchObject({ url, target: 'route' });
    }
  });
});

describe('placing slips', () => {
  it('places singles and multiples within the tightest limits, by the odds policy; refuses what it must, posting nothing', async () => {
    const p = await fundedPlayer(100_000n);
    const a = await createEvent();
    const b = await createEvent(true);

    const multiple = await place(p, [leg(a, 'ONE_X_TWO', 'HOME'), leg(b, 'MATCH_WINNER', 'HOME')], '10.00');
    expect(multiple.status, JSON.stringify(multiple.body)).toBe(200);
    expect(multiple.body.value).toMatchObject({
      kind: 'multiple',
      odds: '3.00',
      potentialReturn: '30.00',
      status: 'open',
      balance: '990.00',
    });
    expect(multiple.body.value.legs.map((l) => l.outcome)).toEqual(['open', 'open']);
    // A multiple's odds are the legs' product rounded down to 0.01: 1.90 × 1.45 = 2.755.
    const rounded = await place(
      await fundedPlayer(100_00n),
      [leg(a, 'HANDICAP', 'HOME'), leg(b, 'MAP_HANDICAP', 'AWAY')],
      '10.00',
    );
    expect(rounded.body.value).toMatchObject({ odds: '2.75', potentialReturn: '27.50', balance: '90.00' });

    const refusals: [Promise<{ status: number; body: { code?: string; value: unknown } }>, string][] = [
      [place(p, [leg(a, 'HANDICAP', 'HOME')], '600.00'), 'sports.stake_above_maximum'],
      [place(p, [leg(a, 'HANDICAP', 'HOME'), leg(b, 'MATCH_WINNER', 'AWAY')], '501.00'), 'sports.stake_above_maximum'],
      [place(p, [leg(a, 'OVER_UNDER', 'OVER')], '15.00'), 'sports.stake_below_minimum'],
      [place(p, [leg(a, 'ONE_X_TWO', 'HOME'), leg(a, 'BTTS', 'YES')], '10.00'), 'sports.same_event'],
      [place(p, [{ selectionId: 999_999_999, odds: '2.00' }], '10.00'), 'sports.selection_not_found'],
      [place(p, [{ ...leg(a, 'ONE_X_TWO', 'HOME'), odds: '2.10' }], '10.00'), 'sports.odds_changed'],
      [
        place(p, [{ ...leg(a, 'ONE_X_TWO', 'HOME'), odds: '2.10' }], '10.00', { oddsPolicy: 'higher' }),
        'sports.odds_changed',
      ],
      [place(p, [leg(a, 'ONE_X_TWO', 'HOME')], '0'), 'request.invalid'],
      [place(p, [leg(a, 'ONE_X_TWO', 'HOME')], '-5.00'), 'request.invalid'],
      [place(p, [leg(a, 'ONE_X_TWO', 'HOME')], '1000.00'), 'wallet.insufficient_funds'],
    ];
    for (const [answer, code] of refusals) expect((await answer).body.code).toBe(code);
    const changed = await place(p, [{ ...leg(a, 'ONE_X_TWO', 'HOME'), odds: '2.10' }], '10.00');
    expect(changed.body.value).toMatchObject({ legs: [{ odds: '2.00' }] });

    // higher: taken at the current odds when they are not lower than sent; any: taken at the current ones.
    const higher = await place(p, [{ ...leg(a, 'ONE_X_TWO', 'HOME'), odds: '1.90' }], '10.00', {
      oddsPolicy: 'higher',
    });
    expect(higher.body.value).toMatchObject({ kind: 'single', odds: '2.00', potentialReturn: '20.00' });
    const any = await place(p, [{ ...leg(a, 'ONE_X_TWO', 'AWAY'), odds: '9.00' }], '10.00', { oddsPolicy: 'any' });
    expect(any.body.value).toMatchObject({ odds: '4.00', potentialReturn: '40.00' });

    // A suspended market, then an event that has ended, take no bets.
    await adminCall('POST', `/markets/${marketId(a, 'BTTS')}/status`, { status: 'suspended' });
    expect((await place(p, [leg(a, 'BTTS', 'YES')], '10.00')).body.code).toBe('sports.market_suspended');
    await adminCall('POST', `/markets/${marketId(a, 'BTTS')}/status`, { status: 'open' });
    expect((await place(p, [leg(a, 'BTTS', 'YES')], '10.00')).status).toBe(200);
    await adminCall('POST', `/events/${b.id}/status`, { status: 'ended', score: { home: 2, away: 1 } });
    expect((await place(p, [leg(b, 'MATCH_WINNER', 'AWAY')], '10.00')).body.code).toBe('sports.betting_closed');

    // Trial accounts bet no real money (§4); a reused requestId with other terms is refused.
    const trialPlayer = await createPlayer(t, merchantId, 4);
    const trial = { player: trialPlayer, headers: await sessionFor(t, trialPlayer) };
    expect((await place(trial, [leg(a, 'ONE_X_TWO', 'HOME')], '10.00')).body.code).toBe('auth.trial_account');
    // A break in force is refused with its end (issue 4 item 10), a frozen account at once (§8: sent
    // to its agent by the slip's own guard while its session is still trusted, else logged out).
    const guarded = await fundedPlayer(1_000_00n);
    const until = await imposeProtection(t, guarded.player, 'cooling_off', '1 day');
    const cooling = await place(guarded, [leg(a, 'ONE_X_TWO', 'HOME')], '10.00');
    expect(cooling.body).toMatchObject({ code: 'auth.cooling_off', value: { until: until.toISOString() } });
    const frozen = await fundedPlayer(1_000_00n);
    expect((await place(frozen, [leg(a, 'ONE_X_TWO', 'HOME')], '10.00')).status).toBe(200);
    await t.db.updateTable('members').set({ status: 'frozen' }).where('id', '=', frozen.player.row.id).execute();
    const refused = await place(frozen, [leg(a, 'ONE_X_TWO', 'HOME')], '10.00');
    expect(['auth.contact_agent', 'auth.not_logged_in']).toContain(refused.body.code);
    expect([await mainBalance(t, guarded.player), await mainBalance(t, frozen.player)]).toEqual([1_000_00n, 990_00n]);
    const body = { requestId: requestId(), stake: '10.00', oddsPolicy: 'ask', legs: [leg(a, 'ONE_X_TWO', 'DRAW')] };
    const placed = await t.request<Placed>('POST', '/wps/sports/slips', body, { headers: p.headers });
    expect(placed.status).toBe(200);
    // The same slip again answers it as placed (the placement's own answer is the slip as read back),
    // even once its market is suspended; other terms under its requestId are refused.
    await adminCall('POST', `/markets/${marketId(a, 'ONE_X_TWO')}/status`, { status: 'suspended' });
    const again = await t.request<Placed>('POST', '/wps/sports/slips', body, { headers: p.headers });
    expect(again.body.value).toEqual(placed.body.value);
    const reused = await t.request('POST', '/wps/sports/slips', { ...body, stake: '20.00' }, { headers: p.headers });
    expect(reused.body.code).toBe('sports.request_reused');
    await adminCall('POST', `/markets/${marketId(a, 'ONE_X_TWO')}/status`, { status: 'open' });
    expect(await mainBalance(t, p.player)).toBe(100_000n - 5_000n);
    await ledgerIsClean();
  });

  it('20 parallel slips never take the wallet below zero; 20 with one requestId place one slip', async () => {
    const p = await fundedPlayer(5_000n);
    const a = await createEvent();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => place(p, [leg(a, 'ONE_X_TWO', 'HOME')], '10.00')),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(5);
    expect(answers.filter((x) => x.body.code === 'wallet.insufficient_funds')).toHaveLength(15);
    expect(await mainBalance(t, p.player)).toBe(0n);
    // The slips of a batch share one insert of records (migration 0048): one a placed slip, with its
    // stake's transaction, none for a refused one; the summaries count five bets.
    const records = await sql<{ slips: bigint; records: bigint; staked: bigint; counted: bigint }>`
      SELECT (SELECT count(*) FROM sports_slips WHERE member_id = s.member) AS slips,
             (SELECT count(*) FROM seamless_transactions st
                JOIN sports_slips ss ON ss.id::text = st.round_id AND ss.member_id = st.member_id
                JOIN ledger_transactions lt ON lt.id = st.ledger_transaction_id
                                           AND lt.idempotency_key = 'sports:' || ss.id || ':stake'
               WHERE st.member_id = s.member AND st.kind = 'bet' AND st.amount = ss.stake) AS records,
             (SELECT count(*) FROM seamless_transactions WHERE member_id = s.member) AS staked,
             (SELECT sum(bet_count)::bigint FROM member_daily_stats WHERE member_id = s.member) AS counted
        FROM (SELECT ${p.player.row.id}::integer AS member) s`.execute(t.db);
    expect(records.rows[0]).toEqual({ slips: 5n, records: 5n, staked: 5n, counted: 5n });

    const q = await fundedPlayer(5_000n);
    const body = { requestId: requestId(), stake: '10.00', oddsPolicy: 'ask', legs: [leg(a, 'ONE_X_TWO', 'AWAY')] };
    const same = await Promise.all(
      Array.from({ length: 20 }, () => t.request<Placed>('POST', '/wps/sports/slips', body, { headers: q.headers })),
    );
    expect(same.map((x) => x.status)).toEqual(Array(20).fill(200));
    expect(new Set(same.map((x) => x.body.value.id)).size).toBe(1);
    expect(await mainBalance(t, q.player)).toBe(4_000n);

    // One requestId that cannot pay, 5 at once: each refused for its stake (one batch or several), no slip left.
    const r = await fundedPlayer(500n);
    const unpaid = { ...body, requestId: requestId() };
    const refused = await Promise.all(
      Array.from({ length: 5 }, () => t.request<Placed>('POST', '/wps/sports/slips', unpaid, { headers: r.headers })),
    );
    expect(refused.map((x) => x.body.code)).toEqual(Array(5).fill('wallet.insufficient_funds'));
    const left = await sql<{
      n: bigint;
    }>`SELECT count(*) AS n FROM sports_slips WHERE member_id = ${r.player.row.id}`.execute(t.db);
    expect(left.rows[0]!.n).toBe(0n);
    await ledgerIsClean();
  });
});

describe('settlement and resettlement', () => {
  it('settles quarter lines, pushes and multiples once (two passes at once), voids a cancelled event, resettles the difference', async () => {
    const p = await fundedPlayer(100_000n);
    const c = await createEvent();
    const d = await createEvent();
    const ids = {
      s1: (await place(p, [leg(c, 'HANDICAP', 'HOME')], '100.00')).body.value.id, // -0.25
      s2: (await place(p, [leg(c, 'HANDICAP', 'AWAY')], '100.00')).body.value.id, // +0.25
      s3: (await place(p, [leg(c, 'OVER_UNDER', 'OVER')], '100.00')).body.value.id, // 2.00
      s4: (await place(p, [leg(c, 'ONE_X_TWO', 'DRAW'), leg(d, 'ONE_X_TWO', 'HOME')], '10.00')).body.value.id,
      s5: (await place(p, [leg(c, 'BTTS', 'YES')], '100.00')).body.value.id,
    };
    expect(await mainBalance(t, p.player)).toBe(100_000n - 41_000n);

    const results = await Promise.all([
      adminCall('POST', `/events/${c.id}/result`, { home: 1, away: 1 }),
      adminCall('POST', `/events/${c.id}/result`, { home: 1, away: 1 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    // 1-1: -0.25 half lost 50.00; +0.25 half won 145.00; over 2.00 pushes 100.00; BTTS yes 170.00.
    const after = async (id: number) => slipOf(p, id);
    expect(await after(ids.s1)).toMatchObject({ status: 'lost', payout: '50.00', legs: [{ outcome: 'half_lost' }] });
    expect(await after(ids.s2)).toMatchObject({ status: 'won', payout: '145.00', legs: [{ outcome: 'half_won' }] });
    expect(await after(ids.s3)).toMatchObject({ status: 'void', payout: '100.00', legs: [{ outcome: 'void' }] });
    expect(await after(ids.s5)).toMatchObject({ status: 'won', payout: '170.00' });
    expect(await after(ids.s4)).toMatchObject({ status: 'open', legs: [{ outcome: 'won' }, { outcome: 'open' }] });
    expect(await mainBalance(t, p.player)).toBe(59_000n + 46_500n);

    // The other event is cancelled: its leg is void (1.00), the multiple pays at 3.00.
    const cancels = await Promise.all([
      adminCall('POST', `/events/${d.id}/cancel`),
      adminCall('POST', `/events/${d.id}/cancel`),
    ]);
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await after(ids.s4)).toMatchObject({ status: 'won', payout: '30.00', legs: [{}, { outcome: 'void' }] });
    expect(await mainBalance(t, p.player)).toBe(108_500n);
    expect(await countTx(`sports:${ids.s1}:`)).toBe(2);
    expect(await countTx(`sports:${ids.s4}:`)).toBe(2);

    // A corrected result (2-1): each slip is recomputed and only the difference posted.
    const corrected = await adminCall('POST', `/events/${c.id}/correct`, { home: 2, away: 1 });
    expect(corrected.body.value).toMatchObject({ status: 'settled', result: { home: 2, away: 1 }, corrections: 1 });
    expect(await after(ids.s1)).toMatchObject({ status: 'won', payout: '190.00' }); // +140.00
    expect(await after(ids.s2)).toMatchObject({ status: 'lost', payout: '0.00' }); // -145.00
    expect(await after(ids.s3)).toMatchObject({ status: 'won', payout: '180.00' }); // +80.00
    expect(await after(ids.s4)).toMatchObject({ status: 'lost', payout: '0.00' }); // -30.00
    expect(await after(ids.s5)).toMatchObject({ status: 'won', payout: '170.00' }); // unchanged
    expect(await mainBalance(t, p.player)).toBe(108_500n + 4_500n);
    expect(await countTx(`sports:${ids.s1}:resettle:1`)).toBe(1);
    expect(await countTx(`sports:${ids.s5}:resettle`)).toBe(0);
    expect((await adminCall('POST', `/events/${c.id}/result`, { home: 0, away: 0 })).body.code).toBe(
      'sports.invalid_state',
    );

    // The betting record shows each slip as SPORTS.
    const records = await t.get<{ list: { gameType: string }[] }>('/wps/member/records/bets', { headers: p.headers });
    expect(records.body.value.list.length).toBeGreaterThanOrEqual(5);
    expect(records.body.value.list.every((r) => r.gameType === 'SPORTS')).toBe(true);
    await ledgerIsClean();
  });

  it('a take-back never drives the wallet negative: the rest is an outstanding correction operators see', async () => {
    const p = await fundedPlayer(10_000n);
    const e = await createEvent();
    const other = await createEvent();
    const won = (await place(p, [leg(e, 'ONE_X_TWO', 'HOME')], '100.00')).body.value.id;
    await adminCall('POST', `/events/${e.id}/result`, { home: 1, away: 0 });
    expect(await mainBalance(t, p.player)).toBe(20_000n);
    expect((await place(p, [leg(other, 'ONE_X_TWO', 'HOME')], '150.00')).status).toBe(200);
    await adminCall('POST', `/events/${e.id}/correct`, { home: 0, away: 1 });
    expect(await mainBalance(t, p.player)).toBe(0n);
    const corrections = await t.get<{ list: { slipId: number; outstanding: string }[] }>(
      '/admin/sports/corrections?sort=outstanding&order=desc',
      { headers: admin },
    );
    expect(corrections.body.value.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ slipId: won, outstanding: '150.00' })]),
    );
    // Corrected back: the slip is due 200.00 and has kept 150.00 of it (50.00 was taken): 50.00 more, nothing outstanding.
    await adminCall('POST', `/events/${e.id}/correct`, { home: 1, away: 0 });
    expect(await mainBalance(t, p.player)).toBe(5_000n);
    const slip = await t.db
      .selectFrom('sports_slips')
      .selectAll()
      .where('id', '=', BigInt(won))
      .executeTakeFirstOrThrow();
    expect(slip).toMatchObject({ outstanding: 0n, paid: 20_000n, resettlements: 2 });
    await ledgerIsClean();
  });
  it("counts a resettlement's difference in the summaries and the member's profit, and a payout collects what is owed", async () => {
    const p = await fundedPlayer(10_000n);
    const e = await createEvent();
    const other = await createEvent();
    await place(p, [leg(e, 'ONE_X_TWO', 'HOME')], '100.00');
    await adminCall('POST', `/events/${e.id}/result`, { home: 1, away: 0 }); // 200.00 paid
    const open = (await place(p, [leg(other, 'ONE_X_TWO', 'HOME')], '150.00')).body.value.id;
    await adminCall('POST', `/events/${e.id}/correct`, { home: 0, away: 1 }); // 50.00 taken, 150.00 owed
    const summaries = async () => {
      const member = p.player.row.id;
      const daily = await sql<{ product_type: string; valid_bet: string; payout: string; profit_loss: string }>`
        SELECT product_type, sum(valid_bet)::text AS valid_bet, sum(payout)::text AS payout,
               sum(profit_loss)::text AS profit_loss
          FROM member_daily_stats WHERE member_id = ${member} GROUP BY 1`.execute(t.db);
      const vendors = await sql<{ vendor: string; bet_count: string; valid_bet: string; payout: string }>`
        SELECT vendor, sum(bet_count)::text AS bet_count, sum(valid_bet)::text AS valid_bet, sum(payout)::text AS payout
          FROM vendor_daily_stats WHERE member_id = ${member} GROUP BY 1`.execute(t.db);
      const profit = await t.get<{ summary: { betAmount: string; winAmount: string } }>('/wps/member/records/profit', {
        headers: p.headers,
      });
      return { daily: daily.rows, vendors: vendors.rows, profit: profit.body.value.summary };
    };
    // The slip's current outcome (lost), not its first payout: the 150.00 still owed is owed, not won.
    expect(await summaries()).toEqual({
      daily: [{ product_type: 'SPORTS', valid_bet: '25000', payout: '0', profit_loss: '-25000' }],
      vendors: [{ vendor: 'KHELA_SB', bet_count: '2', valid_bet: '25000', payout: '0' }],
      profit: expect.objectContaining({ betAmount: '250.00', winAmount: '0.00' }),
    });

    // The other slip wins 300.00: the payout announces itself and the 150.00 owed is collected, no job.
    await adminCall('POST', `/events/${other.id}/result`, { home: 1, away: 0 });
    const owed = async () =>
      (
        await t.db
          .selectFrom('sports_slips')
          .select(sql<string>`sum(outstanding)::text`.as('n'))
          .where('member_id', '=', p.player.row.id)
          .executeTakeFirstOrThrow()
      ).n;
    for (let tries = 0; tries < 2_000 && (await owed()) !== '0'; tries++) await new Promise((r) => setImmediate(r));
    expect(await owed()).toBe('0');
    expect(await mainBalance(t, p.player)).toBe(30_000n - 15_000n);
    expect((await slipOf(p, open)).payout).toBe('300.00');
    expect(await summaries()).toEqual({
      daily: [{ product_type: 'SPORTS', valid_bet: '25000', payout: '30000', profit_loss: '5000' }],
      vendors: [{ vendor: 'KHELA_SB', bet_count: '2', valid_bet: '25000', payout: '30000' }],
      profit: expect.objectContaining({ betAmount: '250.00', winAmount: '300.00' }),
    });
    await ledgerIsClean();
  });
});

describe('cash-out and operators', () => {
  it('quotes from the current odds less the margin, refuses a suspended market and a stale amount, pays once', async () => {
    const p = await fundedPlayer(10_000n);
    const f = await createEvent();
    const slip = (await place(p, [leg(f, 'ONE_X_TWO', 'HOME')], '100.00')).body.value;
    const quote = () => t.get<{ amount: string }>(`/wps/sports/slips/${slip.id}/cash-out`, { headers: p.headers });
    expect((await quote()).body.value.amount).toBe('95.00');
    await adminCall('POST', `/markets/${marketId(f, 'ONE_X_TWO')}/odds`, { odds: { HOME: '1.50' } });
    expect((await quote()).body.value.amount).toBe('126.66'); // 100 × 2.00 / 1.50 × 0.95
    const stale = await t.request(
      `POST`,
      `/wps/sports/slips/${slip.id}/cash-out`,
      { amount: '95.00' },
      { headers: p.headers },
    );
    expect(stale.body).toMatchObject({ code: 'sports.cash_out_changed', value: { amount: '126.66' } });
    await adminCall('POST', `/markets/${marketId(f, 'ONE_X_TWO')}/status`, { status: 'suspended' });
    expect((await quote()).body.code).toBe('sports.cash_out_unavailable');
    await adminCall('POST', `/markets/${marketId(f, 'ONE_X_TWO')}/status`, { status: 'open' });
    const cashed = await Promise.all(
      [1, 2].map(() =>
        t.request<Placed>(
          'POST',
          `/wps/sports/slips/${slip.id}/cash-out`,
          { amount: '126.66' },
          { headers: p.headers },
        ),
      ),
    );
    expect(cashed.map((c) => c.status)).toEqual([200, 200]);
    expect(cashed[0]!.body.value).toMatchObject({ status: 'cashed_out', payout: '126.66' });
    expect(await mainBalance(t, p.player)).toBe(12_666n);
    // Settlement skips a cashed-out slip.
    await adminCall('POST', `/events/${f.id}/result`, { home: 3, away: 0 });
    expect(await mainBalance(t, p.player)).toBe(12_666n);
    expect(await countTx(`sports:${slip.id}:`)).toBe(2);

    // A cash-out racing the result (and its settlement pass) pays one of them, never both.
    const g = await createEvent();
    const raced = (await place(p, [leg(g, 'ONE_X_TWO', 'HOME')], '100.00')).body.value;
    const price = (await t.get<{ amount: string }>(`/wps/sports/slips/${raced.id}/cash-out`, { headers: p.headers }))
      .body.value.amount;
    const before = await mainBalance(t, p.player);
    const [cashOut] = await Promise.all([
      t.request('POST', `/wps/sports/slips/${raced.id}/cash-out`, { amount: price }, { headers: p.headers }),
      adminCall('POST', `/events/${g.id}/result`, { home: 1, away: 0 }),
    ]);
    const paidOnce = (await countTx(`sports:${raced.id}:cashout`)) + (await countTx(`sports:${raced.id}:win`));
    expect(paidOnce).toBe(1);
    const priceMinor = BigInt(price.replace('.', ''));
    expect(await mainBalance(t, p.player)).toBe(before + (cashOut.status === 200 ? priceMinor : 20_000n));
    await ledgerIsClean();
  });

  it("the operators' event list sorts on the server by start or id (issue 16 Quality)", async () => {
    const created = [await createEvent(), await createEvent(true), await createEvent()];
    for (const [i, event] of created.entries()) {
      await t.db
        .updateTable('sports_events')
        .set({ status: 'cancelled', starts_at: new Date(Date.UTC(2026, 0, [3, 1, 3][i]!)) })
        .where('id', '=', BigInt(event.id))
        .execute();
    }
    const events = '/admin/sports/events';
    await expectServerSort(t, admin, events, 'startsAt', byText('startsAt'), { status: 'cancelled' });
    await expectServerSort(t, admin, events, 'id', byNumber('id'), { status: 'cancelled' });
  });

  it('operators need the cashier permission; changes are audited; bad markets are refused', async () => {
    const support = await loginAsNewOperator(t, 'support');
    expect((await adminCall('GET', '/events', undefined, support)).status).toBe(403);
    const e = await createEvent();
    const bad = await adminCall('POST', `/events/${e.id}/markets`, {
      type: 'HANDICAP',
      ...limits('10.00', '100.00'),
      odds: { HOME: '1.90', AWAY: '1.90' },
    });
    expect(bad.body.code).toBe('sports.invalid_market');
    const added = await adminCall('POST', `/events/${e.id}/markets`, {
      type: 'HANDICAP',
      line: '-1.75',
      ...limits('10.00', '100.00'),
      odds: { HOME: '2.30', AWAY: '1.60' },
    });
    expect(added.body.value.markets.filter((m) => m.type === 'HANDICAP').map((m) => m.line)).toEqual([
      '-0.25',
      '-1.75',
    ]);
    await adminCall('PUT', `/events/${e.id}`, { isHot: true });
    const listed = await adminCall<{ list: AdminSportsEvent[] }>('GET', '/events');
    expect(listed.body.value.list.find((x) => x.id === e.id)).toMatchObject({ isHot: true, openSlips: 0 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', 'in', ['sportsEvents', 'sportsMarkets'])
      .where('entity_id', 'in', [String(e.id)])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'update']);
  });
});
