import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GiftIcon } from '../../components/ui/icons.tsx';
import { BackLinks } from './page-links.tsx';

/** §2 /pointMall: rewards bought with points. The points calls come with a later issue. */
export default function PointMallRoute() {
  const { t } = useTranslation();
  return (
    <ContentPage title={t('routes.pointMall.title')} intro={t('routes.pointMall.intro')}>
      <EmptyState
        variant="page"
        headingLevel={2}
        icon={<GiftIcon size={28} />}
        title={t('routes.pointMall.emptyTitle')}
        body={t('routes.pointMall.emptyBody')}
        action={<BackLinks />}
      />
    </ContentPage>
  );
}
