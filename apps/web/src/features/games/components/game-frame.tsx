import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { openModal } from '../../../stores/modals.ts';
import { useLaunch } from '../api/launch-game.ts';
import { launchRefusal, type LaunchTarget } from '../utils/launch.ts';
import type { GameItem } from '../utils/sections.ts';
import { PopularGames } from './popular-games.tsx';
import './game-frame.css';

/** What the sandbox and other vendors post to this window after a round (ARCHITECTURE §5). */
export const BALANCE_CHANGED = 'khela:balance-changed';

/**
 * §2 /seamless, the game frame: launches the game (§4, a new game session per visit) and plays
 * the vendor's page in a frame, full screen on phones with a bar that keeps the way back and the
 * balance in view. The balance is refreshed whenever the game posts a balance change and when the
 * frame closes; a 'route' answer (§4 lottery) navigates there instead. Refusals are shown here:
 * §8 game maintenance with popular games, the real-account notice, or the server's message.
 */
export function GameFrame({
  target,
  name,
  balance,
  onBalanceChanged,
  onLaunch,
}: {
  target: LaunchTarget;
  name?: string;
  /** The member's balance for the phone bar (the header is under the frame there). */
  balance?: ReactNode;
  onBalanceChanged: () => void;
  onLaunch: (game: GameItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // The game's language is the one it was opened in: a language switch does not restart a round.
  const [language] = useState(i18n.language);
  const launch = useLaunch(target, language, location.key);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const changed = useRef(onBalanceChanged);
  changed.current = onBalanceChanged;
  const title = name || t('routes.seamless.title');

  const result = launch.data;
  useEffect(() => {
    if (result?.target === 'route') void navigate(result.url, { replace: true });
  }, [result, navigate]);

  const refusal = launch.error ? launchRefusal(launch.error instanceof ApiError ? launch.error.code : '') : null;
  useEffect(() => {
    if (refusal === 'login') openModal('login');
    else if (refusal === 'trial') openModal('accountNotice', { kind: 'trial' });
  }, [refusal]);

  // The vendor's page tells us after each round; only messages from this frame count.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null;
      if (event.source === frameRef.current?.contentWindow && data?.type === BALANCE_CHANGED) changed.current();
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      // Whatever happened in the game, the header shows the balance as it is now.
      changed.current();
    };
  }, []);

  const back = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/', { replace: true });
  };
  const fullScreen = () => void stageRef.current?.requestFullscreen?.().catch(() => undefined);

  return (
    <div className="game-frame" data-state={result ? 'ready' : launch.isError ? 'refused' : 'loading'}>
      <div className="game-frame__bar">
        <button type="button" className="game-frame__back" onClick={back}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" d="m15 5-7 7 7 7" />
          </svg>
          <span>{t('lobby.back')}</span>
        </button>
        <h1 className="game-frame__title">{title}</h1>
        {balance ? (
          <div className="game-frame__balance">
            <span className="visually-hidden">{t('header.balance')} </span>
            {balance}
          </div>
        ) : null}
        {result?.target === 'frame' ? (
          <button
            type="button"
            className="icon-button game-frame__full"
            onClick={fullScreen}
            aria-label={t('lobby.fullScreen')}
            title={t('lobby.fullScreen')}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
              />
            </svg>
          </button>
        ) : null}
      </div>
      <div className="game-frame__stage" ref={stageRef}>
        {result?.target === 'frame' ? (
          <iframe
            ref={frameRef}
            className="game-frame__iframe"
            src={result.url}
            title={t('lobby.frameTitle', { game: title })}
            allow="autoplay; fullscreen"
            referrerPolicy="origin"
          />
        ) : launch.isError ? (
          <div className="game-frame__notice">
            <p className="game-frame__message" role="alert">
              {refusal === 'maintenance'
                ? t('lobby.maintenanceBody')
                : launch.error.message || t('common.networkError')}
            </p>
            <div className="game-frame__actions">
              <button type="button" className="button button--primary" onClick={back}>
                {t('lobby.back')}
              </button>
              {refusal === 'message' ? (
                <button type="button" className="button" onClick={() => void launch.refetch()}>
                  {t('common.retry')}
                </button>
              ) : null}
            </div>
            {refusal === 'maintenance' ? <PopularGames exclude={target.gameCode} onLaunch={onLaunch} /> : null}
          </div>
        ) : (
          <p className="game-frame__loading" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('lobby.opening', { game: title })}
          </p>
        )}
      </div>
    </div>
  );
}
