import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOBBY_GAME_TYPES, type VendorLane } from '@khela/contracts';
import { ContentPage } from '../../../components/layouts/content-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { GamepadIcon } from '../../../components/ui/icons.tsx';
import { useGameListPage } from '../api/get-game-list.ts';
import { useVendorGameTypes } from '../api/get-vendor-game-types.ts';
import { useVendorLanes } from '../api/get-vendor-lanes.ts';
import { useFavourites } from '../hooks/use-favourites.ts';
import { INHOUSE, listFilter, listTabs, type ListCategory } from '../utils/game-list.ts';
import type { GameItem } from '../utils/sections.ts';
import { PagedGameGrid, type PageQuery } from './paged-game-grid.tsx';
import './game-pages.css';

/** How long typing rests before the name search is sent. */
const SEARCH_DELAY_MS = 300;

/**
 * §2 game list centre (/live, /fish, /rng, /pvp, /bgs): vendor tabs from the category's lane
 * (`?vassalage=`; on /rng an in-house tab, INHOUSE = the in-house lane's vendors, §2), the
 * classification filters with their counts (`?classify=`), search by name, 20 games a page with
 * "load more" (§9), and a heart on each game for members.
 */
export function GameListPage({ category, onLaunch }: { category: ListCategory; onLaunch: (game: GameItem) => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const lanes = useVendorLanes();
  const vassalage = params.get('vassalage')?.trim().toUpperCase() || undefined;
  const classify = params.get('classify')?.trim().toUpperCase() || undefined;
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setName(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const listed = (LOBBY_GAME_TYPES as readonly string[]).includes(category);
  const tabs = useMemo(() => listTabs(lanes.data?.data.lanes ?? [], category), [lanes.data, category]);
  const current = tabs.find((tab) => tab.vassalage === vassalage) ?? tabs.find((tab) => tab.members?.has(vassalage));
  const inhouse = current?.vassalage === INHOUSE;
  const title = t(inhouse ? 'nav.INHOUSE' : `nav.${category}`);
  const vendorTypes = useVendorGameTypes(vassalage && vassalage !== INHOUSE ? vassalage : undefined);
  const classifications = vassalage
    ? vassalage === INHOUSE
      ? laneOf(lanes.data?.data.lanes, INHOUSE)?.gameClassify
      : vendorTypes.data?.list[0]?.gameTypes.find((type) => type.gameType === category)?.gameClassify
    : laneOf(lanes.data?.data.lanes, category)?.gameClassify;

  const filter = listFilter({ category, vassalage, classify, name });
  const filtered = Boolean(name || classify);
  const usePage = (pageNo: number): PageQuery => useGameListPage(filter, pageNo, listed);
  const favourites = useFavourites();
  const searchId = useId();

  const linkTo = (next: { vassalage?: string; classify?: string }) => {
    const query = new URLSearchParams();
    if (next.vassalage) query.set('vassalage', next.vassalage);
    if (next.classify) query.set('classify', next.classify);
    const search = query.toString();
    return search ? `?${search}` : '?';
  };

  return (
    <ContentPage
      title={title}
      intro={
        current?.vassalage && !inhouse
          ? t('routes.gameList.vendorIntro', { category: title, vendor: current.name })
          : t('routes.gameList.intro', { category: title })
      }
    >
      {tabs.length > 1 ? (
        <nav className="lobby-tabs" aria-label={t('lobby.vendors')}>
          <ul className="lobby-tabs__list">
            {tabs.map((tab) => (
              <li key={tab.vassalage ?? 'all'}>
                <Link
                  className="lobby-tabs__tab"
                  to={linkTo({ vassalage: tab.vassalage })}
                  aria-current={tab === (current ?? tabs[0]) ? 'page' : undefined}
                  preventScrollReset
                >
                  {tab.icon ? <img src={tab.icon} alt="" width={20} height={20} loading="lazy" /> : null}
                  {tab.vassalage ? tab.name : t('lobby.allVendors')}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {listed ? (
        <div className="lobby-toolbar">
          {classifications && classifications.length > 1 ? (
            <nav className="lobby-chips" aria-label={t('lobby.types')}>
              <ul className="lobby-chips__list">
                <li>
                  <Link
                    className="lobby-chips__chip"
                    to={linkTo({ vassalage })}
                    aria-current={!classify ? 'true' : undefined}
                    preventScrollReset
                  >
                    {t('lobby.allTypes')}
                  </Link>
                </li>
                {classifications.map((c) => (
                  <li key={c.key}>
                    <Link
                      className="lobby-chips__chip"
                      to={linkTo({ vassalage, classify: c.key })}
                      aria-current={classify === c.key ? 'true' : undefined}
                      preventScrollReset
                    >
                      {c.displayName}
                      <span className="lobby-chips__count">{c.gameCount}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="lobby-search">
            <label className="visually-hidden" htmlFor={searchId}>
              {t('lobby.search')}
            </label>
            <input
              id={searchId}
              className="lobby-search__input"
              type="search"
              value={typed}
              maxLength={64}
              placeholder={t('lobby.searchPlaceholder')}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
        </div>
      ) : null}
      {listed ? (
        <PagedGameGrid
          key={JSON.stringify(filter)}
          usePage={usePage}
          favourites={favourites}
          onLaunch={onLaunch}
          label={title}
          empty={
            <EmptyState
              variant="page"
              headingLevel={2}
              icon={<GamepadIcon size={28} />}
              title={filtered ? t('lobby.noMatchTitle') : t('routes.gameList.emptyTitle', { category: title })}
              body={filtered ? t('lobby.noMatchBody') : t('routes.gameList.emptyBody', { category: title })}
              action={
                filtered ? (
                  <Link className="button" to={linkTo({ vassalage })} onClick={() => setTyped('')} preventScrollReset>
                    {t('lobby.clearFilters')}
                  </Link>
                ) : undefined
              }
            />
          }
        />
      ) : (
        <EmptyState
          variant="page"
          headingLevel={2}
          icon={<GamepadIcon size={28} />}
          title={t('routes.gameList.emptyTitle', { category: title })}
          body={t('routes.gameList.emptyBody', { category: title })}
        />
      )}
    </ContentPage>
  );
}

function laneOf(lanes: readonly VendorLane[] | undefined, title: string) {
  return lanes?.find((lane) => lane.title === title);
}
