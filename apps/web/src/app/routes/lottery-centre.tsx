import { useLocation } from 'react-router';
import { GameCentrePage } from '../../features/games/components/game-centre-page.tsx';
import { useVendorLanes } from '../../features/games/api/get-vendor-lanes.ts';
import { LotteryCentreGames } from '../../features/lottery/components/lottery-centre-games.tsx';
import { useGameLaunch } from '../use-game-launch.ts';

/**
 * §2 /lott and /elott: the category's vendor cards (as every game centre; a lottery vendor's card
 * opens its lottery page, §4), then our own draws of those vendors (issue 15 item 2).
 */
export default function LotteryCentreRoute() {
  const category = useLocation().pathname.toLowerCase().startsWith('/elott') ? 'ELOTT' : 'LOTT';
  const lane = useVendorLanes().data?.data.lanes.find((l) => l.title === category);
  return (
    <>
      <GameCentrePage category={category} onLaunch={useGameLaunch()} />
      <LotteryCentreGames vassalages={lane?.cards.map((card) => card.vassalage) ?? []} />
    </>
  );
}
