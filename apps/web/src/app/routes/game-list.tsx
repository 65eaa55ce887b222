import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GamepadIcon } from '../../components/ui/icons.tsx';
import { INHOUSE_VASSALAGE } from '../../features/navigation/utils/build-navigation.ts';
import { BackLinks, categoryOf } from './page-links.tsx';

/**
 * §2 game list centre for live, fish, rng, pvp and bgs; `?vassalage=` narrows it to one vendor
 * (§2: INHOUSE opens the RNG list filtered to JL). The games arrive with the games issue.
 */
export default function GameListRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const key = categoryOf(pathname);
  const vendor = query.get('vassalage')?.trim() ?? '';
  const category = t(key === 'RNG' && vendor === INHOUSE_VASSALAGE ? 'nav.INHOUSE' : `nav.${key}`);
  return (
    <ContentPage
      title={category}
      intro={vendor ? t('routes.gameList.vendorIntro', { category, vendor }) : t('routes.gameList.intro', { category })}
    >
      <EmptyState
        variant="page"
        headingLevel={2}
        icon={<GamepadIcon size={28} />}
        title={t('routes.gameList.emptyTitle', { category })}
        body={t('routes.gameList.emptyBody', { category })}
        action={<BackLinks />}
      />
    </ContentPage>
  );
}
