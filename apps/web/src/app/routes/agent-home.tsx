import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { UsersIcon } from '../../components/ui/icons.tsx';
import { sessionStore } from '../../lib/session-store.ts';
import { BackLinks } from './page-links.tsx';

/** Session flag the agent log-in sets (§3 session keys: isAgent). */
export const AGENT_FLAG = 'isAgent';

/**
 * §2 /agentHome: the agent centre. Behind the log-in guard (router), and §2/§6: a member who is
 * not an agent is sent to /agent. Its menu comes with the agent issue.
 */
export default function AgentHomeRoute() {
  const { t } = useTranslation();
  if (!sessionStore.flag(AGENT_FLAG)) return <Navigate to="/agent" replace />;
  return (
    <ContentPage title={t('routes.agentHome.title')} intro={t('routes.agentHome.intro')}>
      <EmptyState
        variant="page"
        headingLevel={2}
        icon={<UsersIcon size={28} />}
        title={t('routes.agentHome.emptyTitle')}
        body={t('routes.agentHome.emptyBody')}
        action={<BackLinks promotions={false} />}
      />
    </ContentPage>
  );
}
