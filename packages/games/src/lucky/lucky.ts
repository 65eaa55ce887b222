import { fairRandom, type FairRandom } from '../fair/fair-random.ts';

/**
 * The draws of red envelopes and raffles (issue 14 item 2; docs/adr/0017-lucky.md), over the
 * provably fair scheme of fair-random.ts: the server seed is committed by its SHA-256 when the
 * event is created and revealed once it is over, so anyone can redo every grab and every winner.
 */

const TWO_64 = 1n << 64n;

/** An integer in [0, n) for any n ≥ 1 (beyond 2^32 too): 64-bit words, the biased top discarded. */
export function bigBelow(random: FairRandom, n: bigint): bigint {
  if (n < 1n || n > TWO_64) throw new RangeError('bigBelow: n must be 1 … 2^64');
  const limit = TWO_64 - (TWO_64 % n);
  for (;;) {
    const value = (BigInt(random.word()) << 32n) | BigInt(random.word());
    if (value < limit) return value % n;
  }
}

/** The client seed of one member's grab of a red envelope: the draw does not depend on who grabbed first. */
export const redEnvelopeClientSeed = (envelopeId: number | bigint, memberId: number) =>
  `red-envelope-${envelopeId}-member-${memberId}`;

export interface RedEnvelopeGrabInput {
  serverSeed: string;
  envelopeId: number | bigint;
  memberId: number;
  /** What is left in the pool before this grab (minor units). */
  remaining: bigint;
  min: bigint;
  max: bigint;
}

/**
 * A member's grab: uniform in [min, max], never more than what is left (the last grabs get what
 * remains, which may be below min); 0 when the pool is empty.
 */
export function redEnvelopeGrab({
  serverSeed,
  envelopeId,
  memberId,
  remaining,
  min,
  max,
}: RedEnvelopeGrabInput): bigint {
  if (remaining <= 0n) return 0n;
  if (min < 1n || max < min) throw new RangeError('red envelope: 1 ≤ min ≤ max');
  const random = fairRandom({ serverSeed, clientSeed: redEnvelopeClientSeed(envelopeId, memberId), nonce: 0 });
  const drawn = min + bigBelow(random, max - min + 1n);
  return drawn < remaining ? drawn : remaining;
}

/** Tickets earned: one per whole `depositPerTicket` deposited plus one per whole `betPerTicket` of valid bet. */
export function raffleTickets(
  earned: { deposits: bigint; validBet: bigint },
  rule: { depositPerTicket: bigint | null; betPerTicket: bigint | null },
): bigint {
  const fromDeposits = rule.depositPerTicket && earned.deposits > 0n ? earned.deposits / rule.depositPerTicket : 0n;
  const fromBets = rule.betPerTicket && earned.validBet > 0n ? earned.validBet / rule.betPerTicket : 0n;
  return fromDeposits + fromBets;
}

export const raffleClientSeed = (raffleId: number | bigint) => `raffle-${raffleId}`;

export interface RaffleEntry {
  memberId: number;
  tickets: bigint;
}

export interface RaffleTier {
  amount: bigint;
  count: number;
}

export interface RaffleWinner {
  tier: number;
  slot: number;
  memberId: number;
  /** The winning ticket's number in the whole list (0-based; members in id order, their tickets in a row). */
  ticket: bigint;
  amount: bigint;
}

/** The ticket list as the draw numbers it: members in id order, each member's tickets one after another. */
export function numberTickets(entries: readonly RaffleEntry[]): (RaffleEntry & { firstTicket: bigint })[] {
  let next = 0n;
  return [...entries]
    .filter((entry) => entry.tickets > 0n)
    .sort((a, b) => a.memberId - b.memberId)
    .map((entry) => {
      const numbered = { ...entry, firstTicket: next };
      next += entry.tickets;
      return numbered;
    });
}

/**
 * The winners: prizes in tier order (slot 0, 1 … of each), each a ticket drawn uniformly from the
 * tickets of members who have not won yet (one prize per member); fewer winners than prizes when
 * fewer members took part. Only the seed, the raffle id and the ticket list go in.
 */
export function drawRaffle(
  serverSeed: string,
  raffleId: number | bigint,
  entries: readonly RaffleEntry[],
  tiers: readonly RaffleTier[],
): RaffleWinner[] {
  const random = fairRandom({ serverSeed, clientSeed: raffleClientSeed(raffleId), nonce: 0 });
  const left = numberTickets(entries);
  let total = left.reduce((sum, entry) => sum + entry.tickets, 0n);
  const winners: RaffleWinner[] = [];
  tiers.forEach((tier, tierIndex) => {
    for (let slot = 0; slot < tier.count && left.length > 0; slot++) {
      let pick = bigBelow(random, total);
      const index = left.findIndex((entry) => {
        if (pick < entry.tickets) return true;
        pick -= entry.tickets;
        return false;
      });
      const [winner] = left.splice(index, 1);
      total -= winner!.tickets;
      winners.push({
        tier: tierIndex,
        slot,
        memberId: winner!.memberId,
        ticket: winner!.firstTicket + pick,
        amount: tier.amount,
      });
    }
  });
  return winners;
}
