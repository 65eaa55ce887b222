import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, type CockfightBet, type CockfightState } from '@khela/contracts';
import { cockfightPayout } from '../../src/modules/cockfight/cockfight.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { mainBalance } from '../inhouse/helpers.ts';
import { auditLedger, postDeposit } from '../ledger/helpers.ts';
import { createPlayer, sessionFor, type TestPlayer } from '../protection/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';

type AdminFight = {
  id: number;
  arenaId: number;
  state: string;
  odds: Record<string, string>;
  bets: number;
  staked: Record<string, string>;
  paid: string;
};
type Player = { player: TestPlayer; headers: Record<string, string> };

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;
let arenaId: number;
let fightNo = 100;

/** A player with `amount` minor units in the main wallet and a live session (no log-in round trip). */
async function fundedPlayer(merchant: number, amount = 1_000_000n): Promise<Player> {
  const player = await createPlayer(t, merchant);
  await postDeposit(createLedger({ db: t.db }), {
    merchantId: merchant,
    account: { kind: 'member_main', memberId: player.row.id },
    amount,
    idempotencyKey: `test-deposit:${player.row.id}`,
  });
  return { player, headers: await sessionFor(t, player) };
}

const requestId = () => `cf${randomBytes(8).toString('hex')}`;
const state = (p: Player) => t.get<CockfightState>('/wps/cockfight/state', { headers: p.headers });
const bet = (p: Player, body: Record<string, unknown>) =>
  t.request<CockfightBet & { balance: string }>('POST', '/wps/cockfight/bets', body, { headers: p.headers });
const adminCall = <T = AdminFight>(path: string, body?: unknown, headers: AuthHeaders = admin) =>
  t.request<T>('POST', `/admin/cockfight${path}`, body, { headers });

