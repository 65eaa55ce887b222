import { describe, expect, it } from 'vitest';
import {
  CRASH,
  crashMultiplierAt,
  crashPayout,
  crashPointOf,
  crashTimeOf,
  followsInChain,
  previousChainHash,
} from './crash.ts';

/** A chain from SHA-256("khela-test-chain-seed"), its points computed once outside this code (Python). */
const CHAIN = [
  '6fa788f04b16712f28bd80a15327a527cf457d65e80550d1664b54772749f77a',
  '9280d5a58d1dcbaff17f517a417b8f20c72c90c558447e86b1716c32835f004a',
  '5796b3b8f7fc057ca094ccfc922ab974b8e52409bcaed88108cedc2a845861c5',
  '47fbb1c7f2246a798c1dfef899316ffb4e2518e4a169d002a2e59524cbf38b69',
  '3fe70b6c2fae07aa2eac381cd4481cf6c9e4212558046b5cb4a63bc6c45498ad',
  '6b93377bd0c1692ab4b6b1c1c770af7b6c62db394a13c6a76ef3c615f4904b5e',
];
const SALT = 'khela-crash-salt';

describe('crash', () => {
  it('links each round to the one before by SHA-256, and only so', () => {
    for (let i = 1; i < CHAIN.length; i++) {
      expect(previousChainHash(CHAIN[i - 1]!)).toBe(CHAIN[i]);
      // Played in the other order: the hash published later is shown first.
      expect(followsInChain(CHAIN[i - 1]!, CHAIN[i]!)).toBe(true);
      expect(followsInChain(CHAIN[i]!, CHAIN[i - 1]!)).toBe(false);
    }
  });

  it('gives the known crash points', () => {
    expect(CHAIN.map((hash) => crashPointOf(hash, SALT))).toEqual([182, 112, 123, 190, 123, 169]);
  });

  it('crashes at or above m in 99/m of rounds (20 000 rounds, within 4 standard deviations)', () => {
    const rounds = 20_000;
    let hash = CHAIN[0]!;
    const points: number[] = [];
    for (let i = 0; i < rounds; i++) {
      hash = previousChainHash(hash);
      points.push(crashPointOf(hash, SALT));
    }
    for (const m of [101, 150, 200, 500, 1_000]) {
      const p = 0.99 / (m / 100);
      const seen = points.filter((point) => point >= m).length / rounds;
      expect(Math.abs(seen - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / rounds));
    }
    expect(Math.min(...points)).toBe(100);
  });

  it('pays stake × multiplier rounded down', () => {
    expect(crashPayout(1_00n, 250)).toBe(2_50n);
    expect(crashPayout(3n, 101)).toBe(3n);
    expect(CRASH.minCashOut).toBe(101);
  });
});

describe('the multiplier curve', () => {
  it('starts at ×1.00, doubles near 11.55 s and never falls', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    expect(crashMultiplierAt(-5)).toBe(100);
    expect(crashMultiplierAt(11_552)).toBe(199);
    expect(crashMultiplierAt(11_553)).toBe(200);
    let last = 100;
    for (let ms = 0; ms < 120_000; ms += 37) {
      const m = crashMultiplierAt(ms);
      expect(m).toBeGreaterThanOrEqual(last);
      last = m;
    }
  });

  it('reaches a crash point exactly at crashTimeOf, not a millisecond before', () => {
    for (const point of [101, 150, 200, 1234, 10_000, 99_999]) {
      const at = crashTimeOf(point);
      expect(crashMultiplierAt(at)).toBeGreaterThanOrEqual(point);
      expect(crashMultiplierAt(at - 1)).toBeLessThan(point);
    }
    expect(crashTimeOf(100)).toBe(0);
  });
});
