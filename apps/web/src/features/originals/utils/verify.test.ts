import { describe, expect, it } from 'vitest';
import { hashServerSeed, minePositions, fairRandom } from '@khela/games';
import { recompute, sameOutcome, seedsAreValid, verifyCrash } from './verify.ts';

// SHA-256("khela-test-server-seed"): the engines' own fixed seed (packages/games tests).
const serverSeed = '1e9bbfad'.padEnd(64, '0');
const seeds = { serverSeed, clientSeed: 'player-seed', nonce: 3 };

describe('recompute', () => {
  it('gives the server’s shapes and the committed hash', () => {
    const dice = recompute('dice', seeds, { stake: '10.00', chanceBp: 5000, direction: 'under' });
    expect(dice.serverSeedHash).toBe(hashServerSeed(serverSeed));
    expect(Object.keys(dice.outcome).sort()).toEqual(['roll', 'won']);
    expect(dice.payout === '0.00' || dice.payout === '19.80').toBe(true);
    const slot = recompute('slot', seeds, { lineBet: '0.50' });
    expect(typeof (slot.outcome as { win: unknown }).win).toBe('string');
    const mines = recompute('mines', seeds, { mines: 5 });
    expect(mines.outcome).toEqual({ mines: minePositions(fairRandom(seeds), 5) });
  });

  it('matches only the outcome drawn from these seeds', () => {
    const first = recompute('andar-bahar', seeds, { stake: '1.00', side: 'andar' });
    expect(sameOutcome('andar-bahar', first.outcome, { ...first.outcome, extra: 1 })).toBe(true);
    const other = recompute('andar-bahar', { ...seeds, nonce: 4 }, { side: 'andar' });
    expect(sameOutcome('andar-bahar', other.outcome, first.outcome)).toBe(
      JSON.stringify(other.outcome) === JSON.stringify(first.outcome),
    );
    expect(sameOutcome('dice', first.outcome, null)).toBe(false);
    // Stored as jsonb, a round comes back with its keys in another order: still the same outcome.
    const slot = recompute('slot', seeds, { lineBet: '0.10' }).outcome;
    const reordered = JSON.parse(
      JSON.stringify(slot, (_k, v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
      ),
    ) as Record<string, unknown>;
    expect(sameOutcome('slot', slot, reordered)).toBe(true);
  });

  it('checks the seeds’ shape before anything is computed', () => {
    expect(seedsAreValid(seeds)).toBe(true);
    expect(seedsAreValid({ ...seeds, serverSeed: 'abc' })).toBe(false);
    expect(seedsAreValid({ ...seeds, clientSeed: 'a:b' })).toBe(false);
    expect(seedsAreValid({ ...seeds, nonce: -1 })).toBe(false);
  });
});

// The engine's own chain (packages/games crash.test.ts, computed outside the code): SHA-256(H0) = H1.
const H0 = '6fa788f04b16712f28bd80a15327a527cf457d65e80550d1664b54772749f77a';
const H1 = '9280d5a58d1dcbaff17f517a417b8f20c72c90c558447e86b1716c32835f004a';
const SALT = 'khela-crash-salt';

describe('verifyCrash', () => {
  it('gives the engine’s crash point and checks the chain link', () => {
    expect(verifyCrash(H0, SALT)).toEqual({ crashPoint: '1.82', linked: null });
    expect(verifyCrash(H0, SALT, H1)).toEqual({ crashPoint: '1.82', linked: true });
    expect(verifyCrash(H1, SALT, H0)?.linked).toBe(false);
    expect(verifyCrash(` ${H1.toUpperCase()} `, SALT)?.crashPoint).toBe('1.12');
    expect(verifyCrash('abc', SALT)).toBeNull();
    expect(verifyCrash(H0, '')).toBeNull();
  });
});
