import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GiftIcon } from '../../components/ui/icons.tsx';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { useSwitches } from '../../features/system/api/get-status.ts';
import { openModal } from '../../stores/modals.ts';
import { BackLinks } from './page-links.tsx';

// Issue 14 item 3: the points mall is its own chunk.
const PointsMallPage = lazy(() => import('../../features/points-mall/components/points-mall-page.tsx'));

/** §2 /pointMall (PTSYS3): the points mall for members; visitors are asked to log in, trial accounts refused (§4). */
export default function PointMallRoute() {
  const { t } = useTranslation();
  const { role } = useSession();
  const on = useSwitches().PTSYS3 === true;
  const empty = (title: string, body: string, action = <BackLinks />) => (
    <EmptyState
      variant="page"
      headingLevel={2}
      icon={<GiftIcon size={28} />}
      title={title}
      body={body}
      action={action}
    />
  );
  return (
    <ContentPage title={t('routes.pointMall.title')} intro={t('routes.pointMall.intro')}>
      {!on ? (
        empty(t('routes.pointMall.emptyTitle'), t('routes.pointMall.emptyBody'))
      ) : role === 'visitor' ? (
        empty(
          t('routes.pointMall.emptyTitle'),
          t('routes.pointMall.emptyBody'),
          <button type="button" className="button button--primary" onClick={() => openModal('login')}>
            {t('header.login')}
          </button>,
        )
      ) : role === 'trial' ? (
        empty(t('routes.pointMall.emptyTitle'), t('routes.pointMall.emptyBody'))
      ) : (
        <Suspense
          fallback={
            <p className="money-loading" role="status">
              {t('common.loading')}
            </p>
          }
        >
          <PointsMallPage />
        </Suspense>
      )}
    </ContentPage>
  );
}
