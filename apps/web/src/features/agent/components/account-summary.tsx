import { useTranslation } from 'react-i18next';
import type { AgentAccount } from '@khela/contracts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { formatAmount } from '../../../lib/format.ts';
import { inviteLink } from '../../referral/utils/invite-link.ts';
import { gmtOffset, shownTime } from '../utils/clock.ts';

/** The agent's own account facts (accountDetails, and the agent-centre home). */
export function AccountFacts({ account, full }: { account: AgentAccount; full: boolean }) {
  const { t } = useTranslation();
  const none = t('agentCentre.account.none');
  const domain = account.promotionDomains[0] ?? window.location.host;
  const link = account.affiliateCode ? inviteLink(domain, account.affiliateCode, 'affiliateCode') : null;
  return (
    <dl className="agent-facts">
      <div>
        <dt>{t('agentCentre.account.username')}</dt>
        <dd>{account.username}</dd>
      </div>
      {full ? (
        <>
          <div>
            <dt>{t('agentCentre.account.nickname')}</dt>
            <dd>{account.nickname || none}</dd>
          </div>
          <div>
            <dt>{t('agentCentre.account.type')}</dt>
            <dd>{t(`agentCentre.account.types.${account.type === 2 ? 'subAgent' : 'agent'}`)}</dd>
          </div>
          <div>
            <dt>{t('agentCentre.account.upline')}</dt>
            <dd>{account.uplineUsername || none}</dd>
          </div>
        </>
      ) : null}
      <div>
        <dt>{t('agentCentre.account.balance')}</dt>
        <dd>
          {formatAmount(account.balance)} {account.currency}
        </dd>
      </div>
      <div>
        <dt>{t('agentCentre.account.directCount')}</dt>
        <dd>{account.directCount}</dd>
      </div>
      <div>
        <dt>{t('agentCentre.account.teamSize')}</dt>
        <dd>{account.teamSize}</dd>
      </div>
      <div>
        <dt>{t('agentCentre.account.affiliateCode')}</dt>
        <dd>
          {account.affiliateCode ?? none}
          {account.affiliateCode ? (
            <CopyButton text={account.affiliateCode} what={t('agentCentre.account.copyCode')} />
          ) : null}
        </dd>
      </div>
      {full ? (
        <>
          <div>
            <dt>{t('agentCentre.account.affiliateLink')}</dt>
            <dd>
              {link ? (
                <>
                  <span>{link}</span>
                  <CopyButton text={link} what={t('agentCentre.account.copyWhat')} />
                </>
              ) : (
                t('agentCentre.account.noAffiliateCode')
              )}
            </dd>
          </div>
          <div>
            <dt>{t('agentCentre.account.createdAt')}</dt>
            <dd>{shownTime(account.createdAt, account.timeZone)}</dd>
          </div>
          <div>
            <dt>{t('agentCentre.account.lastLoginAt')}</dt>
            <dd>{shownTime(account.lastLoginAt, account.timeZone) ?? none}</dd>
          </div>
          <div>
            <dt>{t('agentCentre.account.timeZone')}</dt>
            <dd>
              {account.timeZone} ({gmtOffset(account.timeZone)})
            </dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
