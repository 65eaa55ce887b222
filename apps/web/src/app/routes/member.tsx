import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ShieldIcon } from '../../components/ui/icons.tsx';
import { BackLinks } from './page-links.tsx';

/** §2 /member: the member centre (members only). Its pages come with the accounts and wallet issues. */
export default function MemberRoute() {
  const { t } = useTranslation();
  return (
    <ContentPage title={t('routes.member.title')} intro={t('routes.member.intro')}>
      <EmptyState
        variant="page"
        headingLevel={2}
        icon={<ShieldIcon size={28} />}
        title={t('routes.member.emptyTitle')}
        body={t('routes.member.emptyBody')}
        action={<BackLinks />}
      />
    </ContentPage>
  );
}
