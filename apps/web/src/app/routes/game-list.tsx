import { useLocation } from 'react-router';
import { GameListPage } from '../../features/games/components/game-list-page.tsx';
import { LIST_CATEGORIES, type ListCategory } from '../../features/games/utils/game-list.ts';
import { useGameLaunch } from '../use-game-launch.ts';
import { categoryOf } from './page-links.tsx';

/**
 * §2 game list centre for live, fish, rng, pvp and bgs; `?vassalage=` narrows it to one vendor
 * (§2: INHOUSE opens the RNG list filtered to the in-house vendor JL).
 */
export default function GameListRoute() {
  const key = categoryOf(useLocation().pathname);
  const category = (LIST_CATEGORIES as readonly string[]).includes(key) ? (key as ListCategory) : 'RNG';
  return <GameListPage key={category} category={category} onLaunch={useGameLaunch()} />;
}
