import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashPayout, crashPointOf, crashTimeOf, previousChainHash } from '@khela/games';
import type { CrashEvent, CrashState, InhouseRound } from '@khela/contracts';
import { parseMinor } from '@khela/money';
import { crashChains } from '../../src/modules/games/inhouse/crash/chain.ts';
import { crashGame, type CrashGame } from '../../src/modules/games/inhouse/crash/crash-game.ts';
import { crashLeader } from '../../src/modules/games/inhouse/crash/leader.ts';
import { inhouseRounds } from '../../src/modules/games/inhouse/rounds.ts';
import { dedicatedClientOf } from '../../src/db/database.ts';
import { ledger } from '../../src/modules/ledger/ledger.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger } from '../ledger/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { bet, fundedPlayer, mainBalance, requestId } from './helpers.ts';

let t: TestApp;
let merchantId: number;
let game: CrashGame;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A chain's hashes from a seed, as chain.ts makes them: h[length] = seed, h[k − 1] = SHA-256(h[k]). */
function hashesOf(seed: string, length: number): string[] {
  const hashes = [seed];
  for (let k = 0; k < length; k++) hashes.unshift(previousChainHash(hashes[0]!));
  return hashes;
}

/**
 * A chain of the merchant whose rounds all crash where `wanted` says (found by trying seeds): tests
 * know each round's crash point before it plays, as the operator does.
 */
async function chainWhere(length: number, wanted: (point: number) => boolean, checked = length) {
  const salt = 'test-salt';
  for (;;) {
    const seed = randomBytes(32).toString('hex');
    const hashes = hashesOf(seed, length);
    const points = hashes.map((hash) => crashPointOf(hash, salt));
    if (!points.slice(1, checked + 1).every(wanted)) continue;
    await t.db
      .insertInto('crash_chains')
      .values({
        merchant_id: merchantId,
        seed_sealed: testSecrets.seal('crash-chain', seed),
        head_hash: hashes[0]!,
        salt,
        length,
      })
      .execute();
    return { hashes, points, salt };
  }
}

/** Ends whatever round is live, so each test starts on a fresh one. */
async function crashLiveRound() {
  const live = await game.liveRound(merchantId);
  if (!live) return;
  if (live.round.state === 'betting') await game.start(live.round.id);
  await game.crash(live.round.id);
}

const state = async (headers: Record<string, string> = {}) =>
  (await t.get<CrashState>('/wps/inhouse/crash', { headers })).body.value;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  const rounds = inhouseRounds({ db: t.db, ledger: ledger({ db: t.db }), secrets: testSecrets });
  game = crashGame({ db: t.db, rounds, chains: crashChains(t.db, testSecrets, 50) });
});
afterAll(() => t.close());

