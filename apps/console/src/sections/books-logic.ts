import type { CockfightFight } from '@khela/contracts';
import { minorOf } from '../format.ts';

export type FightAction = 'open' | 'close' | 'odds' | 'result' | 'cancel';

/**
 * What an operator may do with a fight in its state (§ cockfight, modules/cockfight): open a scheduled
 * window or reopen a closed undecided one, close an open one, change odds before the close, record
 * the result of a closed one, cancel anything not yet settled.
 */
export function fightActions(state: CockfightFight['state']): FightAction[] {
  switch (state) {
    case 'scheduled':
      return ['open', 'odds', 'cancel'];
    case 'open':
      return ['close', 'odds', 'cancel'];
    case 'closed':
      return ['open', 'result', 'cancel'];
    default:
      return [];
  }
}

/** The sum of server amounts, exactly (bigint minor units), as a server amount again. */
export function sumStakes(amounts: readonly string[]): string {
  const total = amounts.reduce((sum, amount) => sum + minorOf(amount), 0n);
  const negative = total < 0n;
  const abs = negative ? -total : total;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
