import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { AndarBaharGame } from '../../features/originals/components/andar-bahar-game.tsx';
import { CrashGame } from '../../features/originals/components/crash-game.tsx';
import { DiceGame } from '../../features/originals/components/dice-game.tsx';
import { MinesGame } from '../../features/originals/components/mines-game.tsx';
import { SlotGame } from '../../features/originals/components/slot-game.tsx';
import { useBalance } from '../../features/wallet/api/get-balance.ts';
import { formatAmount } from '../../lib/format.ts';
import { useSessionToken } from '../../lib/use-session-token.ts';
import { BackLinks } from './page-links.tsx';

const GAMES = {
  dice: DiceGame,
  mines: MinesGame,
  slot: SlotGame,
  'andar-bahar': AndarBaharGame,
  crash: CrashGame,
} as const;

/**
 * /originals/:game (members only): our own games (issue 12), opened by a launch of a KHELA game;
 * /originals/crash (its own route, no :game) is open to visitors, who watch the shared rounds.
 * The wallet's balance is the wallet feature's; the games feature refreshes it after every round.
 */
export default function OriginalsRoute() {
  const { t } = useTranslation();
  const { game = 'crash' } = useParams();
  const token = useSessionToken();
  const balance = useBalance(token).data;
  const Game = GAMES[game as keyof typeof GAMES];
  if (!Game) {
    return (
      <ContentPage title={t('routes.seamless.title')}>
        <EmptyState
          variant="page"
          headingLevel={2}
          title={t('routes.seamless.emptyTitle')}
          body={t('routes.seamless.emptyBody')}
          action={<BackLinks promotions={false} />}
        />
      </ContentPage>
    );
  }
  const amount = balance
    ? `${balance.currencySymbol || balance.currency} ${formatAmount(balance.sumBalance)}`
    : undefined;
  return <Game balance={amount} />;
}
