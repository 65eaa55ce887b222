import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { walletEndpoints } from '@khela/contracts';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GamepadIcon } from '../../components/ui/icons.tsx';
import { GameFrame } from '../../features/games/components/game-frame.tsx';
import { useBalance } from '../../features/wallet/api/get-balance.ts';
import { balanceVisibility, shownBalance } from '../../features/wallet/utils/balance-visibility.ts';
import { formatAmount } from '../../lib/format.ts';
import { useSessionToken } from '../../lib/use-session-token.ts';
import { useGameLaunch } from '../use-game-launch.ts';
import { BackLinks } from './page-links.tsx';

/**
 * §2 /seamless (members only), the game page: `?gameCode=` (with vassalage and nodeId) opens that
 * game in the game frame (games feature); the wallet's balance rides in the frame's phone bar and
 * is refreshed (header included) whenever the game reports a round and when the frame closes.
 */
export default function SeamlessRoute() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const { state } = useLocation();
  const launch = useGameLaunch();
  const token = useSessionToken();
  const balance = useBalance(token);
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [walletEndpoints.balance.name] }),
    [queryClient],
  );
  const gameCode = query.get('gameCode')?.trim();
  if (!gameCode) {
    return (
      <ContentPage title={t('routes.seamless.title')}>
        <EmptyState
          variant="page"
          headingLevel={2}
          icon={<GamepadIcon size={28} />}
          title={t('routes.seamless.emptyTitle')}
          body={t('routes.seamless.emptyBody')}
          action={<BackLinks promotions={false} />}
        />
      </ContentPage>
    );
  }
  const nodeId = Number(query.get('nodeId'));
  const value = balance.data;
  const amount = value ? `${value.currencySymbol || value.currency} ${formatAmount(value.sumBalance)}` : '';
  const name = (state as { name?: unknown } | null)?.name;
  return (
    <GameFrame
      key={`${gameCode}:${query.get('vassalage') ?? ''}`}
      target={{
        gameCode,
        vassalage: query.get('vassalage')?.trim() || undefined,
        nodeId: Number.isInteger(nodeId) && nodeId > 0 ? nodeId : null,
      }}
      name={typeof name === 'string' ? name : undefined}
      balance={amount ? shownBalance(amount, balanceVisibility.hidden()) : undefined}
      onBalanceChanged={refresh}
      onLaunch={launch}
    />
  );
}
