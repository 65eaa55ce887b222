import { useGameList } from '../api/get-game-list.ts';
import { toGameItem } from '../utils/game-item.ts';
import { HOME_SECTION_LIMIT, type GameItem, type GameSectionType } from '../utils/sections.ts';
import { GameSections } from './game-sections.tsx';

const FIRST_PAGE = { pageNo: '1', pageSize: String(HOME_SECTION_LIMIT) };

/** A home section's games: the first 12 of its category (§9) and the category's total, for the arrows. */
function useSection(gameType: GameSectionType) {
  const list = useGameList({ gameType, ...FIRST_PAGE });
  return { games: list.data?.games.map(toGameItem) ?? [], total: list.data?.totalCount, loading: list.isPending };
}

/**
 * §2 the home's game sections with their games (RNG, live, fish, PVP and sports; esports and
 * cockfight are hidden on home). The same cache entries as any other first page of a list.
 */
export function HomeGameSections({ onLaunch }: { onLaunch: (game: GameItem) => void }) {
  const sections = {
    RNG: useSection('RNG'),
    LIVE: useSection('LIVE'),
    FISH: useSection('FISH'),
    PVP: useSection('PVP'),
    SPORTS: useSection('SPORTS'),
  };
  return <GameSections sections={sections} onLaunch={onLaunch} />;
}
