import { FORMAT_TIERS, allNumbers, tierNumbers, type LotteryFormat, type LotteryResult } from './formats.ts';

/**
 * The bet types of each draw format and what a ticket pays (issue 15 item 1). A payout is the
 * stake times the odds (basis points of ×1, stake included) for each hit, rounded down to the minor
 * unit; a lost ticket pays 0. Operators may change the odds; the defaults below return 97–98 % on
 * the e-lottery and Vietnamese draws and the customary ~64 % of a 4D draw.
 */
export type LotteryBet =
  | { type: 'position'; position: number; digit: number }
  | { type: 'position_big_small'; position: number; pick: 'big' | 'small' }
  | { type: 'position_odd_even'; position: number; pick: 'odd' | 'even' }
  | { type: 'sum_big_small'; pick: 'big' | 'small' }
  | { type: 'sum_odd_even'; pick: 'odd' | 'even' }
  | { type: 'straight3'; number: string }
  | { type: 'box3'; number: string }
  | { type: 'lo2'; number: string }
  | { type: 'de2'; number: string }
  | { type: 'de3'; number: string }
  | { type: 'big4d'; number: string }
  | { type: 'small4d'; number: string };

export type LotteryBetType = LotteryBet['type'];

export const FORMAT_BET_TYPES: Record<LotteryFormat, readonly LotteryBetType[]> = {
  digits5: [
    'position',
    'position_big_small',
    'position_odd_even',
    'sum_big_small',
    'sum_odd_even',
    'straight3',
    'box3',
  ],
  vn_south: ['lo2', 'de2', 'de3'],
  vn_north: ['lo2', 'de2', 'de3'],
  sea4d: ['big4d', 'small4d'],
};

/** Odds in basis points of ×1 by odds key: the bet type, or the type and what it hit. */
export type LotteryOdds = Readonly<Record<string, number>>;

const SEA_BIG_TIERS = ['first', 'second', 'third', 'starter', 'consolation'] as const;
const SEA_SMALL_TIERS = ['first', 'second', 'third'] as const;

export const DEFAULT_LOTTERY_ODDS: Record<LotteryFormat, LotteryOdds> = {
  digits5: {
    position: 98_000,
    position_big_small: 19_600,
    position_odd_even: 19_600,
    sum_big_small: 19_600,
    sum_odd_even: 19_600,
    straight3: 9_800_000,
    box3_6: 1_630_000,
    box3_3: 3_260_000,
  },
  // lo2 pays per number whose last two digits match: 18 (south) or 27 (north) numbers a draw.
  vn_south: { lo2: 54_000, de2: 980_000, de3: 9_800_000 },
  vn_north: { lo2: 36_000, de2: 980_000, de3: 9_800_000 },
  sea4d: {
    big4d_first: 25_000_000,
    big4d_second: 10_000_000,
    big4d_third: 5_000_000,
    big4d_starter: 1_800_000,
    big4d_consolation: 600_000,
    small4d_first: 35_000_000,
    small4d_second: 20_000_000,
    small4d_third: 10_000_000,
  },
};

export type LotteryBetRefusal = 'lottery.bet_type_unknown' | 'lottery.bet_invalid';

/** A bet as sent by a member, checked against its format: the bet, or why it is refused. */
export function parseLotteryBet(
  format: LotteryFormat,
  input: unknown,
): { ok: true; bet: LotteryBet } | { ok: false; code: LotteryBetRefusal } {
  const value = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const type = value.type as LotteryBetType;
  if (typeof type !== 'string' || !FORMAT_BET_TYPES[format].includes(type)) {
    return { ok: false, code: 'lottery.bet_type_unknown' };
  }
  const bet = { ...value, type } as LotteryBet;
  return isValidBet(bet) ? { ok: true, bet: canonical(bet) } : { ok: false, code: 'lottery.bet_invalid' };
}

const digitsOf = (count: number) => new RegExp(`^\\d{${count}}$`);

function isValidBet(bet: LotteryBet): boolean {
  const position = (p: unknown) => Number.isInteger(p) && (p as number) >= 1 && (p as number) <= 5;
  switch (bet.type) {
    case 'position':
      return position(bet.position) && Number.isInteger(bet.digit) && bet.digit >= 0 && bet.digit <= 9;
    case 'position_big_small':
      return position(bet.position) && (bet.pick === 'big' || bet.pick === 'small');
    case 'position_odd_even':
      return position(bet.position) && (bet.pick === 'odd' || bet.pick === 'even');
    case 'sum_big_small':
      return bet.pick === 'big' || bet.pick === 'small';
    case 'sum_odd_even':
      return bet.pick === 'odd' || bet.pick === 'even';
    case 'straight3':
    case 'de3':
      return typeof bet.number === 'string' && digitsOf(3).test(bet.number);
    case 'box3':
      // Three equal digits have one order: that is a straight bet, not a box.
      return typeof bet.number === 'string' && digitsOf(3).test(bet.number) && new Set(bet.number).size > 1;
    case 'lo2':
    case 'de2':
      return typeof bet.number === 'string' && digitsOf(2).test(bet.number);
    case 'big4d':
    case 'small4d':
      return typeof bet.number === 'string' && digitsOf(4).test(bet.number);
  }
}

