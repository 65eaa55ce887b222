/**
 * §4 jackpot counter: starts at a random value from 300,000,000 to 400,000,000 and grows by a
 * random 100–500 every 3, 4 or 5 seconds (chosen afresh each tick). Values are kept in minor
 * units (hundredths) as integers, so the display's 2 decimals (§9) are real and no float
 * rounding creeps in over hours of growth.
 */
export const JACKPOT = {
  startMin: 300_000_000,
  startMax: 400_000_000,
  stepMin: 100,
  stepMax: 500,
  delaysMs: [3000, 4000, 5000],
} as const;

/** A source of uniform numbers in [0, 1); Math.random by default, fixed in tests. */
export type Random = () => number;

const MINOR = 100;

/** A uniform integer in [min, max], both ends included. */
function between(min: number, max: number, random: Random): number {
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
  return min + Math.floor(r * (max - min + 1));
}

/** The starting value in minor units: 300,000,000.00 to 400,000,000.00. */
export function jackpotStart(random: Random = Math.random): number {
  return between(JACKPOT.startMin * MINOR, JACKPOT.startMax * MINOR, random);
}

/** One step of growth in minor units: 100.00 to 500.00. */
export function jackpotStep(random: Random = Math.random): number {
  return between(JACKPOT.stepMin * MINOR, JACKPOT.stepMax * MINOR, random);
}

/** The wait before the next step: 3, 4 or 5 seconds. */
export function jackpotDelay(random: Random = Math.random): number {
  return JACKPOT.delaysMs[between(0, JACKPOT.delaysMs.length - 1, random)]!;
}

/** §9: 2 decimals and thousands separators: 30000012345 → "300,000,123.45". */
export function formatJackpot(minor: number): string {
  const whole = Math.floor(minor / MINOR);
  const cents = minor % MINOR;
  return `${whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.toString().padStart(2, '0')}`;
}
