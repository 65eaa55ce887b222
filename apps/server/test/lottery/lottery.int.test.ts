import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_LOTTERY_ODDS,
  FORMAT_BET_TYPES,
  currentSlot,
  drawLottery,
  hashServerSeed,
  lotteryPayout,
  slotOfIssue,
  type DrawSchedule,
  type LotteryBet,
  type LotteryFormat,
} from '@khela/games';
import type { LotteryDraw, LotteryGame, LotteryPurchase, LotteryTicket } from '@khela/contracts';
import { parseMinor } from '@khela/money';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { lotteryService } from '../../src/modules/lottery/routes.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { byText, expectServerSort } from '../helpers/sorted-list.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, CURRENCY } from '../ledger/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember, fund, mainOf, uniqueKey, type WalletMember } from '../wallet/helpers.ts';

const ONE_MINUTE = 'bhagya-colour-draw-1-min';
const THREE_MINUTES = 'bhagya-colour-draw-3-min';
const FIVE_MINUTES = 'bhagya-lucky-5d';
const TWO_MINUTES = 'bhagya-keno-80';
const VN_SOUTH = 'tcg_lotto_vn-south-lottery';
const SEA_4D = 'tcg_sea-sea-lotto-4d';

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let admin: AuthHeaders;
/** The instant the server judges buying at (undefined: the real clock). */
let clockAt: Date | undefined;
const service = () => lotteryService({ db: t.db });

const at = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
const balanceOf = (member: WalletMember) => ledger.balanceOf(merchantId, CURRENCY, mainOf(member));
const funded = async (amount: bigint, type?: 0 | 4) => {
  const member = await createMember(t, merchantId, type === undefined ? {} : { type });
  await fund(ledger, merchantId, mainOf(member), amount);
  return member;
};

async function gameOf(code: string) {
  const row = await t.db
    .selectFrom('lottery_games')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const schedule: DrawSchedule =
    row.schedule_kind === 'interval'
      ? {
          kind: 'interval',
          everySeconds: row.every_seconds!,
          closeBeforeSeconds: row.close_before_seconds,
          timeZone: row.time_zone,
        }
      : { kind: 'daily', at: row.draw_time!, closeBeforeSeconds: row.close_before_seconds, timeZone: row.time_zone };
  return { row, schedule };
}

type Bet = { betType: string; selection: Record<string, unknown>; stake: string };
const buy = (member: WalletMember, body: { gameCode: string; issue: string; requestId?: string; bets: Bet[] }) =>
  t.request<LotteryPurchase>('POST', '/lgw/bets', { requestId: uniqueKey('buy'), ...body }, { headers: member.auth });

