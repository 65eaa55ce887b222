import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  andarBaharPayout,
  dealAndarBahar,
  fairRandom,
  minePositions,
  minesPayout,
  playSlot,
  slotStake,
  type FairSeeds,
} from '@khela/games';
import type { InhouseRound, LaunchResult } from '@khela/contracts';
import { parseMinor } from '@khela/money';
import { inhouseRounds } from '../../src/modules/games/inhouse/rounds.ts';
import { inhouseSweeper } from '../../src/modules/games/inhouse/sweeper.ts';
import { ledger } from '../../src/modules/ledger/ledger.ts';
import { loginAsAdmin } from '../helpers/admin.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger } from '../ledger/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createPlayer, sessionFor } from '../protection/helpers.ts';
import { bet, fundedPlayer, mainBalance, requestId } from './helpers.ts';

let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());

/** The seeds of a round, read from the database as the verify page would get them after a rotation. */
async function seedsOf(round: InhouseRound): Promise<FairSeeds> {
  const row = await t.db
    .selectFrom('inhouse_rounds as r')
    .innerJoin('fair_seed_pairs as p', 'p.id', 'r.seed_pair_id')
    .select(['p.server_seed', 'p.client_seed', 'r.nonce'])
    .where('r.id', '=', BigInt(round.roundId))
    .executeTakeFirstOrThrow();
  return { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce! };
}

