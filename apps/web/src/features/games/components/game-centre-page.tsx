import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VendorCard } from '@khela/contracts';
import { ContentPage } from '../../../components/layouts/content-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { GamepadIcon } from '../../../components/ui/icons.tsx';
import { useVendorLanes } from '../api/get-vendor-lanes.ts';
import { vendorLayout, vendorTarget, type CentreCategory } from '../utils/game-centre.ts';
import type { LaunchTarget } from '../utils/launch.ts';
import { cardTheme } from '../utils/sections.ts';
import { DEFAULT_GAME_ICON } from './game-card.tsx';
import './game-pages.css';

/**
 * §2 game centre (/sports, /esports, /lott, /elott, /cockfight): the category's vendors as cards
 * from its lane, each starting its game (lottery vendors route to their pages, §4); more than 10
 * vendors switch to the large layout.
 */
export function GameCentrePage({
  category,
  onLaunch,
}: {
  category: CentreCategory;
  onLaunch: (target: LaunchTarget) => void;
}) {
  const { t } = useTranslation();
  const lanes = useVendorLanes();
  const title = t(`nav.${category}`);
  const cards = lanes.data?.data.lanes.find((lane) => lane.title === category)?.cards ?? [];
  return (
    <ContentPage title={title} intro={t('routes.gameCenter.intro', { category: title })}>
      {lanes.isPending ? (
        <div className="vendor-grid vendor-grid--loading" role="status" aria-label={t('lobby.loading')}>
          {[0, 1, 2].map((i) => (
            <span key={i} className="vendor-grid__ghost" aria-hidden="true" />
          ))}
        </div>
      ) : lanes.isError ? (
        <EmptyState
          variant="page"
          headingLevel={2}
          title={t('lobby.loadFailed')}
          body={lanes.error.message || t('common.networkError')}
          action={
            <button type="button" className="button" onClick={() => void lanes.refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      ) : cards.length === 0 ? (
        <EmptyState
          variant="page"
          headingLevel={2}
          icon={<GamepadIcon size={28} />}
          title={t('routes.gameCenter.emptyTitle', { category: title })}
          body={t('routes.gameCenter.emptyBody', { category: title })}
          action={
            <Link className="button button--primary" to="/promotions">
              {t('routes.seePromotions')}
            </Link>
          }
        />
      ) : (
        <ul className="vendor-grid" data-layout={vendorLayout(cards.length)} aria-label={title}>
          {cards.map((card) => (
            <li key={card.vassalage}>
              <VendorTile card={card} onLaunch={onLaunch} />
            </li>
          ))}
        </ul>
      )}
    </ContentPage>
  );
}

function VendorTile({ card, onLaunch }: { card: VendorCard; onLaunch: (target: LaunchTarget) => void }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const target = vendorTarget(card);
  const maintenance = card.status === 'maintenance';
  const content = (
    <>
      <span className="vendor-tile__art">
        <img
          src={broken || !(card.lagerIcon ?? card.logoUrl) ? DEFAULT_GAME_ICON : (card.lagerIcon ?? card.logoUrl)!}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
        />
      </span>
      <span className="vendor-tile__text">
        <span className="vendor-tile__name">{card.displayName}</span>
        <span className="vendor-tile__meta">
          {maintenance ? t('games.maintenance') : t('lobby.gameCount', { count: card.gameCount })}
        </span>
      </span>
      <span className="vendor-tile__cta" aria-hidden="true">
        {maintenance || !target ? null : t('lobby.play')}
      </span>
    </>
  );
  const className = 'vendor-tile';
  const theme = cardTheme(card.nodeId ?? card.vassalage);
  // A vendor without a game to start has nothing to open yet (its card still shows it is there).
  if (!target) {
    return (
      <div className={className} data-theme-index={theme} aria-disabled="true">
        {content}
      </div>
    );
  }
  return (
    <button
      type="button"
      className={className}
      data-theme-index={theme}
      data-maintenance={maintenance || undefined}
      onClick={() => onLaunch(target)}
    >
      {content}
    </button>
  );
}
