import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { useAgentAccount } from '../api/agent-team.ts';
import { AccountFacts } from './account-summary.tsx';
import { useAgentMenu } from './agent-menu.tsx';
import { AgentPageFrame } from './agent-page.tsx';
import '../messages.ts';

/** /agentHome: a welcome with the agent's account at a glance and shortcuts to every page. */
export function AgentHomePage() {
  const { t } = useTranslation();
  const account = useAgentAccount();
  const shortcuts = useAgentMenu().filter((item) => item.to);
  const name = account.data?.nickname || account.data?.username || '';
  return (
    <AgentPageFrame title={t('agentCentre.home.welcome', { name })} intro={t('agentCentre.home.intro')}>
      <section className="agent-card">
        <LoadState pending={account.isPending} error={account.error} onRetry={() => void account.refetch()}>
          {account.data ? <AccountFacts account={account.data} full={false} /> : null}
        </LoadState>
      </section>
      <section aria-labelledby="agent-shortcuts">
        <h2 id="agent-shortcuts" className="visually-hidden">
          {t('agentCentre.home.shortcuts')}
        </h2>
        <ul className="agent-shortcuts">
          {shortcuts.map((item) => (
            <li key={item.key}>
              <Link to={item.to!}>{t(`agentCentre.menu.pages.${item.key}`)}</Link>
            </li>
          ))}
        </ul>
      </section>
    </AgentPageFrame>
  );
}