describe('slot and Andar Bahar', () => {
  it('a spin is the engine’s round: one stake of line bet × 20, its free spins and one win', async () => {
    const { player, headers } = await fundedPlayer(t, merchantId);
    for (let i = 0; i < 5; i++) {
      const before = await mainBalance(t, player);
      const res = await bet(t, headers, 'slot/spin', { requestId: requestId(), lineBet: '0.50' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const round = res.body.value;
      const expected = playSlot(fairRandom(await seedsOf(round)), 50n);
      expect(parseMinor(round.stake)).toBe(slotStake(50n));
      expect(parseMinor(round.payout!)).toBe(expected.win);
      expect((round.outcome as { spins: unknown[] }).spins).toHaveLength(expected.spins.length);
      expect(await mainBalance(t, player)).toBe(before - 1000n + expected.win);
    }
  });

  it('a deal pays the chosen side as the engine deals it', async () => {
    const { headers } = await fundedPlayer(t, merchantId);
    for (const side of ['andar', 'bahar', 'andar', 'bahar'] as const) {
      const res = await bet(t, headers, 'andar-bahar/bet', { requestId: requestId(), stake: '20.00', side });
      expect(res.status).toBe(200);
      const deal = dealAndarBahar(fairRandom(await seedsOf(res.body.value)));
      expect(res.body.value.outcome).toMatchObject({ joker: deal.joker, winner: deal.winner, andar: deal.andar });
      expect(parseMinor(res.body.value.payout!)).toBe(andarBaharPayout(2000n, side, deal.winner));
    }
    const refused = await bet(t, headers, 'andar-bahar/bet', { requestId: requestId(), stake: '1.00', side: 'middle' });
    expect([refused.status, refused.body.code]).toEqual([400, 'request.invalid']);
  });
});

describe('mines', () => {
  it('opens with the stake, hides the mines, pays the gems at cash-out and then refuses every move', async () => {
    const { player, headers } = await fundedPlayer(t, merchantId);
    const before = await mainBalance(t, player);
    const started = await bet(t, headers, 'mines/start', { requestId: requestId(), stake: '10.00', mines: 3 });
    expect(started.status).toBe(200);
    const round = started.body.value;
    expect(round).toMatchObject({ state: 'open', payout: null, outcome: { revealed: [] } });
    expect(await mainBalance(t, player)).toBe(before - 1000n);
    const mines = minePositions(fairRandom(await seedsOf(round)), 3);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((c) => !mines.includes(c));

    // A second round waits for this one; the seed pair cannot be rotated under it.
    const second = await bet(t, headers, 'mines/start', { requestId: requestId(), stake: '10.00', mines: 3 });
    expect(second.body.code).toBe('inhouse.round_open');
    const rotate = await t.request('POST', '/wps/inhouse/fairness/rotate', { clientSeed: 'next' }, { headers });
    expect(rotate.body.code).toBe('inhouse.round_open');
    const early = await bet(t, headers, 'mines/cash-out', { roundId: round.roundId });
    expect(early.body.code).toBe('inhouse.cash_out_unavailable');

    for (const cell of safe.slice(0, 2)) {
      const step = await bet(t, headers, 'mines/reveal', { roundId: round.roundId, cell });
      expect(step.body.value.state).toBe('open');
    }
    const twice = await bet(t, headers, 'mines/reveal', { roundId: round.roundId, cell: safe[0] });
    expect([twice.status, twice.body.code]).toEqual([409, 'inhouse.cell_revealed']);
    const resumed = await t.get<{ round: InhouseRound }>('/wps/inhouse/rounds/open', {
      headers,
      query: { game: 'mines' },
    });
    expect(resumed.body.value.round!.outcome).toEqual({ revealed: safe.slice(0, 2) });

    const { headers: stranger } = await fundedPlayer(t, merchantId);
    const theirs = await bet(t, stranger, 'mines/cash-out', { roundId: round.roundId });
    expect([theirs.status, theirs.body.code]).toEqual([404, 'inhouse.round_not_found']);

    const cashed = await bet(t, headers, 'mines/cash-out', { roundId: round.roundId });
    expect(cashed.status).toBe(200);
    expect(parseMinor(cashed.body.value.payout!)).toBe(minesPayout(1000n, 3, 2));
    expect(cashed.body.value.outcome).toMatchObject({ mines, revealed: safe.slice(0, 2) });
    expect(await mainBalance(t, player)).toBe(before - 1000n + minesPayout(1000n, 3, 2));
    for (const [path, body] of [
      ['mines/cash-out', { roundId: round.roundId }],
      ['mines/reveal', { roundId: round.roundId, cell: safe[3] }],
    ] as const) {
      const late = await bet(t, headers, path, body);
      expect([late.status, late.body.code]).toEqual([409, 'inhouse.round_closed']);
    }
    expect(await mainBalance(t, player)).toBe(before - 1000n + minesPayout(1000n, 3, 2));
  });

  it('a mine ends the round with nothing; tampered and unknown round ids are refused', async () => {
    const { player, headers } = await fundedPlayer(t, merchantId);
    const started = (await bet(t, headers, 'mines/start', { requestId: requestId(), stake: '5.00', mines: 24 })).body
      .value;
    const mines = minePositions(fairRandom(await seedsOf(started)), 24);
    const safeCell = Array.from({ length: 25 }, (_, i) => i).find((c) => !mines.includes(c))!;
    const boom = await bet(t, headers, 'mines/reveal', { roundId: started.roundId, cell: mines[0] });
    expect(boom.body.value).toMatchObject({ state: 'settled', payout: '0.00', outcome: { hit: mines[0], mines } });
    const after = await bet(t, headers, 'mines/reveal', { roundId: started.roundId, cell: safeCell });
    expect(after.body.code).toBe('inhouse.round_closed');
    for (const roundId of ['0', '99999999999', 'abc', '-1', '1e3']) {
      const res = await bet(t, headers, 'mines/reveal', { roundId, cell: 0 });
      expect(res.status, roundId).toBeGreaterThanOrEqual(400);
      expect(res.status, roundId).toBeLessThan(500);
    }
    expect(await mainBalance(t, player)).toBe(1_000_000n - 500n);
  });

  it('the last safe tile cashes out by itself', async () => {
    const { headers } = await fundedPlayer(t, merchantId);
    const started = (await bet(t, headers, 'mines/start', { requestId: requestId(), stake: '1.00', mines: 23 })).body
      .value;
    const mines = minePositions(fairRandom(await seedsOf(started)), 23);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((c) => !mines.includes(c));
    await bet(t, headers, 'mines/reveal', { roundId: started.roundId, cell: safe[0] });
    const last = await bet(t, headers, 'mines/reveal', { roundId: started.roundId, cell: safe[1] });
    expect(last.body.value.state).toBe('settled');
    expect(parseMinor(last.body.value.payout!)).toBe(minesPayout(100n, 23, 2));
  });

  it('the sweeper ends idle rounds: cashed out as they stand, or refunded when no tile was opened', async () => {
    const { player, headers } = await fundedPlayer(t, merchantId);
    const { player: other, headers: otherHeaders } = await fundedPlayer(t, merchantId);
    const opened = (await bet(t, headers, 'mines/start', { requestId: requestId(), stake: '10.00', mines: 1 })).body
      .value;
    const mines = minePositions(fairRandom(await seedsOf(opened)), 1);
    await bet(t, headers, 'mines/reveal', { roundId: opened.roundId, cell: mines[0] === 0 ? 1 : 0 });
    const untouched = (await bet(t, otherHeaders, 'mines/start', { requestId: requestId(), stake: '10.00', mines: 5 }))
      .body.value;
    await t.db
      .updateTable('inhouse_rounds')
      .set({ updated_at: new Date(Date.now() - 25 * 3600_000) })
      .where('id', 'in', [BigInt(opened.roundId), BigInt(untouched.roundId)])
      .execute();
    const rounds = inhouseRounds({ db: t.db, ledger: ledger({ db: t.db }), secrets: testSecrets });
    const sweeper = inhouseSweeper(t.db, rounds);
    const [first, second] = await Promise.all([sweeper.sweep(), sweeper.sweep()]);
    expect(first.settled + second.settled).toBeGreaterThanOrEqual(1);
    const mine = (await t.get<InhouseRound>(`/wps/inhouse/rounds/${opened.roundId}`, { headers })).body.value;
    expect(mine).toMatchObject({ state: 'settled' });
    expect(parseMinor(mine.payout!)).toBe(minesPayout(1000n, 1, 1));
    const theirs = (await t.get<InhouseRound>(`/wps/inhouse/rounds/${untouched.roundId}`, { headers: otherHeaders }))
      .body.value;
    expect(theirs.state).toBe('refunded');
    expect(await mainBalance(t, other)).toBe(1_000_000n);
    expect(await mainBalance(t, player)).toBe(1_000_000n - 1000n + minesPayout(1000n, 1, 1));
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
  });
});

describe('recall, records and the catalogue', () => {
  it('lists the member’s rounds by game and result, shows one, and hides other members’ rounds', async () => {
    const { headers } = await fundedPlayer(t, merchantId);
    for (let i = 0; i < 12; i++) {
      await bet(t, headers, 'dice/bet', { requestId: requestId(), stake: '1.00', chanceBp: 5000, direction: 'under' });
    }
    await bet(t, headers, 'andar-bahar/bet', { requestId: requestId(), stake: '1.00', side: 'bahar' });
    type Page = { list: InhouseRound[]; total: number };
    const all = (await t.get<Page>('/wps/inhouse/rounds', { headers, query: { pageSize: 10 } })).body.value;
    expect(all.total).toBe(13);
    expect(all.list).toHaveLength(10);
    expect(all.list[0]!.game).toBe('andar-bahar');
    const dice = (await t.get<Page>('/wps/inhouse/rounds', { headers, query: { game: 'dice', pageSize: 50 } })).body
      .value;
    expect(dice.total).toBe(12);
    const wins = (
      await t.get<Page>('/wps/inhouse/rounds', { headers, query: { game: 'dice', result: 'win', pageSize: 50 } })
    ).body.value;
    const losses = (
      await t.get<Page>('/wps/inhouse/rounds', { headers, query: { game: 'dice', result: 'loss', pageSize: 50 } })
    ).body.value;
    expect(wins.total + losses.total).toBe(12);
    expect(wins.list.every((r) => parseMinor(r.payout!) > parseMinor(r.stake))).toBe(true);
    const old = (await t.get<Page>('/wps/inhouse/rounds', { headers, query: { to: '2020-01-01' } })).body.value;
    expect(old.total).toBe(0);
    expect(
      (await t.get<Page>('/wps/inhouse/rounds', { headers, query: { from: '2020-01-01', to: '2099-12-31' } })).body
        .value.total,
    ).toBe(13);

    const { headers: stranger } = await fundedPlayer(t, merchantId);
    const peek = await t.get(`/wps/inhouse/rounds/${all.list[0]!.roundId}`, { headers: stranger });
    expect([peek.status, peek.body.code]).toEqual([404, 'inhouse.round_not_found']);

    // The betting record (personalHistoryCopy) lists the same rounds, with the game's type.
    type Bets = { list: { roundId: string; vendor: string; gameType: string; betAmount: string }[]; total: number };
    const records = (await t.get<Bets>('/wps/member/records/bets', { headers, query: { pageSize: 50 } })).body.value;
    expect(records.total).toBe(13);
    expect(records.list.every((r) => r.vendor.startsWith('INHOUSE_') && r.gameType === 'RNG')).toBe(true);
    const byGame = (await t.get<Bets>('/wps/member/records/bets', { headers, query: { gameCode: 'khela-dice' } })).body
      .value;
    expect(byGame.total).toBe(12);
    const won = (
      await t.get<Bets>('/wps/member/records/bets', { headers, query: { gameCode: 'khela-dice', result: 'win' } })
    ).body.value;
    const lost = (
      await t.get<Bets>('/wps/member/records/bets', { headers, query: { gameCode: 'khela-dice', result: 'loss' } })
    ).body.value;
    expect([won.total, lost.total]).toEqual([wins.total, losses.total]);

    const admin = await loginAsAdmin(t);
    const seen = await t.get<InhouseRound & { username: string }>(`/admin/inhouse/rounds/${all.list[0]!.roundId}`, {
      headers: admin,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.value.roundId).toBe(all.list[0]!.roundId);
  });

  it('lists our games with limits and RTP, and launches them into the site', async () => {
    const games = await t.get<{ games: { game: string; rtp: string; minBet: string }[] }>('/wps/inhouse/games');
    expect(games.body.value.games.map((g) => g.game).sort()).toEqual(['andar-bahar', 'crash', 'dice', 'mines', 'slot']);
    expect(games.body.value.games.find((g) => g.game === 'crash')!.rtp).toBe('99.0000');
    expect(games.body.value.games.find((g) => g.game === 'slot')!.rtp).toBe('95.9975');
    expect(games.body.value.games.find((g) => g.game === 'dice')!.rtp).toBe('99.0000');
    const { headers } = await fundedPlayer(t, merchantId);
    const launch = await t.get<LaunchResult>('/wps/game/launchGame', {
      headers,
      query: { gameCode: 'khela-dice', vassalage: 'KHELA' },
    });
    expect(launch.body.value).toMatchObject({ target: 'route', url: '/originals/dice', vassalage: 'KHELA' });
    const crash = await t.get<LaunchResult>('/wps/game/launchGame', {
      headers,
      query: { gameCode: 'khela-rocket-crash', vassalage: 'KHELA' },
    });
    expect(crash.body.value).toMatchObject({ target: 'route', url: '/originals/crash' });
    const trial = await t.get('/wps/relay/GCS_gameTrialLaunch', { query: { gameCode: 'khela-dice' } });
    expect(trial.body.code).toBe('game.trial_unavailable');
  });

  it('a win reaches the winner board, the name masked', async () => {
    const { player, headers } = await fundedPlayer(t, merchantId, 100_000_000n);
    let win: InhouseRound | undefined;
    for (let i = 0; i < 40 && !win; i++) {
      const res = await bet(t, headers, 'andar-bahar/bet', { requestId: requestId(), stake: '9000.00', side: 'bahar' });
      if (res.body.value.payout !== '0.00') win = res.body.value;
    }
    expect(win).toBeDefined();
    type Board = { list: { vo: { customerName: string; winAmount: string; gameName: string } }[] };
    const board = await t.get<Board>('/wps/relay/ODSFE2_getWinnerBoard', {
      query: { gameCategory: 'ALL', limitNum: 20 },
    });
    expect(board.status).toBe(200);
    const masked = `${player.username.slice(0, 2)}****${player.username.slice(-2)}`;
    expect(board.body.value.list.map((e) => e.vo)).toContainEqual(
      expect.objectContaining({ customerName: masked, winAmount: win!.payout }),
    );
  });

  it('refuses a trial account', async () => {
    const trial = await createPlayer(t, merchantId, 4);
    const res = await bet(t, await sessionFor(t, trial), 'dice/bet', {
      requestId: requestId(),
      stake: '1.00',
      chanceBp: 5000,
      direction: 'under',
    });
    expect([res.status, res.body.code]).toEqual([403, 'auth.trial_account']);
  });

  it('refuses bets while the game is in maintenance or off', async () => {
    const { headers } = await fundedPlayer(t, merchantId);
    const set = (status: 'on' | 'maintenance' | 'off') =>
      t.db.updateTable('games').set({ status }).where('game_code', '=', 'khela-andar-bahar').execute();
    // The listing is kept per instance until the change is heard (a NOTIFY, a moment after the commit).
    const codeOnceHeard = async (code: string | undefined) => {
      for (let attempt = 0; ; attempt++) {
        const res = await bet(t, headers, 'andar-bahar/bet', { requestId: requestId(), stake: '1.00', side: 'andar' });
        if (res.body.code === code || attempt === 20) return res.body.code;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await bet(t, headers, 'andar-bahar/bet', { requestId: requestId(), stake: '1.00', side: 'andar' });
    await set('maintenance');
    expect(await codeOnceHeard('game.maintenance')).toBe('game.maintenance');
    await set('off');
    expect(await codeOnceHeard('game.not_found')).toBe('game.not_found');
    await set('on');
    expect(await codeOnceHeard(undefined)).toBeUndefined();
  });
});
