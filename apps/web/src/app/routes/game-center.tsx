import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GamepadIcon } from '../../components/ui/icons.tsx';
import { BackLinks, categoryOf } from './page-links.tsx';

/**
 * §2 game centre for sports, esports, lott, elott and cockfight: the category's vendors as
 * cards. The vendor lanes arrive with the games issue; until then, an empty state that says so.
 */
export default function GameCenterRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const category = t(`nav.${categoryOf(pathname)}`);
  return (
    <ContentPage title={category} intro={t('routes.gameCenter.intro', { category })}>
      <EmptyState
        variant="page"
        headingLevel={2}
        icon={<GamepadIcon size={28} />}
        title={t('routes.gameCenter.emptyTitle', { category })}
        body={t('routes.gameCenter.emptyBody', { category })}
        action={<BackLinks />}
      />
    </ContentPage>
  );
}
