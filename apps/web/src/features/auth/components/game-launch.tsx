import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { openModal } from '../../../stores/modals.ts';
import { launchGame } from '../api/launch-game.ts';
import '../messages.ts';

type State = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'refused'; message: string };

/**
 * §4 game launch for the lottery routes: asks the server for the game (`gameCode` from the
 * query). A trial account gets the §8 in_need_true_account notice with its confirm button; any
 * other refusal (game not found, maintenance, self-exclusion) shows the server's message.
 */
export function GameLaunch({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    launchGame(gameCode, controller.signal).then(
      (url) => setState({ status: 'ready', url }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const code = error instanceof ApiError ? error.code : 'client.network';
        if (code === 'auth.trial_account') {
          openModal('accountNotice', { kind: 'trial' });
          setState({ status: 'refused', message: t('auth.trial.notice') });
          return;
        }
        const message = error instanceof ApiError && error.message ? error.message : t('common.networkError');
        setState({ status: 'refused', message });
      },
    );
    return () => controller.abort();
  }, [gameCode, t]);

  if (state.status === 'loading') {
    return (
      <p className="game-launch" role="status">
        {t('auth.game.launching')}
      </p>
    );
  }
  if (state.status === 'refused') {
    return (
      <p className="game-launch game-launch--refused" role="alert">
        {state.message}
      </p>
    );
  }
  return (
    <p className="game-launch">
      <a className="button button--primary" href={state.url}>
        {t('auth.game.open')}
      </a>
    </p>
  );
}
