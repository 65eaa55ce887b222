import {
  FORMAT_BET_TYPES,
  parseLotteryBet,
  type LotteryBet,
  type LotteryBetRefusal,
  type LotteryBetType,
  type LotteryFormat,
  type LotteryOdds,
} from '@khela/games';

/** What the bet slip's form holds while the member picks (every bet type reads what it needs). */
export interface BetDraft {
  position: number;
  digit: number;
  pick: string;
  number: string;
}

export const EMPTY_DRAFT: BetDraft = { position: 1, digit: 0, pick: '', number: '' };

/** The inputs a bet type asks for (issue 15 item 1's bet types, as the engine defines them). */
export interface BetFields {
  position: boolean;
  digit: boolean;
  picks: readonly ('big' | 'small' | 'odd' | 'even')[] | null;
  /** The count of digits of a typed number, or null when the type takes no number. */
  digits: number | null;
}

const NUMBER_DIGITS: Partial<Record<LotteryBetType, number>> = {
  straight3: 3,
  box3: 3,
  de3: 3,
  lo2: 2,
  de2: 2,
  big4d: 4,
  small4d: 4,
};

export function fieldsOf(type: LotteryBetType): BetFields {
  const position = type === 'position' || type === 'position_big_small' || type === 'position_odd_even';
  const picks =
    type === 'position_big_small' || type === 'sum_big_small'
      ? (['big', 'small'] as const)
      : type === 'position_odd_even' || type === 'sum_odd_even'
        ? (['odd', 'even'] as const)
        : null;
  return { position, digit: type === 'position', picks, digits: NUMBER_DIGITS[type] ?? null };
}

/** The bet types a game offers (as the server lists them) that the engine knows for its format, in the engine's order. */
export const betTypesOf = (format: LotteryFormat, offered?: readonly string[]): readonly LotteryBetType[] =>
  FORMAT_BET_TYPES[format].filter((type) => !offered || offered.includes(type));

/** The draft as the bet the server takes, checked in the browser by the engine's own parser. */
export function betOf(
  format: LotteryFormat,
  type: LotteryBetType,
  draft: BetDraft,
): { ok: true; bet: LotteryBet } | { ok: false; code: LotteryBetRefusal } {
  const fields = fieldsOf(type);
  const input: Record<string, unknown> = { type };
  if (fields.position) input.position = draft.position;
  if (fields.digit) input.digit = draft.digit;
  if (fields.picks) input.pick = draft.pick;
  if (fields.digits !== null) input.number = draft.number.trim();
  return parseLotteryBet(format, input);
}

/** The odds keys a bet type can pay on: the type itself or the type and what it hit (box3_6, big4d_first). */
export function oddsKeysOf(type: LotteryBetType, odds: LotteryOdds): string[] {
  return Object.keys(odds).filter((key) => key === type || key.startsWith(`${type}_`));
}

/** The best odds of a bet type in basis points of ×1 (stake included), or null when none is set. */
export function topOddsBp(type: LotteryBetType, odds: LotteryOdds): number | null {
  const values = oddsKeysOf(type, odds).map((key) => odds[key]!);
  return values.length ? Math.max(...values) : null;
}

/** The odds of this bet (a box pays by how many orders its digits have), else the type's best. */
export function oddsOfBet(bet: LotteryBet, odds: LotteryOdds): number | null {
  if (bet.type === 'box3') {
    const orders = new Set(bet.number).size === 3 ? 6 : 3;
    return odds[`box3_${orders}`] ?? null;
  }
  return topOddsBp(bet.type, odds);
}

/** `×9.8`: odds in basis points as a multiplier, at most 4 decimals, no trailing zeros. */
export function multiplierText(bp: number): string {
  return `×${(bp / 10_000).toFixed(4).replace(/\.?0+$/, '')}`;
}

/** The most a stake can bring back on one hit: stake × odds, rounded down to the minor unit. */
export const payoutOf = (stakeMinor: bigint, bp: number): bigint => (stakeMinor * BigInt(bp)) / 10_000n;

/** What the server is sent for a bet: its type and the fields of its pick. */
export function wireBet(bet: LotteryBet): { betType: LotteryBetType; selection: Selection } {
  const { type, ...selection } = bet;
  return { betType: type, selection };
}

export interface Selection {
  position?: number | undefined;
  digit?: number | undefined;
  pick?: string | undefined;
  number?: string | undefined;
}

/**
 * A bet in one line for the slip, the confirmation and the tickets (labels in the page's
 * language): its type, then the position, digit, pick or number it names.
 */
export function betSummary(
  betType: string,
  selection: Selection,
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  const parts = [t(`lottery.betTypes.${betType}`, { defaultValue: betType })];
  if (selection.position !== undefined) parts.push(t('lottery.slip.positionN', { n: selection.position }));
  if (selection.digit !== undefined) parts.push(String(selection.digit));
  if (selection.pick) parts.push(t(`lottery.picks.${selection.pick}`, { defaultValue: selection.pick }));
  if (selection.number) parts.push(selection.number);
  return parts.join(' · ');
}

/**
 * The odds as the server sends them (multipliers of the stake as text, "1.96", "9800") in basis
 * points of ×1, read digit by digit (never a float); a value that is not a multiplier is left out.
 */
export function oddsBpOf(odds: Readonly<Record<string, string>>): LotteryOdds {
  const bp: Record<string, number> = {};
  for (const [key, text] of Object.entries(odds)) {
    const match = /^(\d{1,9})(?:\.(\d{1,4}))?$/.exec(text.trim());
    if (match) bp[key] = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  }
  return bp;
}
