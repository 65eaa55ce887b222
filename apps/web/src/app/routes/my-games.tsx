import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ClockIcon, GamepadIcon } from '../../components/ui/icons.tsx';
import { BackLinks } from './page-links.tsx';

/** §2 /favorite and /recent (members only): the player's favourite and recently played games. */
export default function MyGamesRoute() {
  const { t } = useTranslation();
  const recent = useLocation().pathname.toLowerCase().startsWith('/recent');
  const page = recent ? 'recent' : 'favorite';
  return (
    <ContentPage title={t(`routes.${page}.title`)} intro={t(`routes.${page}.intro`)}>
      <EmptyState
        variant="page"
        headingLevel={2}
        icon={recent ? <ClockIcon size={28} /> : <GamepadIcon size={28} />}
        title={t(`routes.${page}.emptyTitle`)}
        body={t(`routes.${page}.emptyBody`)}
        action={<BackLinks promotions={false} />}
      />
    </ContentPage>
  );
}
