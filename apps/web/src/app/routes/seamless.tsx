import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GamepadIcon } from '../../components/ui/icons.tsx';
import { BackLinks } from './page-links.tsx';

/** §2 /seamless: a game page (no side menu) where a launched game plays. Launch comes with games. */
export default function SeamlessRoute() {
  const { t } = useTranslation();
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
