import { drawLottery, hashServerSeed, type DrawTier, type FairSeeds, type LotteryFormat } from '@khela/games';

export interface DrawCheck {
  /** SHA-256 of the revealed seed equals the hash published before betting opened. */
  hashMatches: boolean;
  /** The engine, run here on the seeds, draws the published numbers. */
  resultMatches: boolean;
}

/** Redoes a draw in the browser with the engine the server runs (packages/games/src/lottery). */
export function verifyDraw(
  format: LotteryFormat,
  seeds: FairSeeds,
  serverSeedHash: string,
  published: readonly DrawTier[],
): DrawCheck {
  const hashMatches = hashServerSeed(seeds.serverSeed) === serverSeedHash;
  const redone = drawLottery(format, seeds).tiers;
  const resultMatches =
    redone.length === published.length &&
    redone.every(
      (tier, i) => tier.tier === published[i]!.tier && tier.numbers.join(',') === published[i]!.numbers.join(','),
    );
  return { hashMatches, resultMatches };
}