/** A new fight of the test arena, open for bets, at 1.90 / 1.90 / 8.00, stakes 10.00 to 1,000.00. */
async function openFight(): Promise<AdminFight> {
  const created = await adminCall('/fights', {
    arenaId,
    fightNo: ++fightNo,
    scheduledAt: new Date().toISOString(),
    odds: { MERON: '1.90', WALA: '1.90', DRAW: '8.00' },
    minStake: '10.00',
    maxStake: '1000.00',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const opened = await adminCall(`/fights/${created.body.value.id}/open`);
  expect(opened.body.value.state).toBe('open');
  return opened.body.value;
}

const betOn = (fight: AdminFight, side: string, stake: string, extra: Record<string, unknown> = {}) => ({
  requestId: requestId(),
  fightId: fight.id,
  side,
  stake,
  odds: fight.odds[side],
  ...extra,
});

async function ledgerIsClean() {
  const audit = await auditLedger(t.db, merchantId);
  expect(audit).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
}

const countTx = async (prefix: string) =>
  (
    await sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger_transactions
                              WHERE merchant_id = ${merchantId} AND idempotency_key LIKE ${prefix + '%'}`.execute(t.db)
  ).rows[0]!.n;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
  const arena = await t.request<{ id: number }>(
    'POST',
    '/admin/cockfight/arenas',
    { name: { en: 'Test Pit', bn: 'টেস্ট পিট' }, streamUrl: 'https://stream.example/live' },
    { headers: admin },
  );
  expect(arena.status).toBe(200);
  arenaId = arena.body.value.id;
});
afterAll(async () => {
  await t?.close();
});

describe('cockfight payouts (ADR 0022)', () => {
  it('pays the winning side at its odds, refunds Meron and Wala on a draw, pays Draw at the draw odds', () => {
    expect(cockfightPayout({ side: 'MERON', stake: 10_000n, odds: 190 }, 'MERON')).toEqual({
      kind: 'win',
      amount: 19_000n,
    });
    expect(cockfightPayout({ side: 'WALA', stake: 10_000n, odds: 190 }, 'MERON')).toEqual({ kind: 'loss', amount: 0n });
    expect(cockfightPayout({ side: 'MERON', stake: 10_000n, odds: 190 }, 'DRAW')).toEqual({
      kind: 'refund',
      amount: 10_000n,
    });
    expect(cockfightPayout({ side: 'DRAW', stake: 10_000n, odds: 800 }, 'DRAW')).toEqual({
      kind: 'win',
      amount: 80_000n,
    });
    expect(cockfightPayout({ side: 'DRAW', stake: 1_001n, odds: 185 }, 'DRAW')).toEqual({
      kind: 'win',
      amount: 1_851n,
    });
  });
});

describe('cockfight', () => {
  it('shows the demo arena with a fight open for bets and lists our book in the COCKFIGHT category', async () => {
    const p = await fundedPlayer(merchantId);
    const res = await state(p);
    expect(res.status).toBe(200);
    expect(res.body.value.arena?.name).toBe('Dhaka Royal Pit');
    expect(res.body.value.current?.state).toBe('open');
    expect(res.body.value.recent.map((f) => f.result)).toEqual(expect.arrayContaining(['MERON', 'WALA']));
    const launched = await t.get<{ url: string; target: string }>('/wps/game/launchGame', {
      headers: p.headers,
      query: { gameCode: 'khela-cockfight' },
    });
    expect(launched.body.value).toMatchObject({ url: '/cockfight/live', target: 'route' });
    const vendor = await t.db
      .selectFrom('game_vendors')
      .select(['category'])
      .where('merchant_id', '=', merchantId)
      .where('vassalage', '=', 'KHELA_CF')
      .executeTakeFirstOrThrow();
    expect(vendor.category).toBe('COCKFIGHT');
  });

  it('lists fights to operators a page at a time, filtered by arena and state, sorted by a column', async () => {
    const [first, second] = [await openFight(), await openFight()];
    await adminCall(`/fights/${second.id}/close`);
    type Page = { list: AdminFight[]; total: number; pageNo: number; pageSize: number };
    const list = async (query: Record<string, string>) =>
      (await t.get<Page>('/admin/cockfight/fights', { headers: admin, query: { arenaId: String(arenaId), ...query } }))
        .body.value;
    const all = await list({ sort: 'fightNo', order: 'desc', pageSize: '100' });
    expect(all.list.slice(0, 2).map((f) => f.id)).toEqual([second.id, first.id]);
    expect(all.list.every((f) => f.arenaId === arenaId)).toBe(true);
    const paged = await list({ sort: 'fightNo', order: 'desc', pageSize: '1', pageNo: '2' });
    expect(paged).toMatchObject({ total: all.total, pageNo: 2, pageSize: 1, list: [{ id: first.id }] });
    const open = await list({ state: 'open', pageSize: '100' });
    expect(open.list.map((f) => f.id)).toContain(first.id);
    expect(open.list.every((f) => f.state === 'open')).toBe(true);
    expect((await list({ state: 'closed' })).list.map((f) => f.id)).toContain(second.id);
    const refused = await t.get('/admin/cockfight/fights', { headers: admin, query: { sort: 'odds' } });
    expect([refused.status, refused.body.code]).toEqual([400, 'request.invalid']);
    // A maximum stake below the minimum: refused under the field, in the operator's language.
    const upsideDown = await adminCall(
      '/fights',
      {
        arenaId,
        fightNo: ++fightNo,
        scheduledAt: new Date().toISOString(),
        odds: first.odds,
        minStake: '50.00',
        maxStake: '10.00',
      },
      { ...admin, Language: 'bn' },
    );
    expect([upsideDown.status, upsideDown.body.code, upsideDown.body.value]).toEqual([
      400,
      'cockfight.max_stake_below_min',
      { fields: [{ field: 'body.maxStake', message: errorMessage('cockfight.max_stake_below_min', 'bn') }] },
    ]);
  });

  it('takes a bet at the shown odds, keeps them when the odds move, refuses stale odds, limits and a closed window', async () => {
    const p = await fundedPlayer(merchantId, 500_000n);
    const fight = await openFight();
    const placed = await bet(p, betOn(fight, 'MERON', '100.00'));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.value).toMatchObject({
      side: 'MERON',
      stake: '100.00',
      odds: '1.90',
      state: 'open',
      balance: '4900.00',
    });

    const moved = await adminCall(`/fights/${fight.id}/odds`, { MERON: '1.70', WALA: '2.10', DRAW: '8.00' });
    expect(moved.body.value.odds.MERON).toBe('1.70');
    const stale = await bet(p, betOn(fight, 'MERON', '100.00', { odds: '1.90' }));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('cockfight.odds_changed');
    expect(stale.body.message).toMatch(/odds have changed/);

    const low = await bet(p, betOn(moved.body.value, 'WALA', '9.99'));
    expect(low.body.code).toBe('cockfight.stake_below_minimum');
    const high = await bet(p, betOn(moved.body.value, 'WALA', '1000.01'));
    expect(high.body.code).toBe('cockfight.stake_above_maximum');
    const broke = await fundedPlayer(merchantId, 5_000n);
    const poor = await bet(broke, betOn(moved.body.value, 'WALA', '100.00'));
    expect(poor.body.code).toBe('wallet.insufficient_funds');
    expect(await mainBalance(t, broke.player)).toBe(5_000n);

    await adminCall(`/fights/${fight.id}/close`);
    const late = await bet(p, betOn(moved.body.value, 'WALA', '100.00'));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('cockfight.betting_closed');
    expect(await mainBalance(t, p.player)).toBe(490_000n);

    const settled = await adminCall(`/fights/${fight.id}/result`, { result: 'MERON' });
    expect(settled.body.value).toMatchObject({ state: 'settled', bets: 1, paid: '190.00' });
    // Accepted at 1.90, paid at 1.90 although the odds later moved to 1.70.
    expect(await mainBalance(t, p.player)).toBe(509_000n);
    await ledgerIsClean();
  });

  it('refuses trial accounts, bad requests, a missing fight and a reused requestId; nothing posted', async () => {
    const fight = await openFight();
    const trialPlayer = await createPlayer(t, merchantId, 4);
    const trial = { player: trialPlayer, headers: await sessionFor(t, trialPlayer) };
    const refused = await bet(trial, betOn(fight, 'MERON', '10.00'));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('auth.trial_account');

    const p = await fundedPlayer(merchantId, 100_000n);
    for (const body of [
      betOn(fight, 'MERON', '0'),
      betOn(fight, 'MERON', '-10.00'),
      betOn(fight, 'MERON', '10.001'),
      betOn(fight, 'CHICKEN', '10.00', { odds: '1.90' }),
      betOn(fight, 'MERON', '10.00', { odds: '0.90' }),
      betOn(fight, 'MERON', '10.00', { odds: 'abc' }),
      betOn(fight, 'MERON', '10.00', { fightId: -1 }),
      betOn(fight, 'MERON', '10.00', { requestId: 'x' }),
    ]) {
      const res = await bet(p, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('request.invalid');
    }
    const missing = await bet(p, betOn(fight, 'MERON', '10.00', { fightId: 999_999_999 }));
    expect(missing.body.code).toBe('cockfight.fight_not_found');

    const first = betOn(fight, 'WALA', '10.00');
    expect((await bet(p, first)).status).toBe(200);
    const reused = await bet(p, { ...first, stake: '20.00' });
    expect(reused.body.code).toBe('cockfight.request_reused');
    expect(await mainBalance(t, p.player)).toBe(99_000n);

    // Operators need the cashier permission (support has none).
    const support = await loginAsNewOperator(t, 'support');
    expect((await adminCall(`/fights/${fight.id}/close`, undefined, support)).status).toBe(403);
    // A fight cannot be settled twice or opened once decided.
    await adminCall(`/fights/${fight.id}/result`, { result: 'WALA' });
    const again = await adminCall(`/fights/${fight.id}/open`);
    expect(again.body.code).toBe('cockfight.invalid_state');
  });

  it('20 parallel bets with one requestId stake once; two settlements at once pay once', async () => {
    const p = await fundedPlayer(merchantId, 100_000n);
    const fight = await openFight();
    const body = betOn(fight, 'DRAW', '50.00');
    const answers = await Promise.all(Array.from({ length: 20 }, () => bet(p, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.value.id)).size).toBe(1);
    expect(await mainBalance(t, p.player)).toBe(95_000n);
    const bets = await t.db
      .selectFrom('cockfight_bets')
      .select('id')
      .where('member_id', '=', p.player.row.id)
      .execute();
    expect(bets).toHaveLength(1);

    const settles = await Promise.all([
      adminCall(`/fights/${fight.id}/result`, { result: 'DRAW' }),
      adminCall(`/fights/${fight.id}/result`, { result: 'DRAW' }),
    ]);
    expect(settles.map((s) => s.status).sort()).toEqual([200, 409]);
    expect(await mainBalance(t, p.player)).toBe(95_000n + 40_000n);
    expect(await countTx(`cockfight:${bets[0]!.id}:`)).toBe(2);
    await ledgerIsClean();
  });

  it('a draw refunds Meron and Wala bets; a cancel refunds every bet once; records and reports see COCKFIGHT', async () => {
    const a = await fundedPlayer(merchantId, 100_000n);
    const b = await fundedPlayer(merchantId, 100_000n);
    const drawn = await openFight();
    expect((await bet(a, betOn(drawn, 'MERON', '100.00'))).status).toBe(200);
    expect((await bet(b, betOn(drawn, 'WALA', '200.00'))).status).toBe(200);
    await adminCall(`/fights/${drawn.id}/close`);
    const result = await adminCall(`/fights/${drawn.id}/result`, { result: 'DRAW' });
    expect(result.body.value).toMatchObject({ bets: 2, paid: '300.00' });
    expect(await mainBalance(t, a.player)).toBe(100_000n);
    expect(await mainBalance(t, b.player)).toBe(100_000n);

    const cancelled = await openFight();
    expect((await bet(a, betOn(cancelled, 'MERON', '150.00'))).status).toBe(200);
    const cancels = await Promise.all([
      adminCall(`/fights/${cancelled.id}/cancel`),
      adminCall(`/fights/${cancelled.id}/cancel`),
    ]);
    expect(cancels.map((c) => c.status).sort()).toEqual([200, 409]);
    expect(await mainBalance(t, a.player)).toBe(100_000n);
    const mine = await t.get<{ list: CockfightBet[] }>('/wps/cockfight/bets', { headers: a.headers });
    expect(mine.body.value.list.map((x) => x.state)).toEqual(['refunded', 'refunded']);

    const won = await openFight();
    expect((await bet(a, betOn(won, 'WALA', '100.00'))).status).toBe(200);
    await adminCall(`/fights/${won.id}/result`, { result: 'WALA' });
    expect(await mainBalance(t, a.player)).toBe(109_000n);

    const records = await t.get<{ list: { gameType: string; betAmount: string; winAmount: string }[] }>(
      '/wps/member/records/bets',
      { headers: a.headers },
    );
    expect(records.status).toBe(200);
    expect(records.body.value.list).toHaveLength(3);
    expect(records.body.value.list.every((r) => r.gameType === 'COCKFIGHT')).toBe(true);
    expect(records.body.value.list[0]).toMatchObject({ betAmount: '100.00', winAmount: '190.00' });

    // Turnover by product type (agent reports, rebates, points): refunds count nothing.
    const stats = await t.db
      .selectFrom('member_daily_stats')
      .select(['product_type', 'bet_count', 'valid_bet', 'payout'])
      .where('member_id', '=', a.player.row.id)
      .execute();
    expect(stats).toEqual([{ product_type: 'COCKFIGHT', bet_count: 1, valid_bet: 10_000n, payout: 19_000n }]);
    // GGR by vendor names our book as the catalogue does (KHELA_CF), not its integration.
    const byVendor = await sql<Record<string, string>>`
      SELECT vendor, product_type, bet_count::text, valid_bet::text, payout::text
        FROM vendor_daily_stats WHERE member_id = ${a.player.row.id}`.execute(t.db);
    expect(byVendor.rows).toEqual([
      { vendor: 'KHELA_CF', product_type: 'COCKFIGHT', bet_count: '1', valid_bet: '10000', payout: '19000' },
    ]);

    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'cockfightFights')
      .where('entity_id', '=', String(cancelled.id))
      .execute();
    expect(audit.map((r) => r.action).sort()).toEqual(['cancel', 'create', 'open']);
    await ledgerIsClean();
  });
});