/** Only the fields of the bet's type, so a stored bet carries nothing a member slipped in. */
function canonical(bet: LotteryBet): LotteryBet {
  switch (bet.type) {
    case 'position':
      return { type: bet.type, position: bet.position, digit: bet.digit };
    case 'position_big_small':
    case 'position_odd_even':
      return { type: bet.type, position: bet.position, pick: bet.pick } as LotteryBet;
    case 'sum_big_small':
    case 'sum_odd_even':
      return { type: bet.type, pick: bet.pick } as LotteryBet;
    default:
      return { type: bet.type, number: bet.number } as LotteryBet;
  }
}

/** The odds keys a ticket hit, one entry per hit (lo2 may hit several numbers of one draw). */
export function lotteryHits(bet: LotteryBet, result: LotteryResult): string[] {
  const main = tierNumbers(result, 'main')[0] ?? '';
  const digits = [...main].map(Number);
  const sum = digits.reduce((a, b) => a + b, 0);
  const special = tierNumbers(result, 'special')[0] ?? '';
  const hitIf = (won: boolean, key: string = bet.type) => (won ? [key] : []);
  switch (bet.type) {
    case 'position':
      return hitIf(digits[bet.position - 1] === bet.digit);
    case 'position_big_small':
      return hitIf((digits[bet.position - 1]! >= 5 ? 'big' : 'small') === bet.pick);
    case 'position_odd_even':
      return hitIf((digits[bet.position - 1]! % 2 ? 'odd' : 'even') === bet.pick);
    case 'sum_big_small':
      // 0–45: 23 and over is big; the sum is symmetric about 22.5, so each side is exactly half.
      return hitIf((sum >= 23 ? 'big' : 'small') === bet.pick);
    case 'sum_odd_even':
      return hitIf((sum % 2 ? 'odd' : 'even') === bet.pick);
    case 'straight3':
      return hitIf(main.slice(-3) === bet.number);
    case 'box3':
      return hitIf(sorted(main.slice(-3)) === sorted(bet.number), `box3_${orderings(bet.number)}`);
    case 'lo2':
      return allNumbers(result)
        .filter((n) => n.slice(-2) === bet.number)
        .map(() => 'lo2');
    case 'de2':
      return hitIf(special.slice(-2) === bet.number);
    case 'de3':
      return hitIf(special.slice(-3) === bet.number);
    case 'big4d':
    case 'small4d': {
      const tiers = bet.type === 'big4d' ? SEA_BIG_TIERS : SEA_SMALL_TIERS;
      const tier = tiers.find((t) => tierNumbers(result, t).includes(bet.number));
      return tier ? [`${bet.type}_${tier}`] : [];
    }
  }
}

/** What a ticket pays back, stake included: stake × odds for each hit, rounded down. */
export function lotteryPayout(bet: LotteryBet, stake: bigint, result: LotteryResult, odds: LotteryOdds): bigint {
  return lotteryHits(bet, result).reduce((total, key) => total + (stake * BigInt(oddsOf(odds, key))) / 10_000n, 0n);
}

function oddsOf(odds: LotteryOdds, key: string): number {
  const value = odds[key];
  if (value === undefined) throw new RangeError(`lottery odds: no odds for ${key}`);
  return value;
}

const sorted = (digits: string) => [...digits].sort().join('');

/** How many different orders three digits have: 6 (all differ), 3 (a pair) or 1. */
function orderings(digits: string): 1 | 3 | 6 {
  const distinct = new Set(digits).size;
  return distinct === 3 ? 6 : distinct === 2 ? 3 : 1;
}

/**
 * The exact expected return of a bet in basis points of its stake (before rounding payouts):
 * Σ over what it can hit of P(hit) × odds. Each number of a draw has uniform digits, and without
 * repeats (4D) each tier's number is still uniform over all numbers, so P is closed-form.
 */
export function expectedReturnBp(format: LotteryFormat, bet: LotteryBet, odds: LotteryOdds): number {
  const chances: [key: string, probability: number][] = (() => {
    switch (bet.type) {
      case 'position':
        return [[bet.type, 1 / 10]];
      case 'position_big_small':
      case 'position_odd_even':
      case 'sum_big_small':
      case 'sum_odd_even':
        return [[bet.type, 1 / 2]];
      case 'straight3':
        return [[bet.type, 1 / 1000]];
      case 'box3':
        return [[`box3_${orderings(bet.number)}`, orderings(bet.number) / 1000]];
      case 'lo2':
        return [[bet.type, FORMAT_TIERS[format].reduce((n, tier) => n + tier.count, 0) / 100]];
      case 'de2':
        return [[bet.type, 1 / 100]];
      case 'de3':
        return [[bet.type, 1 / 1000]];
      case 'big4d':
      case 'small4d': {
        const tiers = bet.type === 'big4d' ? SEA_BIG_TIERS : SEA_SMALL_TIERS;
        return tiers.map((tier) => [
          `${bet.type}_${tier}`,
          FORMAT_TIERS.sea4d.find((t) => t.tier === tier)!.count / 10_000,
        ]);
      }
    }
  })();
  return chances.reduce((total, [key, probability]) => total + probability * oddsOf(odds, key), 0);
}