describe('a crash round', () => {
  it('takes bets, runs, pays cash-outs at the multiplier of their moment and crashes at its chain point', async () => {
    await crashLiveRound();
    const chain = await chainWhere(3, (point) => point >= 200);
    const a = await fundedPlayer(t, merchantId);
    const b = await fundedPlayer(t, merchantId);
    const c = await fundedPlayer(t, merchantId);

    expect(await bet(t, a.headers, 'crash/bet', { requestId: requestId(), stake: '10.00' })).toMatchObject({
      status: 409,
      body: { code: 'inhouse.betting_closed' },
    });

    const round = (await game.openRound(merchantId, 60_000))!;
    expect(round).toMatchObject({ position: 1, previous_hash: chain.hashes[0], state: 'betting' });
    const shown = await state(a.headers);
    expect(shown.round).toMatchObject({ roundId: round.id.toString(), state: 'betting', hash: null, crashPoint: null });
    expect(shown.chain).toMatchObject({ headHash: chain.hashes[0], salt: chain.salt });

    const aKey = requestId();
    const aBet = await bet(t, a.headers, 'crash/bet', { requestId: aKey, stake: '10.00' });
    expect(aBet.status).toBe(200);
    expect(aBet.body.value).toMatchObject({ game: 'crash', state: 'open', stake: '10.00', seeds: null });
    expect(aBet.body.value.bet).toEqual({ crashRoundId: round.id.toString(), autoCashOut: null });
    // The same request again is the same bet; another bet in the round is refused.
    expect((await bet(t, a.headers, 'crash/bet', { requestId: aKey, stake: '10.00' })).body.value.roundId).toBe(
      aBet.body.value.roundId,
    );
    expect(await bet(t, a.headers, 'crash/bet', { requestId: requestId(), stake: '5.00' })).toMatchObject({
      status: 409,
      body: { code: 'inhouse.already_bet' },
    });
    const bBet = await bet(t, b.headers, 'crash/bet', { requestId: requestId(), stake: '10.00', autoCashOut: '1.01' });
    const cBet = await bet(t, c.headers, 'crash/bet', { requestId: requestId(), stake: '10.00' });
    expect(await mainBalance(t, a.player)).toBe(1_000_000n - 1_000n);
    expect((await state()).bets.map((x) => x.player).sort()).toHaveLength(3);
    expect((await state(a.headers)).myBet?.roundId).toBe(aBet.body.value.roundId);

    const cashOut = (headers: Record<string, string>, round: InhouseRound) =>
      bet(t, headers, 'crash/cash-out', { roundId: round.roundId });
    expect(await cashOut(a.headers, aBet.body.value)).toMatchObject({
      status: 409,
      body: { code: 'inhouse.cash_out_unavailable' },
    });

    await game.start(round.id);
    expect(await bet(t, c.headers, 'crash/bet', { requestId: requestId(), stake: '1.00' })).toMatchObject({
      status: 409,
      body: { code: 'inhouse.betting_closed' },
    });
    await sleep(crashTimeOf(102) + 50);
    // The leader pays automatic cash-outs as the multiplier reaches them (leader.ts).
    expect(await game.settleAutoCashOuts((await game.roundById(round.id))!, 101)).toBe(1);

    const cashed = await cashOut(a.headers, aBet.body.value);
    expect(cashed.status).toBe(200);
    const at = parseMinor(String(cashed.body.value.outcome!.cashedOutAt));
    expect(at).toBeGreaterThanOrEqual(102n);
    expect(at).toBeLessThan(BigInt(chain.points[1]!));
    expect(cashed.body.value).toMatchObject({ state: 'settled', outcome: { hash: chain.hashes[1] } });
    expect(parseMinor(cashed.body.value.payout!)).toBe(crashPayout(1_000n, Number(at)));
    expect(await cashOut(a.headers, aBet.body.value)).toMatchObject({
      status: 409,
      body: { code: 'inhouse.already_cashed_out' },
    });

    const crashed = (await game.crash(round.id))!;
    expect(crashed).toMatchObject({ state: 'crashed', crash_point: chain.points[1], hash: chain.hashes[1] });
    expect(previousChainHash(crashed.hash!)).toBe(crashed.previous_hash);
    expect(await cashOut(c.headers, cBet.body.value)).toMatchObject({
      status: 409,
      body: { code: 'inhouse.round_crashed' },
    });

    const rounds = Object.fromEntries(
      await Promise.all(
        [
          ['b', b, bBet],
          ['c', c, cBet],
        ].map(async ([name, p, placed]) => {
          const who = p as typeof b;
          const id = (placed as typeof bBet).body.value.roundId;
          return [name, (await t.get<InhouseRound>(`/wps/inhouse/rounds/${id}`, { headers: who.headers })).body.value];
        }),
      ),
    ) as Record<'b' | 'c', InhouseRound>;
    expect(rounds.b).toMatchObject({ state: 'settled', payout: '10.10', outcome: { cashedOutAt: '1.01' } });
    expect(rounds.c).toMatchObject({ state: 'settled', payout: '0.00', outcome: { cashedOutAt: null } });
    expect(await mainBalance(t, c.player)).toBe(1_000_000n - 1_000n);
    expect(await mainBalance(t, b.player)).toBe(1_000_000n + 10n);

    const after = await state();
    expect(after.recent[0]).toMatchObject({ roundId: round.id.toString(), hash: chain.hashes[1] });
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
  });

  it('refuses a cash-out once the crash time has come, before the leader has marked the crash', async () => {
    await crashLiveRound();
    const chain = await chainWhere(2, (point) => point >= 110 && point < 300);
    const a = await fundedPlayer(t, merchantId);
    const round = (await game.openRound(merchantId, 60_000))!;
    const placed = await bet(t, a.headers, 'crash/bet', { requestId: requestId(), stake: '10.00' });
    await game.start(round.id);
    const late = crashTimeOf(chain.points[1]!) + 1_000;
    await t.db
      .updateTable('crash_rounds')
      .set({ started_at: new Date(Date.now() - late) })
      .where('id', '=', round.id)
      .execute();
    expect(await bet(t, a.headers, 'crash/cash-out', { roundId: placed.body.value.roundId })).toMatchObject({
      status: 409,
      body: { code: 'inhouse.round_crashed' },
    });
    await game.crash(round.id);
    expect(await mainBalance(t, a.player)).toBe(1_000_000n - 1_000n);
  });

  it('never loses a bet between betting and the start, nor pays one twice between a cash-out and the crash', async () => {
    await crashLiveRound();
    await chainWhere(2, (point) => point >= 150);
    const players = await Promise.all(Array.from({ length: 16 }, () => fundedPlayer(t, merchantId)));
    const round = (await game.openRound(merchantId, 60_000))!;
    // Half the bets are in; the rest race the start: each is in the round or refused, never staked and lost.
    const placeBet = (p: (typeof players)[number]) =>
      bet(t, p.headers, 'crash/bet', { requestId: requestId(), stake: '10.00' });
    const early = await Promise.all(players.slice(0, 8).map(placeBet));
    const [, ...racing] = await Promise.all([game.start(round.id), ...players.slice(8).map(placeBet)]);
    const placed = [...early, ...racing];
    for (const [i, res] of placed.entries()) {
      const balance = await mainBalance(t, players[i]!.player);
      if (res.status === 200) expect(balance).toBe(1_000_000n - 1_000n);
      else expect([res.body.code, balance]).toEqual(['inhouse.betting_closed', 1_000_000n]);
    }
    const open = placed.flatMap((res, i) => (res.status === 200 ? [{ res, p: players[i]! }] : []));
    expect(open.length).toBeGreaterThan(0);
    await sleep(200);
    // Cash-outs race the crash: each bet is settled once, paid or lost.
    await Promise.all([
      ...open.map(({ res, p }) => bet(t, p.headers, 'crash/cash-out', { roundId: res.body.value.roundId })),
      sleep(5).then(() => game.crash(round.id)),
    ]);
    for (const { res, p } of open) {
      const row = await t.db
        .selectFrom('inhouse_rounds')
        .selectAll()
        .where('id', '=', BigInt(res.body.value.roundId))
        .executeTakeFirstOrThrow();
      expect(row.state).toBe('settled');
      expect(await mainBalance(t, p.player)).toBe(1_000_000n - 1_000n + row.payout!);
      const wins = await t.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('idempotency_key', '=', `inhouse:${row.id}:win`)
        .execute();
      expect(wins).toHaveLength(row.payout! > 0n ? 1 : 0);
    }
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
  });
});

