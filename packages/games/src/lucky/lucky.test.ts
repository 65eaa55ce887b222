import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRandom } from '../fair/fair-random.ts';
import { bigBelow, drawRaffle, numberTickets, raffleTickets, redEnvelopeGrab } from './lucky.ts';

const SEED = '1e9bbfad0c703c4467b399a55e690d703bacedec6a858e82b0972961fcaf4e93';
const seedArb = fc.stringMatching(/^[0-9a-f]{64}$/);

describe('red envelope grabs', () => {
  it('never take more than the pool, respect min and max until the pool runs low, and empty it', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.bigInt({ min: 1n, max: 100_000n }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        fc.integer({ min: 1, max: 200 }),
        (serverSeed, pool, min, extra, members) => {
          const max = min + extra;
          let remaining = pool;
          for (let memberId = 1; memberId <= members; memberId++) {
            const amount = redEnvelopeGrab({ serverSeed, envelopeId: 7, memberId, remaining, min, max });
            if (amount < 0n || amount > remaining || amount > max) return false;
            if (remaining >= min && amount < min) return false;
            if (remaining > 0n && amount === 0n) return false;
            remaining -= amount;
          }
          return remaining >= 0n && remaining <= pool;
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is the same for the same seed, envelope and member, whatever the order of grabs', () => {
    const grab = (memberId: number, remaining: bigint) =>
      redEnvelopeGrab({ serverSeed: SEED, envelopeId: 3, memberId, remaining, min: 100n, max: 5_000n });
    expect(grab(11, 1_000_000n)).toBe(grab(11, 900_000n));
    expect(grab(11, 50n)).toBe(50n);
    expect(grab(11, 0n)).toBe(0n);
    const amounts = new Set(Array.from({ length: 50 }, (_, i) => grab(i + 1, 1_000_000n)));
    expect(amounts.size).toBeGreaterThan(40);
  });

  it('draws beyond 2^32 without bias at the edges', () => {
    const random = fairRandom({ serverSeed: SEED, clientSeed: 'x', nonce: 0 });
    for (let i = 0; i < 100; i++) {
      const value = bigBelow(random, 10n ** 12n);
      expect(value >= 0n && value < 10n ** 12n).toBe(true);
    }
    expect(bigBelow(random, 1n)).toBe(0n);
    expect(() => bigBelow(random, 0n)).toThrow(RangeError);
  });
});

describe('raffles', () => {
  it('earn a ticket per whole deposit and valid-bet step', () => {
    const rule = { depositPerTicket: 10_000n, betPerTicket: 50_000n };
    expect(raffleTickets({ deposits: 25_000n, validBet: 149_999n }, rule)).toBe(4n);
    expect(raffleTickets({ deposits: 9_999n, validBet: 0n }, rule)).toBe(0n);
    expect(raffleTickets({ deposits: 25_000n, validBet: 1_000_000n }, { ...rule, betPerTicket: null })).toBe(2n);
  });

  it('number tickets by member id, members without tickets left out', () => {
    expect(
      numberTickets([
        { memberId: 9, tickets: 2n },
        { memberId: 3, tickets: 5n },
        { memberId: 4, tickets: 0n },
      ]),
    ).toEqual([
      { memberId: 3, tickets: 5n, firstTicket: 0n },
      { memberId: 9, tickets: 2n, firstTicket: 5n },
    ]);
  });

  it('draw one prize per member, a ticket of the winner, derivable from seed and list alone', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.uniqueArray(
          fc.record({ memberId: fc.integer({ min: 1, max: 1_000 }), tickets: fc.bigInt({ min: 1n, max: 50n }) }),
          {
            maxLength: 40,
            selector: (entry) => entry.memberId,
          },
        ),
        fc.array(fc.record({ amount: fc.bigInt({ min: 1n, max: 10_000n }), count: fc.integer({ min: 1, max: 5 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        (seed, entries, tiers) => {
          const winners = drawRaffle(seed, 5, entries, tiers);
          const again = drawRaffle(seed, 5, [...entries].reverse(), tiers);
          expect(again).toEqual(winners);
          const prizes = tiers.reduce((sum, tier) => sum + tier.count, 0);
          expect(winners.length).toBe(Math.min(prizes, entries.length));
          expect(new Set(winners.map((w) => w.memberId)).size).toBe(winners.length);
          const numbered = numberTickets(entries);
          for (const winner of winners) {
            const entry = numbered.find((e) => e.memberId === winner.memberId)!;
            expect(winner.ticket >= entry.firstTicket && winner.ticket < entry.firstTicket + entry.tickets).toBe(true);
            expect(winner.amount).toBe(tiers[winner.tier]!.amount);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('weighs members by their tickets', () => {
    const wins = new Map<number, number>();
    for (let i = 0; i < 2_000; i++) {
      const seed = i.toString(16).padStart(64, '0');
      const [winner] = drawRaffle(
        seed,
        1,
        [
          { memberId: 1, tickets: 1n },
          { memberId: 2, tickets: 3n },
        ],
        [{ amount: 1n, count: 1 }],
      );
      wins.set(winner!.memberId, (wins.get(winner!.memberId) ?? 0) + 1);
    }
    expect(wins.get(2)! / 2_000).toBeGreaterThan(0.7);
    expect(wins.get(2)! / 2_000).toBeLessThan(0.8);
  });
});