/** A random bet of every type of a format, for the property-style check. */
function randomBet(format: LotteryFormat, stake: string): Bet {
  const types = FORMAT_BET_TYPES[format];
  const type = types[Math.floor(Math.random() * types.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
  const position = 1 + Math.floor(Math.random() * 5);
  const pick2 = <T>(a: T, b: T) => (Math.random() < 0.5 ? a : b);
  const selection: Record<string, unknown> = (() => {
    switch (type) {
      case 'position':
        return { position, digit: Math.floor(Math.random() * 10) };
      case 'position_big_small':
        return { position, pick: pick2('big', 'small') };
      case 'position_odd_even':
        return { position, pick: pick2('odd', 'even') };
      case 'sum_big_small':
        return { pick: pick2('big', 'small') };
      case 'sum_odd_even':
        return { pick: pick2('odd', 'even') };
      case 'box3': {
        let number = digits(3);
        while (new Set(number).size === 1) number = digits(3);
        return { number };
      }
      case 'straight3':
      case 'de3':
        return { number: digits(3) };
      case 'lo2':
      case 'de2':
        return { number: digits(2) };
      default:
        return { number: digits(4) };
    }
  })();
  return { betType: type, selection, stake };
}

/** The slot taking bets at the test's clock, moving the clock on (never back) when that one has closed. */
function openSlot(schedule: DrawSchedule) {
  let slot = currentSlot(schedule, clockAt!);
  if (clockAt! >= slot.closesAt) {
    clockAt = at(slot.drawAt, 1);
    slot = currentSlot(schedule, clockAt);
  }
  return slot;
}

const countOf = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(t.db)).rows[0]!.n;

beforeAll(async () => {
  t = await startTestApp({ clock: () => clockAt });
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  admin = await loginAsAdmin(t);
  // The games' cursors start a minute ago, whenever the template was seeded.
  await t.db
    .updateTable('lottery_games')
    .set({ drawn_through: new Date(Date.now() - 60_000) })
    .execute();
});
afterAll(() => t.close());

describe('the games and their draws', () => {
  it('lists our lottery games by group and prize mode, with the open draw and its committed seed', async () => {
    const menus = await t.get<Record<string, { gameGroupCode: string; gameMenus: LotteryGame[] }>>(
      '/lgw/vn/games/game_menu?prizeMode=ELOTT&device=WEB',
    );
    expect(menus.status).toBe(200);
    expect(Object.keys(menus.body.value).sort()).toEqual(['ELOTT', 'SEA', 'VN']);
    const oneMinute = menus.body.value.ELOTT!.gameMenus.find((g) => g.gameCode === ONE_MINUTE)!;
    expect(oneMinute).toMatchObject({ format: 'digits5', prizeMode: 'ELOTT', vassalage: 'BHAGYA' });
    expect(oneMinute.schedule).toMatchObject({ kind: 'interval', everySeconds: 60, closeBeforeSeconds: 10 });
    expect(oneMinute.odds.position).toBe('9.8');

    const sea = await t.get<{ list: LotteryGame[] }>('/lgw/games?prizeMode=SEA');
    expect(sea.body.value.list.map((g) => g.format)).toEqual(['sea4d', 'sea4d']);

    const near = await t.get<{ issue: string; serverSeedHash: string; secondsToClose: number }>(
      `/lgw/numeros/near?gameCode=${VN_SOUTH}`,
    );
    expect(near.status).toBe(200);
    expect(near.body.value.issue).toMatch(/^\d{8}$/);
    expect(near.body.value.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    // Asked again, the same draw with the same commitment.
    const again = await t.get<{ serverSeedHash: string }>(`/lgw/numeros/near?gameCode=${VN_SOUTH}`);
    expect(again.body.value.serverSeedHash).toBe(near.body.value.serverSeedHash);

    expect((await t.get('/lgw/numeros/near?gameCode=no-such-game')).body.code).toBe('lottery.game_not_found');
    expect((await t.get('/lgw/draw/code/no-such-game')).body.code).toBe('lottery.game_not_found');
  });
});

describe('selling tickets', () => {
  it('sells tickets on the open draw with one stake transaction, once per request id', async () => {
    const { schedule } = await gameOf(ONE_MINUTE);
    const slot = currentSlot(schedule, new Date());
    clockAt = at(slot.opensAt, 5);
    const member = await funded(100_000n);
    const requestId = uniqueKey('same');
    const bets: Bet[] = [
      { betType: 'position', selection: { position: 1, digit: 7 }, stake: '10.00' },
      { betType: 'sum_big_small', selection: { pick: 'big' }, stake: '20' },
      { betType: 'box3', selection: { number: '123' }, stake: '5.50' },
    ];
    const bought = await buy(member, { gameCode: ONE_MINUTE, issue: slot.issue, requestId, bets });
    expect(bought.status).toBe(200);
    expect(bought.body.value).toMatchObject({
      gameCode: ONE_MINUTE,
      issue: slot.issue,
      totalStake: '35.50',
      balance: '964.50',
    });
    expect(bought.body.value.tickets.map((x) => [x.betType, x.odds, x.potentialWin, x.state])).toEqual([
      ['position', '9.8', '98.00', 'pending'],
      ['sum_big_small', '1.96', '39.20', 'pending'],
      ['box3', '163', '896.50', 'pending'],
    ]);

    const again = await buy(member, { gameCode: ONE_MINUTE, issue: slot.issue, requestId, bets });
    expect(again.body.value.purchaseId).toBe(bought.body.value.purchaseId);
    // Asked again once betting has closed: still its purchase, not a refusal.
    const open = clockAt;
    clockAt = at(slot.closesAt, 1);
    const late = await buy(member, { gameCode: ONE_MINUTE, issue: slot.issue, requestId, bets });
    expect([late.status, late.body.value.purchaseId]).toEqual([200, bought.body.value.purchaseId]);
    clockAt = open;
    const other = await buy(member, { gameCode: ONE_MINUTE, issue: slot.issue, requestId, bets: bets.slice(1) });
    expect([other.status, other.body.code]).toEqual([409, 'lottery.request_reused']);
    expect(await balanceOf(member)).toBe(96_450n);
    const stakes = await countOf(sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${`lottery:${bought.body.value.purchaseId}:stake`}`);
    expect(stakes).toBe(1);

    // The same request sent 10 times at once still buys once.
    const racer = await funded(10_000n);
    const raced = await Promise.all(
      Array.from({ length: 10 }, () =>
        buy(racer, { gameCode: ONE_MINUTE, issue: slot.issue, requestId: 'race-request-1', bets: bets.slice(0, 1) }),
      ),
    );
    expect(new Set(raced.map((r) => r.body.value.purchaseId)).size).toBe(1);
    expect(await balanceOf(racer)).toBe(9_000n);
  });

  it('never lets 20 purchases at once take the balance below zero', async () => {
    const { schedule } = await gameOf(ONE_MINUTE);
    const slot = currentSlot(schedule, clockAt!);
    const member = await funded(5_000n);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        buy(member, {
          gameCode: ONE_MINUTE,
          issue: slot.issue,
          bets: [{ betType: 'sum_odd_even', selection: { pick: 'odd' }, stake: '10.00' }],
        }),
      ),
    );
    const codes = results.map((r) => (r.status === 200 ? 'ok' : r.body.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(5);
    expect(codes.filter((c) => c !== 'ok').every((c) => c === 'wallet.insufficient_funds')).toBe(true);
    expect(await balanceOf(member)).toBe(0n);
  });

  it('refuses closed and future draws, junk bets, stakes out of limits, trial accounts and games that are off', async () => {
    const { schedule } = await gameOf(THREE_MINUTES);
    const slot = currentSlot(schedule, clockAt!);
    const member = await funded(100_000n);
    const good: Bet = { betType: 'position', selection: { position: 2, digit: 3 }, stake: '10.00' };
    const refusal = async (body: { gameCode?: string; issue?: string; bets: Bet[] }, who = member) => {
      const res = await buy(who, { gameCode: THREE_MINUTES, issue: slot.issue, ...body });
      return [res.status, res.body.code, typeof res.body.message];
    };
    const saved = clockAt;
    clockAt = slot.closesAt;
    expect(await refusal({ bets: [good] })).toEqual([409, 'lottery.betting_closed', 'string']);
    clockAt = at(slot.closesAt, -1);
    const next = currentSlot(schedule, slot.drawAt);
    expect(await refusal({ issue: next.issue, bets: [good] })).toEqual([409, 'lottery.issue_not_open', 'string']);
    expect(await refusal({ issue: '20261131-0001', bets: [good] })).toEqual([409, 'lottery.issue_not_open', 'string']);
    expect(await refusal({ issue: '20261126', bets: [good] })).toEqual([409, 'lottery.issue_not_open', 'string']);
    for (const [bet, code] of [
      [{ betType: 'de2', selection: { number: '12' } }, 'lottery.bet_type_unknown'],
      [{ betType: 'position', selection: { position: 6, digit: 1 } }, 'lottery.bet_invalid'],
      [{ betType: 'position', selection: { position: 1, digit: -1 } }, 'lottery.bet_invalid'],
      [{ betType: 'box3', selection: { number: '777' } }, 'lottery.bet_invalid'],
      [{ betType: 'straight3', selection: { number: '12a' } }, 'lottery.bet_invalid'],
      [{ betType: 'sum_odd_even', selection: { pick: 'huge' } }, 'lottery.bet_invalid'],
    ] as const) {
      expect(await refusal({ bets: [good, { ...bet, stake: '10.00' }] })).toEqual([400, code, 'string']);
    }
    expect(await refusal({ bets: [{ ...good, stake: '0.50' }] })).toEqual([400, 'lottery.bet_below_minimum', 'string']);
    expect(await refusal({ bets: [{ ...good, stake: '50000.01' }] })).toEqual([
      400,
      'lottery.bet_above_maximum',
      'string',
    ]);
    for (const stake of ['0', '-5', '1e3', '1.001', 'abc']) {
      expect((await refusal({ bets: [{ ...good, stake }] }))[1]).toBe('request.invalid');
    }
    expect((await refusal({ bets: [] }))[1]).toBe('request.invalid');
    expect(await refusal({ gameCode: 'no-such-game', bets: [good] })).toEqual([
      404,
      'lottery.game_not_found',
      'string',
    ]);
    const trial = await funded(100_000n, 4);
    expect((await refusal({ bets: [good] }, trial))[1]).toBe('auth.trial_account');
    const poor = await funded(500n);
    expect(await refusal({ bets: [good] }, poor)).toEqual([409, 'wallet.insufficient_funds', 'string']);

    const off = await t.request('PUT', `/admin/lottery/games/${THREE_MINUTES}`, { status: 'off' }, { headers: admin });
    expect(off.status).toBe(200);
    expect(await refusal({ bets: [good] })).toEqual([409, 'lottery.game_off', 'string']);
    await t.request('PUT', `/admin/lottery/games/${THREE_MINUTES}`, { status: 'on' }, { headers: admin });
    const badOdds = await t.request(
      'PUT',
      `/admin/lottery/games/${THREE_MINUTES}`,
      { oddsBp: { de2: 20_000 } },
      { headers: admin },
    );
    expect(badOdds.body.code).toBe('lottery.invalid_settings');
    const badClose = await t.request(
      'PUT',
      `/admin/lottery/games/${THREE_MINUTES}`,
      { closeBeforeSeconds: 180 },
      { headers: admin },
    );
    expect(badClose.body.code).toBe('lottery.invalid_settings');

    // Nothing of any refusal was written.
    expect(await balanceOf(member)).toBe(100_000n);
    expect(await balanceOf(poor)).toBe(500n);
    const written = await t.db
      .selectFrom('lottery_purchases')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('member_id', 'in', [member.id, trial.id, poor.id])
      .executeTakeFirstOrThrow();
    expect(written.n).toBe(0);
    clockAt = saved;
  });
});

describe('draws and settlement', () => {
  it('draws each due slot once and settles every ticket once with two passes at once; payouts are the engine’s', async () => {
    const { row, schedule } = await gameOf(ONE_MINUTE);
    const slot = currentSlot(schedule, clockAt!);
    const near = await t.get<{ issue: string; serverSeedHash: string }>(`/lgw/numeros/near?gameCode=${ONE_MINUTE}`);
    expect(near.body.value.issue).toBe(slot.issue);
    const players = await Promise.all(Array.from({ length: 4 }, () => funded(1_000_000n)));
    const before = await Promise.all(players.map(balanceOf));
    for (const player of players) {
      const res = await buy(player, {
        gameCode: ONE_MINUTE,
        issue: slot.issue,
        bets: Array.from({ length: 25 }, () => randomBet('digits5', `${1 + Math.floor(Math.random() * 50)}.00`)),
      });
      expect(res.status).toBe(200);
    }

    const pending = await countOf(sql<{ n: number }>`
      SELECT count(*)::int AS n FROM lottery_purchases WHERE state = 'pending'`);
    clockAt = at(slot.drawAt, 1);
    const [a, b] = await Promise.all([service().draws.runPass(clockAt), service().draws.runPass(clockAt)]);
    const draw = await t.db
      .selectFrom('lottery_draws')
      .selectAll()
      .where('lottery_game_id', '=', row.id)
      .where('issue', '=', slot.issue)
      .executeTakeFirstOrThrow();
    expect(draw.state).toBe('settled');
    expect(draw.late).toBe(false);
    const purchases = await t.db
      .selectFrom('lottery_purchases')
      .select(['id', 'state'])
      .where('draw_id', '=', draw.id)
      .execute();
    expect(purchases.every((p) => p.state === 'settled')).toBe(true);
    expect(purchases.length).toBeGreaterThanOrEqual(4);
    expect(a.settled + b.settled).toBe(pending);
    expect(a.drawn + b.drawn).toBeGreaterThanOrEqual(1);

    // The published result and seed: the committed hash, and the result redone from the seeds.
    const history = await t.get<{ list: LotteryDraw[] }>(`/lgw/draw/code/${ONE_MINUTE}?pageSize=5`);
    const published = history.body.value.list.find((d) => d.issue === slot.issue)!;
    expect(published.serverSeedHash).toBe(near.body.value.serverSeedHash);
    expect(hashServerSeed(published.serverSeed!)).toBe(published.serverSeedHash);
    const redone = drawLottery('digits5', {
      serverSeed: published.serverSeed!,
      clientSeed: published.clientSeed,
      nonce: published.nonce,
    });
    expect(published.result).toEqual(redone.tiers);

    // Every ticket paid exactly the engine's payout, and each member's balance moved by exactly that.
    for (const [i, player] of players.entries()) {
      const tickets = await t.get<{ list: LotteryTicket[]; total: number }>('/lgw/bets?pageSize=100', {
        headers: player.auth,
      });
      expect(tickets.body.value.total).toBe(25);
      let staked = 0n;
      let paid = 0n;
      for (const ticket of tickets.body.value.list) {
        const bet = { type: ticket.betType, ...ticket.selection } as LotteryBet;
        const expected = lotteryPayout(bet, parseMinor(ticket.stake), redone, DEFAULT_LOTTERY_ODDS.digits5);
        expect(parseMinor(ticket.payout!)).toBe(expected);
        expect(ticket.state).toBe(expected > 0n ? 'won' : 'lost');
        staked += parseMinor(ticket.stake);
        paid += expected;
      }
      expect(await balanceOf(player)).toBe(before[i]! - staked + paid);
    }
    const wins = await countOf(sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE 'lottery:%:win'
        AND (reference->>'lotteryPurchase')::bigint IN (SELECT id FROM lottery_purchases WHERE draw_id = ${draw.id})`);
    const winners = await countOf(sql<{ n: number }>`
      SELECT count(*)::int AS n FROM lottery_purchases WHERE draw_id = ${draw.id} AND payout > 0`);
    expect(wins).toBe(winners);

    // A pass again changes nothing.
    const third = await service().draws.runPass(clockAt);
    expect(third).toMatchObject({ drawn: 0, settled: 0 });
    // Nothing left: no pass is due before the next draw (the 2 s timer asks the database nothing till then).
    expect(third.nextDueAt.getTime()).toBeGreaterThan(clockAt!.getTime());
    expect(third.nextDueAt.getTime()).toBeLessThanOrEqual(currentSlot(schedule, clockAt!).drawAt.getTime());

    // Betting record and statistics: the purchase is an ELOTT round with its stake and win.
    const player = players[0]!;
    const records = await t.get<{ list: { roundId: string; gameType: string; betAmount: string }[] }>(
      '/wps/member/records/bets',
      { headers: player.auth },
    );
    const round = records.body.value.list.find((r) => r.roundId.startsWith('lottery-'))!;
    expect(round.gameType).toBe('ELOTT');
    const stats = await t.db
      .selectFrom('member_daily_stats')
      .select(['product_type', 'valid_bet', 'bet_count'])
      .where('member_id', '=', player.id)
      .execute();
    expect(stats.map((s) => s.product_type)).toEqual(['ELOTT']);
    expect(stats[0]!.bet_count).toBe(1);
    expect(stats[0]!.valid_bet).toBe(parseMinor(round.betAmount));
    // GGR by vendor names our lottery as the catalogue does (the game's vendor), not its integration.
    const byVendor = await sql<Record<string, string>>`
      SELECT vendor, product_type, valid_bet::text FROM vendor_daily_stats WHERE member_id = ${player.id}`.execute(
      t.db,
    );
    expect(byVendor.rows).toEqual([
      { vendor: 'BHAGYA', product_type: 'ELOTT', valid_bet: stats[0]!.valid_bet.toString() },
    ]);
  });

  it('draws daily regional and 4D games by their formats', async () => {
    const saved = clockAt;
    for (const [code, format] of [
      [VN_SOUTH, 'vn_south'],
      [SEA_4D, 'sea4d'],
    ] as const) {
      const { row, schedule } = await gameOf(code);
      let slot = currentSlot(schedule, new Date());
      // Inside the close window of today's draw: tomorrow's takes bets after it.
      clockAt = at(slot.opensAt, 60);
      const member = await funded(1_000_000n);
      const res = await buy(member, {
        gameCode: code,
        issue: slot.issue,
        bets: Array.from({ length: 10 }, () => randomBet(format, '10.00')),
      });
      expect(res.status).toBe(200);
      const draws = service().draws;
      await t.db
        .updateTable('lottery_games')
        .set({ drawn_through: at(slot.drawAt, -1) })
        .where('id', '=', row.id)
        .execute();
      await draws.drawGame(row.id, at(slot.drawAt, 5));
      const draw = await t.db
        .selectFrom('lottery_draws')
        .selectAll()
        .where('lottery_game_id', '=', row.id)
        .where('issue', '=', slot.issue)
        .executeTakeFirstOrThrow();
      await draws.settleDraw(draw.id);
      const result = drawLottery(format, { serverSeed: draw.server_seed, clientSeed: draw.client_seed, nonce: 0 });
      const tickets = await t.db.selectFrom('lottery_tickets').selectAll().where('member_id', '=', member.id).execute();
      for (const ticket of tickets) {
        const bet = { type: ticket.bet_type, ...ticket.selection } as LotteryBet;
        expect(ticket.payout).toBe(lotteryPayout(bet, ticket.stake, result, DEFAULT_LOTTERY_ODDS[format]));
      }
      slot = slotOfIssue(schedule, slot.issue)!;
      expect(slot.issue).toBe(draw.issue);
    }
    clockAt = saved;
  });

  it('after a pause draws late what had tickets and records every slot it missed, each once', async () => {
    const { row, schedule } = await gameOf(TWO_MINUTES);
    const slot = openSlot(schedule);
    const member = await funded(100_000n);
    expect(
      (await buy(member, { gameCode: TWO_MINUTES, issue: slot.issue, bets: [randomBet('digits5', '10.00')] })).status,
    ).toBe(200);
    const cursor = (await gameOf(TWO_MINUTES)).row.drawn_through;

    // Down for ten minutes: nothing ran. Then one pass (and another at once).
    const back = at(slot.drawAt, 600);
    await Promise.all([service().draws.drawGame(row.id, back), service().draws.drawGame(row.id, back)]);
    await service().draws.settleDraw(
      (
        await t.db
          .selectFrom('lottery_draws')
          .select('id')
          .where('lottery_game_id', '=', row.id)
          .where('issue', '=', slot.issue)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const rows = await t.db
      .selectFrom('lottery_draws')
      .selectAll()
      .where('lottery_game_id', '=', row.id)
      .where('draw_at', '>', cursor)
      .where('draw_at', '<=', back)
      .orderBy('draw_at')
      .execute();
    const owed = Math.floor((back.getTime() - cursor.getTime()) / 120_000);
    expect(rows).toHaveLength(owed);
    expect(new Set(rows.map((r) => r.issue)).size).toBe(owed);
    const bought = rows.find((r) => r.issue === slot.issue)!;
    expect(bought).toMatchObject({ state: 'settled', late: true });
    // Slots whose draw was committed ahead are drawn late too; slots never made are recorded missed.
    const others = rows.filter((r) => r.issue !== slot.issue);
    const missed = others.filter((r) => r.state === 'void' && r.void_reason === 'missed');
    expect(missed.length).toBeGreaterThanOrEqual(2);
    expect(others.every((r) => missed.includes(r) || (['drawn', 'settled'].includes(r.state) && r.late))).toBe(true);
    const tickets = await t.db
      .selectFrom('lottery_tickets')
      .select('state')
      .where('member_id', '=', member.id)
      .execute();
    expect(tickets.every((x) => x.state !== 'pending')).toBe(true);
    // The cursor caught up and the draws ahead are committed.
    expect((await gameOf(TWO_MINUTES)).row.drawn_through.getTime()).toBe(rows.at(-1)!.draw_at.getTime());
    const ahead = await t.db
      .selectFrom('lottery_draws')
      .select(['state', 'server_seed_hash'])
      .where('lottery_game_id', '=', row.id)
      .where('draw_at', '>', back)
      .execute();
    expect(ahead).toHaveLength(2);
    expect(ahead.every((d) => d.state === 'open' && /^[0-9a-f]{64}$/.test(d.server_seed_hash))).toBe(true);
  });

  it('voids a draw with one refund per purchase, once, and draws it no more', async () => {
    const { row, schedule } = await gameOf(FIVE_MINUTES);
    const slot = openSlot(schedule);
    const members = await Promise.all(Array.from({ length: 3 }, () => funded(100_000n)));
    for (const member of members) {
      await buy(member, {
        gameCode: FIVE_MINUTES,
        issue: slot.issue,
        bets: [randomBet('digits5', '10.00'), randomBet('digits5', '15.00')],
      });
      expect(await balanceOf(member)).toBe(97_500n);
    }
    const draw = await t.db
      .selectFrom('lottery_draws')
      .select('id')
      .where('lottery_game_id', '=', row.id)
      .where('issue', '=', slot.issue)
      .executeTakeFirstOrThrow();
    const support = await loginAsNewOperator(t, 'support');
    const forbidden = await t.request(
      'POST',
      `/admin/lottery/draws/${draw.id}/void`,
      { reason: 'x' },
      { headers: support },
    );
    expect(forbidden.status).toBe(403);
    const voids = await Promise.all(
      [1, 2].map(() =>
        t.request<{ state: string; tickets: number }>(
          'POST',
          `/admin/lottery/draws/${draw.id}/void`,
          { reason: 'Feed fault' },
          { headers: admin },
        ),
      ),
    );
    expect(voids.map((v) => v.status).sort()).toEqual([200, 409]);
    expect(voids.find((v) => v.status === 409)!.body.code).toBe('lottery.draw_settled');
    expect(voids.find((v) => v.status === 200)!.body.value).toMatchObject({ state: 'void', tickets: 6 });
    for (const member of members) expect(await balanceOf(member)).toBe(100_000n);
    const refunds = await countOf(sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE 'lottery:%:refund'
        AND (reference->>'lotteryPurchase')::bigint IN (SELECT id FROM lottery_purchases WHERE draw_id = ${draw.id})`);
    expect(refunds).toBe(3);
    const tickets = await t.db
      .selectFrom('lottery_tickets')
      .select(['state', 'payout', 'stake'])
      .where('draw_id', '=', draw.id)
      .execute();
    expect(tickets.every((x) => x.state === 'void' && x.payout === x.stake)).toBe(true);

    clockAt = at(slot.drawAt, 1);
    await service().draws.runPass(clockAt);
    const after = await t.db
      .selectFrom('lottery_draws')
      .select(['state', 'result'])
      .where('id', '=', draw.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ state: 'void', result: null });
    for (const member of members) expect(await balanceOf(member)).toBe(100_000n);
    const listed = await t.get<{ list: { drawId: string; state: string }[] }>(
      `/admin/lottery/draws?gameCode=${FIVE_MINUTES}&state=void`,
      { headers: admin },
    );
    expect(listed.body.value.list.map((d) => d.drawId)).toContain(draw.id.toString());
    // Issue 16 Quality: the operators' draw list sorts on the server.
    const draws = '/admin/lottery/draws';
    await expectServerSort(t, admin, draws, 'drawAt', byText('drawAt'), { gameCode: FIVE_MINUTES }, 2);
    await expectServerSort(t, admin, draws, 'issue', byText('issue'), { gameCode: FIVE_MINUTES }, 2);
  });

  it('draws a game at once for end-to-end tests (development only)', async () => {
    const code = 'tcg_sea-sea-quick-draw';
    const slot = openSlot((await gameOf(code)).schedule);
    const member = await funded(10_000n);
    const bought = await buy(member, { gameCode: code, issue: slot.issue, bets: [randomBet('digits5', '10.00')] });
    expect(bought.status).toBe(200);
    const drawn = await t.request<{ issue: string; settled: number }>('POST', '/dev/lottery/draw-now', {
      gameCode: code,
    });
    expect(drawn.body.value).toEqual({ issue: slot.issue, settled: 1 });
    const mine = await t.get<{ list: LotteryTicket[] }>(`/lgw/bets?gameCode=${code}`, { headers: member.auth });
    const ticket = mine.body.value.list[0]!;
    expect(ticket.state).not.toBe('pending');
    expect(await balanceOf(member)).toBe(9_000n + parseMinor(ticket.payout!));
    const recent = await t.get<{ list: LotteryGame[] }>('/lgw/vn/games/game_menu/recent', { headers: member.auth });
    expect(recent.body.value.list.map((g) => g.gameCode)).toEqual([code]);
    const latest = await t.get<Record<string, LotteryDraw>>('/lgw/vn/numeros/opened/game');
    expect(latest.body.value[code]!.issue).toBe(slot.issue);
    const opened = await t.get<{ list: LotteryDraw[] }>(`/lotto/lgw/games/opened/numero?gameCode=${code}`, {
      headers: member.auth,
    });
    expect(opened.body.value.list[0]!.issue).toBe(slot.issue);
  });

  it('keeps the ledger balanced', async () => {
    const audit = await auditLedger(t.db, merchantId);
    expect(audit).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
  });
});