describe('the crash leader', () => {
  /** The stream of crash events as a screen reads it, collected until stopped. */
  function watch() {
    const events: CrashEvent[] = [];
    const controller = new AbortController();
    const done = fetch(`${t.baseUrl}/wps/inhouse/crash/events`, { signal: controller.signal })
      .then(async (res) => {
        const reader = res.body!.getReader();
        let text = '';
        for (;;) {
          const { value, done: ended } = await reader.read();
          if (ended) return;
          text += new TextDecoder().decode(value);
          const blocks = text.split('\n\n');
          text = blocks.pop()!;
          for (const block of blocks) {
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (data) events.push(JSON.parse(data.slice(6)) as CrashEvent);
          }
        }
      })
      .catch(() => undefined);
    return { events, stop: () => (controller.abort(), done) };
  }

  it('finishes the round and its bets of a game switched off meanwhile, and opens no new one', async () => {
    await crashLiveRound();
    await chainWhere(3, (point) => point >= 110 && point <= 150, 1);
    const player = await fundedPlayer(t, merchantId);
    const round = (await game.openRound(merchantId, 60_000))!;
    const placed = await bet(t, player.headers, 'crash/bet', { requestId: requestId(), stake: '10.00' });
    await game.start(round.id);
    const leader = crashLeader({
      game,
      connect: () => dedicatedClientOf(t.db),
      merchants: async () => [{ id: merchantId, playable: false }],
      schedule: { bettingMs: 300, pauseMs: 50 },
    });
    leader.start();
    try {
      for (const end = Date.now() + 15_000; Date.now() < end; await sleep(100)) {
        const bets = await t.db
          .selectFrom('inhouse_rounds')
          .select('state')
          .where('crash_round_id', '=', round.id)
          .execute();
        if (bets.every((b) => b.state === 'settled') && leader.leads().length === 0) break;
      }
      expect((await game.roundById(round.id)).state).toBe('crashed');
      expect(
        (
          await t.db
            .selectFrom('inhouse_rounds')
            .select('state')
            .where('id', '=', BigInt(placed.body.value.roundId))
            .executeTakeFirstOrThrow()
        ).state,
      ).toBe('settled');
      expect(leader.leads()).toEqual([]);
      expect(await game.liveRound(merchantId)).toBeNull();
    } finally {
      await leader.stop();
    }
  });

  it('runs one round at a time from one instance; another takes over when it dies, settling every bet', async () => {
    await crashLiveRound();
    await chainWhere(40, (point) => point <= 150, 6);
    const schedule = { bettingMs: 400, pauseMs: 100 };
    const leaderOf = () =>
      crashLeader({
        game,
        connect: () => dedicatedClientOf(t.db),
        merchants: async () => [{ id: merchantId, playable: true }],
        schedule,
      });
    const first = leaderOf();
    const second = leaderOf();
    const watcher = watch();
    await sleep(300);
    first.start();
    await sleep(100);
    second.start();
    const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
      const end = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > end) throw new Error('timed out');
        await sleep(50);
      }
    };
    await until(() => first.leads().length + second.leads().length === 1);
    const [leader, standby] = first.leads().length ? [first, second] : [second, first];
    expect(standby.leads()).toEqual([]);

    // A bet in a round the leader runs; the leader dies before that round has ended.
    const player = await fundedPlayer(t, merchantId);
    await until(async () => (await game.liveRound(merchantId))?.round.state === 'betting');
    const placed = await bet(t, player.headers, 'crash/bet', { requestId: requestId(), stake: '10.00' });
    expect(placed.status).toBe(200);
    await leader.stop();
    await until(() => standby.leads().length === 1, 5_000);
    await until(async () => {
      const row = await t.db
        .selectFrom('inhouse_rounds')
        .select('state')
        .where('id', '=', BigInt(placed.body.value.roundId))
        .executeTakeFirstOrThrow();
      return row.state === 'settled';
    });
    const crashedRounds = () =>
      new Set(
        watcher.events.flatMap((e) => (e.type === 'round' && e.round.state === 'crashed' ? [e.round.roundId] : [])),
      );
    await until(() => crashedRounds().size >= 2);
    await standby.stop();
    await watcher.stop();

    const rounds = await t.db
      .selectFrom('crash_rounds')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('id')
      .execute();
    // Rounds follow one another: each one opened after the one before crashed, its hash linking to it.
    for (const [i, round] of rounds.entries()) {
      if (round.state === 'crashed') expect(previousChainHash(round.hash!)).toBe(round.previous_hash);
      const before = rounds[i - 1];
      if (before && before.chain_id === round.chain_id) {
        expect(round.position).toBe(before.position + 1);
        expect(round.previous_hash).toBe(before.hash);
        expect(round.created_at.getTime()).toBeGreaterThanOrEqual(before.crashed_at!.getTime());
      }
    }
    expect(rounds.filter((r) => r.state !== 'crashed').length).toBeLessThanOrEqual(1);
    // Every round the screen saw went betting → running → crashed, in order.
    const seen = new Map<string, string[]>();
    for (const e of watcher.events)
      if (e.type === 'round') seen.set(e.round.roundId, [...(seen.get(e.round.roundId) ?? []), e.round.state]);
    const complete = [...seen.values()].filter((states) => states.includes('crashed'));
    expect(complete.length).toBeGreaterThanOrEqual(2);
    // (A round with bets is announced crashed twice: as it crashes, and once its bets are settled.)
    for (const states of complete) {
      expect(states.filter((s, i) => s !== 'betting' && s !== states[i - 1])).toEqual(['running', 'crashed']);
    }
    expect(watcher.events.some((e) => e.type === 'bet' && e.bet.betId === placed.body.value.roundId)).toBe(true);
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
  });
});
