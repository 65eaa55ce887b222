import { useLocation } from 'react-router';
import { GameCentrePage } from '../../features/games/components/game-centre-page.tsx';
import { CENTRE_CATEGORIES, type CentreCategory } from '../../features/games/utils/game-centre.ts';
import { useGameLaunch } from '../use-game-launch.ts';
import { categoryOf } from './page-links.tsx';

/** §2 game centre for sports, esports, lott, elott and cockfight: the category's vendors as cards. */
export default function GameCenterRoute() {
  const key = categoryOf(useLocation().pathname);
  const category = (CENTRE_CATEGORIES as readonly string[]).includes(key) ? (key as CentreCategory) : 'SPORTS';
  return <GameCentrePage category={category} onLaunch={useGameLaunch()} />;
}
