import type { TFunction } from 'i18next';
import { SPORTS_LINED_MARKETS, type SportsMarketType, type SportsSelectionCode } from '@khela/contracts';
import { lineText } from './slip.ts';

interface Sides {
  home: string;
  away: string;
}
interface MarketLike {
  type: SportsMarketType;
  line: string | null;
}

const HANDICAPS: readonly SportsMarketType[] = ['HANDICAP', 'MAP_HANDICAP'];

/** A market's title: its type, with the line where it has one (a handicap's is the home side's). */
export function marketTitle(t: TFunction, market: MarketLike): string {
  const lined = SPORTS_LINED_MARKETS.includes(market.type);
  return t(`sports.markets.${market.type}`, {
    line: lined ? lineText(market.line, HANDICAPS.includes(market.type)) : '',
  }).trim();
}

/** The opposite line, for the away side of a handicap. */
const negate = (line: string | null) => (line === null ? null : line.startsWith('-') ? line.slice(1) : `-${line}`);

/** A selection in words: the team (with its handicap), Over/Under and the line, Draw, Yes/No. */
export function pickLabel(t: TFunction, sides: Sides, market: MarketLike, code: SportsSelectionCode): string {
  const team = code === 'HOME' ? sides.home : code === 'AWAY' ? sides.away : null;
  if (HANDICAPS.includes(market.type) && team !== null) {
    return `${team} ${lineText(code === 'HOME' ? market.line : negate(market.line), true)}`;
  }
  if (market.type === 'OVER_UNDER') return `${t(`sports.selections.${code}`)} ${lineText(market.line, false)}`;
  if (market.type === 'BTTS') return `${t('sports.markets.BTTS')}: ${t(`sports.selections.${code}`)}`;
  return team ?? t(`sports.selections.${code}`);
}

/** Short labels above the odds buttons of a list row (1 / X / 2, or the team names). */
export function shortPick(t: TFunction, market: MarketLike, code: SportsSelectionCode): string {
  if (market.type === 'ONE_X_TWO') return code === 'HOME' ? '1' : code === 'DRAW' ? 'X' : '2';
  return t(`sports.selections.${code}`);
}
