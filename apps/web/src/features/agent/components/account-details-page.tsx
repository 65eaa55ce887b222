import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { useAgentAccount } from '../api/agent-team.ts';
import { AccountFacts } from './account-summary.tsx';
import { AgentPageFrame } from './agent-page.tsx';
import '../messages.ts';

/** /agentHome/accountDetails: the agent's own account, affiliate code and invitation link. */
export function AccountDetailsPage() {
  const { t } = useTranslation();
  const account = useAgentAccount();
  return (
    <AgentPageFrame title={t('agentCentre.account.title')} intro={t('agentCentre.account.intro')}>
      <section className="agent-card">
        <LoadState pending={account.isPending} error={account.error} onRetry={() => void account.refetch()}>
          {account.data ? <AccountFacts account={account.data} full /> : null}
        </LoadState>
      </section>
    </AgentPageFrame>
  );
}
