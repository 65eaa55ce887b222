import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { BackLinks } from './page-links.tsx';

/** Any path the site does not have. */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <ContentPage title={t('notFound.title')}>
      <EmptyState variant="page" title={t('routes.notFoundBody')} action={<BackLinks />} />
    </ContentPage>
  );
}
