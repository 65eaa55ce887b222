import { useLocation } from 'react-router';
import { MyGamesPage } from '../../features/games/components/my-games-page.tsx';
import { useGameLaunch } from '../use-game-launch.ts';

/** §2 /favorite and /recent (members only): the player's favourite and recently played games. */
export default function MyGamesRoute() {
  const recent = useLocation().pathname.toLowerCase().startsWith('/recent');
  const kind = recent ? 'recent' : 'favorite';
  return <MyGamesPage key={kind} kind={kind} onLaunch={useGameLaunch()} />;
}
