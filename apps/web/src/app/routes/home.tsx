import { useCallback, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../lib/session-store.ts';
import { openModal } from '../../stores/modals.ts';
import { useSystemStatus } from '../../features/system/api/get-status.ts';
import { bannersOf, useNotices } from '../../features/notices/api/get-notices.ts';
import { BannerCarousel } from '../../features/notices/components/banner-carousel.tsx';
import { NoticeMarquee } from '../../features/notices/components/notice-marquee.tsx';
import { PromotionsStrip } from '../../features/notices/components/promotions-strip.tsx';
import { VideoBannerRow } from '../../features/notices/components/video-banner-row.tsx';
import { WelcomeBanner } from '../../features/notices/components/welcome-banner.tsx';
import { JackpotCounter } from '../../features/jackpot/components/jackpot-counter.tsx';
import { WinnersBoard } from '../../features/winners/components/winners-board.tsx';
import { HotGamesStrip } from '../../features/games/components/hot-games-strip.tsx';
import { GameSections } from '../../features/games/components/game-sections.tsx';
import './home.css';

/** Game data (hot games, sections, winners) arrives with the games issue; until then, none. */
const NO_GAMES = [] as const;

/**
 * §2 home: banner slider (w_home), notice marquee, hot games, jackpot counter with the winners
 * board, promotions, video banners (w_promotion) and the game sections.
 */
export default function HomeRoute() {
  const { t } = useTranslation();
  const notices = useNotices();
  const { data: status } = useSystemStatus();
  const currency = status?.info.merchant.currency;
  const homeBanners = bannersOf(notices.data, 'w_home');
  const promotionBanners = bannersOf(notices.data, 'w_promotion');

  // §4 game launch: a visitor gets the login modal; members launch once game launch exists.
  const launch = useCallback(() => {
    if (!sessionStore.token()) openModal('login');
  }, []);
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
      <HotGamesStrip games={NO_GAMES} onLaunch={launch} />
      <div className="home__jackpot-row">
        <JackpotCounter currency={currency} />
        <WinnersBoard entries={NO_GAMES} currency={currency} onLaunch={launch} />
      </div>
      {showBelowFold ? (
        <>
          <PromotionsStrip promotions={notices.data?.promotion ?? []} />
          <VideoBannerRow banners={promotionBanners} />
          <GameSections sections={{}} onLaunch={launch} />
        </>
      ) : (
        // Holds the footer below the first screen until they render (no layout shift on tall screens).
        <div className="home__below-fold-pending" />
      )}
    </div>
  );
}
