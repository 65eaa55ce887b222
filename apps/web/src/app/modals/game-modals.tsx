import type { ModalBodyProps } from '../../stores/modals.ts';
import { GameNoticeModal } from '../../features/games/components/game-notice-modal.tsx';
import { GamePopupModal } from '../../features/games/components/game-popup-modal.tsx';
import type { GameItem } from '../../features/games/utils/sections.ts';
import { useGameLaunch } from '../use-game-launch.ts';

/*
 * The game dialogs launch games themselves (the popup list, the maintenance suggestions): the
 * launch needs the session (auth feature), which the app hands over here. Each export is loaded
 * by its own dynamic import in modal-host.tsx.
 */

/** Closes the dialog, then launches (which may open another dialog or navigate). */
function useLaunchFrom(onClose: () => void) {
  const launch = useGameLaunch();
  return (game: GameItem) => {
    onClose();
    launch(game);
  };
}

/** §4 VASSALAGE: the vendor's game list in a popup. Props: `vassalage`, `title`. */
export function GameList({ props, onClose }: ModalBodyProps) {
  const onLaunch = useLaunchFrom(onClose);
  const vassalage = String(props.vassalage ?? '');
  return (
    <GamePopupModal
      vassalage={vassalage}
      title={typeof props.title === 'string' && props.title ? props.title : vassalage}
      onClose={onClose}
      onLaunch={onLaunch}
    />
  );
}

/** §8 game maintenance (with popular games) or another refusal. Props: `kind`, `message`, `gameCode`. */
export function GameNotice({ props, onClose }: ModalBodyProps) {
  const onLaunch = useLaunchFrom(onClose);
  return (
    <GameNoticeModal
      kind={props.kind === 'maintenance' ? 'maintenance' : 'message'}
      message={typeof props.message === 'string' ? props.message : undefined}
      gameCode={typeof props.gameCode === 'string' ? props.gameCode : undefined}
      onClose={onClose}
      onLaunch={onLaunch}
    />
  );
}
