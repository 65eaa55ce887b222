import { fairRandom, type FairSeeds } from '../fair/fair-random.ts';

/**
 * What a lottery draw produces (issue 15 item 1): the prize tiers of each draw format, each a list
 * of numbers of a fixed count of digits, drawn in tier order from the provably fair bytes of
 * fair-random.ts. The draw's server seed is committed by its hash before betting opens and
 * revealed with the result, so anyone can redo a draw from its seeds.
 *
 * - `digits5`: the e-lottery of 1, 3 and 5 minutes — five digits, each position 0–9.
 * - `vn_south`, `vn_north`: the Vietnamese regional draws (§4 prize modes ZY / VN), 18 and 27
 *   numbers in nine and eight tiers, the special prize first.
 * - `sea4d`: the South-East Asian 4D draw — 23 distinct four-digit numbers: first, second, third,
 *   ten starters and ten consolations.
 */
export const LOTTERY_FORMATS = ['digits5', 'vn_south', 'vn_north', 'sea4d'] as const;
export type LotteryFormat = (typeof LOTTERY_FORMATS)[number];

export interface TierShape {
  tier: string;
  count: number;
  digits: number;
}

export const FORMAT_TIERS: Record<LotteryFormat, readonly TierShape[]> = {
  digits5: [{ tier: 'main', count: 1, digits: 5 }],
  vn_south: [
    { tier: 'special', count: 1, digits: 6 },
    { tier: 'first', count: 1, digits: 5 },
    { tier: 'second', count: 1, digits: 5 },
    { tier: 'third', count: 2, digits: 5 },
    { tier: 'fourth', count: 7, digits: 5 },
    { tier: 'fifth', count: 1, digits: 4 },
    { tier: 'sixth', count: 3, digits: 4 },
    { tier: 'seventh', count: 1, digits: 3 },
    { tier: 'eighth', count: 1, digits: 2 },
  ],
  vn_north: [
    { tier: 'special', count: 1, digits: 5 },
    { tier: 'first', count: 1, digits: 5 },
    { tier: 'second', count: 2, digits: 5 },
    { tier: 'third', count: 6, digits: 5 },
    { tier: 'fourth', count: 4, digits: 4 },
    { tier: 'fifth', count: 6, digits: 4 },
    { tier: 'sixth', count: 3, digits: 3 },
    { tier: 'seventh', count: 4, digits: 2 },
  ],
  sea4d: [
    { tier: 'first', count: 1, digits: 4 },
    { tier: 'second', count: 1, digits: 4 },
    { tier: 'third', count: 1, digits: 4 },
    { tier: 'starter', count: 10, digits: 4 },
    { tier: 'consolation', count: 10, digits: 4 },
  ],
};

/** Formats whose numbers never repeat within a draw (a 4D ticket wins at most one tier). */
const DISTINCT: ReadonlySet<LotteryFormat> = new Set(['sea4d']);

export interface DrawTier {
  tier: string;
  numbers: string[];
}

export interface LotteryResult {
  format: LotteryFormat;
  tiers: DrawTier[];
}

/** The client seed of a draw: its game and issue, so one server seed never draws two results alike. */
export const drawClientSeed = (gameCode: string, issue: string) => `lottery-${gameCode}-${issue}`;

/** The result of a draw from its seeds. */
export function drawLottery(format: LotteryFormat, seeds: FairSeeds): LotteryResult {
  const random = fairRandom(seeds);
  const seen = new Set<string>();
  const tiers = FORMAT_TIERS[format].map(({ tier, count, digits }) => {
    const numbers: string[] = [];
    while (numbers.length < count) {
      const number = String(random.below(10 ** digits)).padStart(digits, '0');
      if (DISTINCT.has(format) && seen.has(number)) continue;
      seen.add(number);
      numbers.push(number);
    }
    return { tier, numbers };
  });
  return { format, tiers };
}

/** Whether a stored result has the shape of its format (tiers, counts, digits). */
export function isLotteryResult(result: LotteryResult): boolean {
  const shape = FORMAT_TIERS[result.format];
  if (!shape || result.tiers.length !== shape.length) return false;
  return shape.every(({ tier, count, digits }, i) => {
    const drawn = result.tiers[i]!;
    return (
      drawn.tier === tier &&
      drawn.numbers.length === count &&
      drawn.numbers.every((n) => n.length === digits && /^\d+$/.test(n))
    );
  });
}

export function tierNumbers(result: LotteryResult, tier: string): string[] {
  return result.tiers.find((t) => t.tier === tier)?.numbers ?? [];
}

export function allNumbers(result: LotteryResult): string[] {
  return result.tiers.flatMap((t) => t.numbers);
}
