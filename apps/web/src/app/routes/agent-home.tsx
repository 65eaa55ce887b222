import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadingCover } from '../../components/ui/loading-cover.tsx';
import { UsersIcon } from '../../components/ui/icons.tsx';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { openModal } from '../../stores/modals.ts';

/**
 * §2 /agentHome: the agent centre. Behind the log-in guard (router), and §2/§6: anyone who is
 * not an agent is sent to /agent. Its menu comes with the agent issue.
 */
export default function AgentHomeRoute() {
  const { t } = useTranslation();
  const { role, loading } = useSession();
  if (loading) return <LoadingCover />;
  if (role !== 'agent') return <Navigate to="/agent" replace />;
  return (
    <ContentPage title={t('routes.agentHome.title')} intro={t('routes.agentHome.intro')}>
      <EmptyState
        variant="page"
        headingLevel={2}
        icon={<UsersIcon size={28} />}
        title={t('routes.agentHome.emptyTitle')}
        body={t('routes.agentHome.emptyBody')}
        action={
          <button type="button" className="button" onClick={() => openModal('logoutConfirm', { from: 'agent' })}>
            {t('header.logout')}
          </button>
        }
      />
    </ContentPage>
  );
}
