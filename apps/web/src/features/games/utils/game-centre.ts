import type { VendorCard } from '@khela/contracts';
import type { LaunchTarget } from './launch.ts';

/** §2 the game centre's categories (/sports, /esports, /lott, /elott, /cockfight). */
export const CENTRE_CATEGORIES = ['SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT'] as const;
export type CentreCategory = (typeof CENTRE_CATEGORIES)[number];

/** §2: vendor lists over 10 entries use the large layout (more, smaller tiles a row). */
export const LARGE_LAYOUT_OVER = 10;
export const vendorLayout = (count: number): 'large' | 'regular' => (count > LARGE_LAYOUT_OVER ? 'large' : 'regular');

/**
 * What a vendor card launches: its game (the vendor's first game, or its VASSALAGE tile, which
 * opens the popup list); a card without one opens the vendor's list in the category instead.
 */
export function vendorTarget(card: VendorCard): LaunchTarget | null {
  if (!card.gameCode) return null;
  return {
    gameCode: card.gameCode,
    vassalage: card.vassalage,
    nodeId: card.nodeId,
    gameType: card.category,
    isGame: card.isGame,
    status: card.status,
    name: card.displayName,
  };
}
