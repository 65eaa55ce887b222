import { describe, expect, it } from 'vitest';
import type { CrashBet, CrashRound, CrashState, InhouseRound } from '@khela/contracts';
import {
  applyCrashEvent,
  autoCashOutProblem,
  clockOffset,
  crashTone,
  crashVerifyLink,
  curvePath,
  formatMultiplier,
  liveMultiplier,
  potentialPayout,
  secondsToStart,
} from './crash.ts';

// The engine's own chain (packages/games crash.test.ts, computed outside the code): h[1] → h[0].
const H0 = '6fa788f04b16712f28bd80a15327a527cf457d65e80550d1664b54772749f77a';
const H1 = '9280d5a58d1dcbaff17f517a417b8f20c72c90c558447e86b1716c32835f004a';
const SALT = 'khela-crash-salt';

const round = (over: Partial<CrashRound> = {}): CrashRound => ({
  roundId: '7',
  chainId: '1',
  position: 7,
  state: 'betting',
  bettingEndsAt: '2026-01-01T00:00:10.000Z',
  startedAt: null,
  crashedAt: null,
  crashPoint: null,
  hash: null,
  previousHash: H0,
  ...over,
});
const bet = (betId: string, stake: string, over: Partial<CrashBet> = {}): CrashBet => ({
  betId,
  roundId: '7',
  player: 'pl***01',
  stake,
  autoCashOut: null,
  cashedOutAt: null,
  payout: null,
  state: 'open',
  ...over,
});
const state = (over: Partial<CrashState> = {}): CrashState => ({
  serverTime: '2026-01-01T00:00:00.000Z',
  round: round(),
  chain: { chainId: '1', headHash: H0, salt: SALT, length: 1000 },
  recent: [],
  bets: [],
  myBet: null,
  ...over,
});
const myBet = { roundId: '55', bet: { crashRoundId: '7', autoCashOut: null } } as unknown as InhouseRound;

describe('crash clock and multiplier', () => {
  it('reads the server clock through an offset', () => {
    expect(clockOffset('2026-01-01T00:00:01.500Z', Date.parse('2026-01-01T00:00:00.000Z'))).toBe(1500);
    expect(clockOffset('not a date', 5)).toBe(0);
  });

  it('counts up from ×1.00 while running, shows the crash point once crashed', () => {
    const start = Date.parse('2026-01-01T00:00:10.000Z');
    const running = round({ state: 'running', startedAt: '2026-01-01T00:00:10.000Z' });
    expect(liveMultiplier(running, start - 50)).toBe(100);
    expect(liveMultiplier(running, start + 11_552)).toBe(199);
    expect(liveMultiplier(running, start + 11_553)).toBe(200);
    expect(liveMultiplier(round(), start)).toBe(100);
    expect(liveMultiplier(round({ state: 'crashed', crashPoint: '2.35' }), start)).toBe(235);
    expect(formatMultiplier(235)).toBe('2.35');
    expect(formatMultiplier(99)).toBe('1.00');
  });

  it('counts whole seconds down to the end of betting', () => {
    const ends = Date.parse('2026-01-01T00:00:10.000Z');
    expect(secondsToStart(round(), ends - 4001)).toBe(5);
    expect(secondsToStart(round(), ends - 1)).toBe(1);
    expect(secondsToStart(round(), ends + 5)).toBe(0);
  });

  it('prices a cash-out as the server does (rounded down)', () => {
    expect(potentialPayout('10.00', 235)).toBe(23_50n);
    expect(potentialPayout('0.03', 101)).toBe(3n);
  });

  it('draws the curve inside its box', () => {
    expect(curvePath(0, 100, 50, 2)).toBe('M0.0 50.0 L0.0 50.0 L0.0 50.0');
    const path = curvePath(20_000, 100, 50, 4);
    expect(path.startsWith('M0.0 50.0')).toBe(true);
    expect(path.endsWith('L100.0 0.0')).toBe(true);
  });
});

describe('crash inputs and bands', () => {
  it('accepts an empty or valid auto cash-out only', () => {
    for (const ok of ['', ' ', '2', '2.5', '1.01', '10000']) expect(autoCashOutProblem(ok)).toBeNull();
    for (const bad of ['1', '1.00', '0.5', '2.555', 'x2', '10000.01', '-2'])
      expect(autoCashOutProblem(bad)).toBe('format');
  });

  it('colours crash points by size', () => {
    expect(['1.00', '1.99', '2.00', '9.99', '10.00'].map(crashTone)).toEqual(['low', 'low', 'mid', 'mid', 'high']);
  });
});

describe('applyCrashEvent', () => {
  const at = '2026-01-01T00:00:03.000Z';

  it('adds and updates bets of the round shown, biggest stake first, and ignores others', () => {
    let s = applyCrashEvent(state(), { type: 'bet', serverTime: at, bet: bet('1', '5.00') });
    s = applyCrashEvent(s, { type: 'bet', serverTime: at, bet: bet('2', '20.00') });
    s = applyCrashEvent(s, {
      type: 'bet',
      serverTime: at,
      bet: bet('1', '5.00', { cashedOutAt: '1.50', state: 'settled' }),
    });
    s = applyCrashEvent(s, { type: 'bet', serverTime: at, bet: bet('3', '1.00', { roundId: '6' }) });
    expect(s.bets.map((b) => [b.betId, b.cashedOutAt])).toEqual([
      ['2', null],
      ['1', '1.50'],
    ]);
    expect(s.serverTime).toBe(at);
  });

  it('moves the round on: a crash joins the strip once, a new round starts with no bets', () => {
    const crashed = round({ state: 'crashed', crashPoint: '1.82', hash: H1 });
    let s = state({ bets: [bet('1', '5.00')], myBet, recent: [round({ roundId: '6', state: 'crashed' })] });
    s = applyCrashEvent(s, { type: 'round', serverTime: at, round: crashed });
    s = applyCrashEvent(s, { type: 'round', serverTime: at, round: crashed });
    expect(s.recent.map((r) => r.roundId)).toEqual(['7', '6']);
    expect(s.bets).toHaveLength(1);
    expect(s.myBet).toBe(myBet);
    s = applyCrashEvent(s, { type: 'round', serverTime: at, round: round({ roundId: '8', previousHash: H1 }) });
    expect(s.round?.roundId).toBe('8');
    expect(s.bets).toEqual([]);
    expect(s.myBet).toBeNull();
  });
});

describe('crash verification', () => {
  it('links a crashed round to the verify page with its hash, salt and previous hash', () => {
    expect(crashVerifyLink(round(), SALT)).toBeNull();
    const link = crashVerifyLink(round({ hash: H1 }), SALT)!;
    const query = new URL(link, 'http://x').searchParams;
    expect([query.get('game'), query.get('hash'), query.get('salt'), query.get('previousHash')]).toEqual([
      'crash',
      H1,
      SALT,
      H0,
    ]);
  });
});
