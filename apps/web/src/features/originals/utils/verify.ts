import {
  andarBaharPayout,
  crashPointOf,
  followsInChain,
  isChainHash,
  dealAndarBahar,
  fairRandom,
  hashServerSeed,
  isClientSeed,
  isServerSeed,
  minePositions,
  playDice,
  playSlot,
  type AndarBaharSide,
  type DiceDirection,
  type FairSeeds,
} from '@khela/games';
import type { InhouseGameName } from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';

/** What a verification needs besides the seeds: the bet as the round shows it. */
export interface VerifyBet {
  stake?: string;
  chanceBp?: number;
  direction?: DiceDirection;
  mines?: number;
  lineBet?: string;
  side?: AndarBaharSide;
}

export interface Recomputed {
  serverSeedHash: string;
  /** The outcome as the server records it (amounts as decimal strings). */
  outcome: Record<string, unknown>;
  /** What the round pays back, when the game decides it at once (mines: after the player's moves). */
  payout: string | null;
}

/** JSON-shaped, as the server sends it: bigint amounts become decimal strings. */
function plain(value: unknown): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? toDecimalString(v) : v)),
  ) as Record<string, unknown>;
}

export const seedsAreValid = (seeds: FairSeeds) =>
  isServerSeed(seeds.serverSeed) &&
  isClientSeed(seeds.clientSeed) &&
  Number.isSafeInteger(seeds.nonce) &&
  seeds.nonce >= 0;

/**
 * Recomputes a round in the browser with the engines the server runs (packages/games, issue 12
 * item 3): the same seeds and bet give the same outcome, or the round was not what it claims.
 */
export function recompute(game: Exclude<InhouseGameName, 'crash'>, seeds: FairSeeds, bet: VerifyBet): Recomputed {
  const random = fairRandom(seeds);
  const serverSeedHash = hashServerSeed(seeds.serverSeed);
  const stake = parseMinor(bet.stake ?? '1.00');
  switch (game) {
    case 'dice': {
      const drawn = playDice(random, { chanceBp: bet.chanceBp ?? 5000, direction: bet.direction ?? 'under' }, stake);
      return { serverSeedHash, outcome: { roll: drawn.roll, won: drawn.won }, payout: toDecimalString(drawn.payout) };
    }
    case 'slot': {
      const round = playSlot(random, parseMinor(bet.lineBet ?? '0.05'));
      return {
        serverSeedHash,
        outcome: plain({ spins: round.spins, win: round.win }),
        payout: toDecimalString(round.win),
      };
    }
    case 'andar-bahar': {
      const deal = dealAndarBahar(random);
      const side = bet.side ?? 'andar';
      return {
        serverSeedHash,
        outcome: plain(deal),
        payout: toDecimalString(andarBaharPayout(stake, side, deal.winner)),
      };
    }
    case 'mines':
      return { serverSeedHash, outcome: { mines: minePositions(random, bet.mines ?? 3) }, payout: null };
  }
}

/** JSON text with every object's keys sorted: the database keeps a round's outcome in its own key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Whether a recomputed outcome is the one a round shows (mines: its mines; others: the whole draw). */
export function sameOutcome(
  game: InhouseGameName,
  recomputed: Record<string, unknown>,
  shown: Record<string, unknown> | null,
) {
  if (!shown) return false;
  if (game === 'mines') return canonical(recomputed.mines) === canonical(shown.mines);
  const pick = (value: Record<string, unknown>) =>
    canonical(Object.fromEntries(Object.keys(recomputed).map((k) => [k, value[k]])));
  return pick(recomputed) === pick(shown);
}

export interface CrashCheck {
  /** The crash point, ×, two decimals. */
  crashPoint: string;
  /** Whether SHA-256 of the hash is the previous hash given; null when none was given. */
  linked: boolean | null;
}

/** The crash check of the verify page: the point a hash and salt give, and the chain link. */
export function verifyCrash(hash: string, salt: string, previousHash = ''): CrashCheck | null {
  const h = hash.trim().toLowerCase();
  const previous = previousHash.trim().toLowerCase();
  const key = salt.trim();
  if (!isChainHash(h) || key === '') return null;
  return {
    crashPoint: (crashPointOf(h, key) / 100).toFixed(2),
    linked: previous === '' ? null : followsInChain(h, previous),
  };
}
