import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import type { GameItem } from '../utils/sections.ts';
import { PopularGames } from './popular-games.tsx';
import './game-pages.css';

/**
 * A launch that cannot go ahead (§8): 'maintenance' is "Game maintenance" with other popular games
 * to choose from; 'message' shows what the server said. A confirm button closes it.
 */
export function GameNoticeModal({
  kind,
  message,
  gameCode,
  onClose,
  onLaunch,
}: {
  kind: 'maintenance' | 'message';
  message?: string;
  gameCode?: string;
  onClose: () => void;
  onLaunch: (game: GameItem) => void;
}) {
  const { t } = useTranslation();
  const okRef = useRef<HTMLButtonElement>(null);
  const maintenance = kind === 'maintenance';
  return (
    <Modal
      title={maintenance ? t('lobby.maintenanceTitle') : t('lobby.launchFailedTitle')}
      onClose={onClose}
      size={maintenance ? 'medium' : 'small'}
      initialFocus={okRef}
      footer={
        <button ref={okRef} type="button" className="button button--primary" onClick={onClose}>
          {t('common.confirm')}
        </button>
      }
    >
      <p className="modal__message" role="alert">
        {maintenance ? t('lobby.maintenanceBody') : message || t('common.unknownError')}
      </p>
      {maintenance ? <PopularGames exclude={gameCode} onLaunch={onLaunch} /> : null}
    </Modal>
  );
}
