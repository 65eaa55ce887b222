import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairBlock, fairRandom, hashServerSeed, isClientSeed, isServerSeed, randomFromBlocks } from './fair-random.ts';

/**
 * Known answers of the scheme, computed once outside this code (Python's hmac and hashlib, from the
 * scheme as written in fair-random.ts) for the server seed SHA-256("khela-test-server-seed").
 */
const SERVER_SEED = '1e9bbfad0c703c4467b399a55e690d703bacedec6a858e82b0972961fcaf4e93';
const seeds = (nonce: number) => ({ serverSeed: SERVER_SEED, clientSeed: 'player-seed', nonce });
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('the provably fair scheme', () => {
  it('commits to the server seed with SHA-256 over its text', () => {
    expect(hashServerSeed(SERVER_SEED)).toBe('073a41d26e6dde7102dcdabae412216971ab137c0bfbda6ee3a6eef0db95c398');
  });

  it('draws HMAC-SHA256(serverSeed, "clientSeed:nonce:cursor")', () => {
    expect(hex(fairBlock(seeds(0), 0))).toBe('8a1f72452f928218ba62b973f4d1b79cb39ea98a4b50c157f8413b54162ab730');
  });

  it('reads big-endian words across blocks, in order', () => {
    const random = fairRandom(seeds(5));
    const words = Array.from({ length: 10 }, () => random.word());
    expect(words).toEqual([
      4292299939, 1626209387, 3975205537, 4246734989, 309686879, 2932702382, 1660402093, 3497861374, 3751304968,
      1417297328,
    ]);
    expect(random.wordsRead).toBe(10);
  });

  it('discards a word at or above the largest multiple of n (no modulo bias)', () => {
    // The first word of nonce 5 (4292299939) is ≥ 3·10^9: it is skipped, the second is taken.
    const random = fairRandom(seeds(5));
    expect(random.below(3_000_000_000)).toBe(1626209387);
    expect(random.wordsRead).toBe(2);
  });

  it('gives known dice rolls and mine boards', () => {
    expect([0, 1, 2].map((nonce) => fairRandom(seeds(nonce)).below(10_000))).toEqual([6677, 1233, 301]);
    expect(
      fairRandom(seeds(3))
        .shuffle(
          Array.from({ length: 25 }, (_, i) => i),
          3,
        )
        .sort((a, b) => a - b),
    ).toEqual([9, 17, 18]);
  });

  it('keeps every integer in range and every shuffle a permutation', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.nat(1_000_000),
        fc.integer({ min: 1, max: 2 ** 32 }),
        (serverSeed, clientSeed, nonce, n) => {
          const random = fairRandom({ serverSeed, clientSeed, nonce });
          for (let i = 0; i < 20; i++) {
            const value = random.below(n);
            if (!(Number.isInteger(value) && value >= 0 && value < n)) return false;
          }
          const deck = random.shuffle(Array.from({ length: 52 }, (_, i) => i));
          return [...deck].sort((a, b) => a - b).every((card, i) => card === i);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('discards exactly the words at or above the limit, and maps the rest modulo n', () => {
    const blocks = (words: number[]) =>
      randomFromBlocks(() => {
        const block = new Uint8Array(32);
        const view = new DataView(block.buffer);
        words.forEach((w, i) => view.setUint32(i * 4, w));
        return block;
      });
    const limit = 2 ** 32 - (2 ** 32 % 10_000);
    expect(blocks([limit, limit - 1]).below(10_000)).toBe((limit - 1) % 10_000);
    expect(blocks([limit - 10_000]).below(10_000)).toBe(0);
  });

  it('checks seeds: server seeds are 64 hex, client seeds 1–64 printable characters without a colon', () => {
    expect(isServerSeed(SERVER_SEED)).toBe(true);
    expect(isServerSeed(SERVER_SEED.toUpperCase())).toBe(false);
    expect(isServerSeed(SERVER_SEED.slice(1))).toBe(false);
    expect(isClientSeed('player-seed')).toBe(true);
    for (const bad of ['', 'a:b', 'x'.repeat(65), 'with space', 'বাংলা']) expect(isClientSeed(bad)).toBe(false);
    expect(() => fairBlock({ ...seeds(0), serverSeed: 'nope' }, 0)).toThrow(RangeError);
    expect(() => fairBlock({ ...seeds(-1) }, 0)).toThrow(RangeError);
  });
});
