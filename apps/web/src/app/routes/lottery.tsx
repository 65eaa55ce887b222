import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GamepadIcon } from '../../components/ui/icons.tsx';
import { GameLaunch } from '../../features/auth/components/game-launch.tsx';
import { BackLinks } from './page-links.tsx';

const PAGES: Record<string, 'lottery' | 'seaLottery' | 'vnLottery'> = {
  '/lottery': 'lottery',
  '/sealottery': 'seaLottery',
  '/vnlottery': 'vnLottery',
};

/**
 * §2 /lottery, /seaLottery and /vnLottery (members only; `?gameCode=` picks the game, which is
 * launched through the server: trial accounts get the §8 in_need_true_account notice).
 */
export default function LotteryRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const page = PAGES[pathname.toLowerCase().replace(/\/+$/, '')] ?? 'lottery';
  const gameCode = query.get('gameCode')?.trim();
  const title = t(`routes.lottery.${page}`);
  return (
    <ContentPage
      title={title}
      intro={gameCode ? t('routes.lottery.gameIntro', { game: gameCode }) : t('routes.lottery.intro')}
    >
      {gameCode ? <GameLaunch gameCode={gameCode} /> : null}
      <EmptyState
        variant="page"
        headingLevel={2}
        icon={<GamepadIcon size={28} />}
        title={t('routes.lottery.emptyTitle', { lottery: title })}
        body={t('routes.lottery.emptyBody')}
        action={<BackLinks />}
      />
    </ContentPage>
  );
}
