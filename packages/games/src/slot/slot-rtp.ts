import { SLOT, type LineSymbol } from './pay-table.ts';

/** An exact fraction (BigInt numerator and denominator). */
export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
function fraction(numerator: bigint, denominator: bigint): Fraction {
  const d = gcd(numerator, denominator);
  return { numerator: numerator / d, denominator: denominator / d };
}
const add = (a: Fraction, b: Fraction) =>
  fraction(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
const mul = (a: Fraction, b: Fraction) => fraction(a.numerator * b.numerator, a.denominator * b.denominator);
const sub = (a: Fraction, b: Fraction) => add(a, { numerator: -b.numerator, denominator: b.denominator });
const div = (a: Fraction, b: Fraction) => fraction(a.numerator * b.denominator, a.denominator * b.numerator);
const whole = (n: number | bigint): Fraction => ({ numerator: BigInt(n), denominator: 1n });
const ZERO = whole(0);
const ONE = whole(1);

export interface SlotRtp {
  /** The return to player of a paid round, free spins included. */
  rtp: Fraction;
  /** What one line pays on average, in line bets (every line alike: rows are independent). */
  lineReturn: Fraction;
  /** The scatters' average, in total bets. */
  scatterReturn: Fraction;
  /** P(3 or more scatters) on any spin. */
  freeSpinsChance: Fraction;
  /** The free spins a trigger gives on average, retriggers included: 10 ÷ (1 − 10 p). */
  freeSpinsPerTrigger: Fraction;
}

/**
 * The slot's theoretical RTP, exactly, from the strips (not by simulation; `npm run slot:rtp`).
 *
 * A reel stops on each place of its strip alike, so the symbol it shows on any one row is the strip's
 * symbol at a uniform place: on a payline the five reels are independent, with P(symbol) = its count
 * ÷ the strip's length. A line pays s×k when reel 1 shows s (never wild) and reels 2 … k show s or
 * wild and reel k + 1 does not. A strip holds one scatter, so a reel's window shows one with
 * probability 3 ÷ length. By linearity of expectation a spin returns 20 × line + scatter; a trigger
 * (p) starts T = 10 ÷ (1 − 10 p) free spins on average, each returning twice a spin; the RTP is
 * (spin + p × T × 2 × spin) ÷ 20 line bets. The cap of 500 free spins a round moves it by less
 * than 10^-40 and is left out.
 */
export function slotRtp(): SlotRtp {
  const lengths = SLOT.strips.map((strip) => BigInt(strip.length));
  const count = (reel: number, symbol: string) => BigInt(SLOT.strips[reel]!.filter((s) => s === symbol).length);
  if (count(0, 'wild') !== 0n) throw new Error('the exact RTP assumes no wild on reel 1');

  let lineReturn = ZERO;
  for (const symbol of Object.keys(SLOT.linePays) as LineSymbol[]) {
    const p = SLOT.strips.map((_, reel) =>
      fraction(count(reel, symbol) + (reel > 0 ? count(reel, 'wild') : 0n), lengths[reel]!),
    );
    let atLeast = p[0]!;
    for (let k = 2; k <= SLOT.reels; k++) {
      atLeast = mul(atLeast, p[k - 1]!);
      if (k < 3) continue;
      const exactly = k < SLOT.reels ? mul(atLeast, sub(ONE, p[k]!)) : atLeast;
      lineReturn = add(lineReturn, mul(exactly, whole(SLOT.linePays[symbol][k - 3]!)));
    }
  }

  // The number of reels showing a scatter: a sum of independent Bernoulli variables.
  let distribution: Fraction[] = [ONE];
  SLOT.strips.forEach((_, reel) => {
    const q = fraction(count(reel, 'scatter') * BigInt(SLOT.rows), lengths[reel]!);
    const next = Array.from({ length: distribution.length + 1 }, () => ZERO);
    distribution.forEach((pn, n) => {
      next[n] = add(next[n]!, mul(pn, sub(ONE, q)));
      next[n + 1] = add(next[n + 1]!, mul(pn, q));
    });
    distribution = next;
  });
  let scatterReturn = ZERO;
  let freeSpinsChance = ZERO;
  for (let n = 3; n <= SLOT.reels; n++) {
    scatterReturn = add(scatterReturn, mul(distribution[n]!, whole(SLOT.scatterPays[n - 3]!)));
    freeSpinsChance = add(freeSpinsChance, distribution[n]!);
  }

  const lines = whole(SLOT.lines);
  const spinReturn = add(mul(lines, lineReturn), mul(lines, scatterReturn)); // in line bets
  const freeSpinsPerTrigger = div(whole(SLOT.freeSpins), sub(ONE, mul(whole(SLOT.freeSpins), freeSpinsChance)));
  const round = add(
    spinReturn,
    mul(mul(freeSpinsChance, freeSpinsPerTrigger), mul(whole(SLOT.freeSpinMultiplier), spinReturn)),
  );
  return { rtp: div(round, lines), lineReturn, scatterReturn, freeSpinsChance, freeSpinsPerTrigger };
}

/** A fraction as a decimal text with `digits` places (rounded to the nearest), for people. */
export function decimal(value: Fraction, digits: number): string {
  const scaled = (2n * value.numerator * 10n ** BigInt(digits) + value.denominator) / (2n * value.denominator);
  const text = scaled.toString().padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
