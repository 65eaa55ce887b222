import { useCallback } from 'react';
import { useSession } from '../features/auth/hooks/use-session.ts';
import { launchTargetOf } from '../features/games/utils/game-item.ts';
import { launchStep, type LaunchTarget } from '../features/games/utils/launch.ts';
import type { GameItem } from '../features/games/utils/sections.ts';
import { navigateTo } from '../lib/navigation.ts';
import { openModal } from '../stores/modals.ts';

/**
 * §4 game launch wherever a game is shown (cards, vendor tiles, winners-board rows, the header's
 * vendor menus, the game dialogs): the session's role (auth feature) meets the games feature's
 * launch decision here, so neither feature imports the other. The decision is made on the spot;
 * the game frame (/seamless) makes the launch call.
 */
export function useGameLaunch(): (game: GameItem | LaunchTarget) => void {
  const { role } = useSession();
  return useCallback(
    (game) => {
      const target = 'id' in game ? launchTargetOf(game) : game;
      if (!target) return;
      const step = launchStep(role, target);
      if (step.kind === 'login') openModal('login');
      else if (step.kind === 'trial') openModal('accountNotice', { kind: 'trial' });
      else if (step.kind === 'popup') openModal('gameList', { vassalage: step.vassalage, title: step.name });
      else if (step.kind === 'maintenance') openModal('gameNotice', { kind: 'maintenance', gameCode: target.gameCode });
      else navigateTo(step.to, step.kind === 'play' ? { state: { name: target.name } } : {});
    },
    [role],
  );
}
