import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * Crash (issue 12 item 2): rounds shared by every player, their crash points fixed in advance by a
 * hash chain. From a secret terminal seed the operator makes h[N] = seed and h[k − 1] =
 * SHA-256(h[k]) (over the hex text) and publishes h[0] with a salt before the first round. Round k
 * plays h[k]; when it ends h[k] is shown, and anyone checks SHA-256(h[k]) = h[k − 1], the hash of
 * the round before — so every crash point was fixed before any bet.
 *
 * The crash point of a hash: X = the first 52 bits of HMAC-SHA256(key = hash, message = salt),
 * crash = max(1.00, ⌊99 × 2^52 ÷ (2^52 − X)⌋ ÷ 100). Then P(crash ≥ m) = 0.99 ÷ m for every
 * multiplier m ≥ 1.01: whatever the cash-out, a 1 % edge. A cash-out at m pays stake × m.
 */
export const CRASH = {
  /** Multipliers are in hundredths: 100 = ×1.00. */
  minCashOut: 101,
  maxCashOut: 1_000_000,
  rtpPercent: 99,
} as const;

const TWO_52 = 2n ** 52n;

export function isChainHash(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}

/** The hash before `hash` in the chain (the one published earlier). */
export function previousChainHash(hash: string): string {
  return bytesToHex(sha256(utf8ToBytes(hash)));
}

/** Whether `hash` is the round after `previous` in a chain. */
export function followsInChain(hash: string, previous: string): boolean {
  return isChainHash(hash) && previousChainHash(hash) === previous;
}

/** The crash point of a round's hash, in hundredths (100 = ×1.00). */
export function crashPointOf(roundHash: string, salt: string): number {
  const mac = hmac(sha256, utf8ToBytes(roundHash), utf8ToBytes(salt));
  let x = 0n;
  for (let i = 0; i < 7; i++) x = (x << 8n) | BigInt(mac[i]!);
  x >>= 4n; // 56 bits read, 52 kept
  const point = (99n * TWO_52) / (TWO_52 - x);
  return Number(point < 100n ? 100n : point);
}

/** What a cash-out at `multiplier` (hundredths) pays, stake included, rounded down. */
export function crashPayout(stake: bigint, multiplier: number): bigint {
  return (stake * BigInt(multiplier)) / 100n;
}

/** How fast the multiplier grows: ×e every 1/rate ms (×2.00 at about 11.6 s, ×10 at 38 s). */
export const CRASH_GROWTH_PER_MS = 0.00006;

/**
 * The multiplier shown `elapsedMs` after a round started, in hundredths (100 = ×1.00), rounded down:
 * the same curve on every screen and on the server, which prices a cash-out by its own clock.
 */
export function crashMultiplierAt(elapsedMs: number): number {
  if (!(elapsedMs > 0)) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs));
}

/** When (ms after the start) the multiplier reaches `hundredths`: a round crashing there ends at that moment. */
export function crashTimeOf(hundredths: number): number {
  if (hundredths <= 100) return 0;
  return Math.ceil(Math.log(hundredths / 100) / CRASH_GROWTH_PER_MS);
}
