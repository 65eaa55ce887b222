import { lazy, Suspense, useDeferredValue, useMemo, useRef, type ReactNode } from 'react';
import { useSeen } from '../../lib/use-seen.ts';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../features/system/api/get-status.ts';
import { bannersOf, useNotices } from '../../features/notices/api/get-notices.ts';
import { BannerCarousel } from '../../features/notices/components/banner-carousel.tsx';
import { NoticeMarquee } from '../../features/notices/components/notice-marquee.tsx';
import { PromotionsStrip } from '../../features/notices/components/promotions-strip.tsx';
import { VideoBannerRow } from '../../features/notices/components/video-banner-row.tsx';
import { WelcomeBanner } from '../../features/notices/components/welcome-banner.tsx';
import { JackpotCounter } from '../../features/jackpot/components/jackpot-counter.tsx';
import { WinnersBoard } from '../../features/winners/components/winners-board.tsx';
import { useWinnerBoard, winnersOf } from '../../features/winners/api/get-winner-board.ts';
import { HotGamesStrip } from '../../features/games/components/hot-games-strip.tsx';
import { HomeGameSections } from '../../features/games/components/home-game-sections.tsx';
import { useHotGames } from '../../features/games/api/get-hot-games.ts';
import { toGameItem } from '../../features/games/utils/game-item.ts';
import { useGameLaunch } from '../use-game-launch.ts';
import './home.css';

/** Issue 15 item 3: the hot matches lane is a chunk of its own, loaded once the game sections come near. */
const HotMatchesLane = lazy(() => import('../../features/sports/components/hot-matches-lane.tsx'));

/**
 * §2 home: banner slider (w_home), notice marquee, hot games, jackpot counter with the winners
 * board, promotions, video banners (w_promotion), the game sections and the hot matches.
 */
export default function HomeRoute() {
  const { t } = useTranslation();
  const notices = useNotices();
  const { data: status } = useSystemStatus();
  const currency = status?.info.merchant.currency;
  const homeBanners = bannersOf(notices.data, 'w_home');
  const promotionBanners = bannersOf(notices.data, 'w_promotion');

  // §4 game launch from the hot games, the winners board and the sections.
  const launch = useGameLaunch();
  const hot = useHotGames();
  const hotGames = useMemo(() => hot.data?.list.map(toGameItem) ?? [], [hot.data]);
  const board = useWinnerBoard();
  const winners = useMemo(() => winnersOf(board.data), [board.data]);
  // Issue 3 item 11: what lies below the first screen renders just after it, in a background
  // render of its own, so the first screen is painted (and the main thread free) sooner.
  const showBelowFold = useDeferredValue(true, false);

  return (
    <div className="home">
      <h1 className="visually-hidden">{t('home.pageTitle')}</h1>
      {notices.isPending ? (
        <div className="home__banner-placeholder" role="status" aria-label={t('home.loadingBanners')} />
      ) : homeBanners.length > 0 ? (
        <BannerCarousel banners={homeBanners} label={t('home.banners')} />
      ) : (
        <WelcomeBanner />
      )}
      <NoticeMarquee notices={notices.data?.player ?? []} />
      <HotGamesStrip games={hotGames} loading={hot.isPending} onLaunch={launch} />
      <div className="home__jackpot-row">
        <JackpotCounter currency={currency} />
        <WinnersBoard
          entries={winners}
          currency={currency}
          onLaunch={(row) =>
            launch({
              gameCode: row.gameCode,
              vassalage: row.vassalage,
              nodeId: row.nodeId,
              gameType: row.gameType,
              name: row.gameName,
            })
          }
        />
      </div>
      {showBelowFold ? (
        <>
          <PromotionsStrip promotions={notices.data?.promotion ?? []} />
          <VideoBannerRow banners={promotionBanners} />
          <NearViewport>
            <HomeGameSections onLaunch={launch} />
            <Suspense fallback={null}>
              <HotMatchesLane />
            </Suspense>
          </NearViewport>
        </>
      ) : (
        // Holds the footer below the first screen until they render (no layout shift on tall screens).
        <div className="home__below-fold-pending" />
      )}
    </div>
  );
}

/**
 * The game sections (five lists, 60 cards) load and render when the visitor scrolls near them,
 * not with the first screen: on a phone they are well below it, and their calls and rendering
 * would compete with it.
 */
function NearViewport({ children }: { children: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);
  const near = useSeen(anchor, '600px');
  return near ? children : <div ref={anchor} className="home__below-fold-pending" />;
}
