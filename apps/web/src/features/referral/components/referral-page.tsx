import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { PagedTable } from '../../agent/components/paged-table.tsx';
import { useInvitations, useReferralDetails } from '../api/get-referral.ts';
import { inviteLink } from '../utils/invite-link.ts';
import '../../agent/components/agent-layout.css';
import { QrCode } from '../../downloads/components/qr-code.tsx';
import '../../agent/messages.ts';

/**
 * Member centre `referral` (§2 Refer and Earn, issue 13 item 6): the member's referral code and
 * invitation link on a chosen promotion domain, its QR code (the qrcode library loads only when
 * the code is in view), an agent's affiliate link, what inviting earns on this site (the merchant's
 * referral reward settings), and who registered with the code and what each earned the member.
 */
export default function ReferralPage() {
  const { t } = useTranslation();
  const id = useId();
  const details = useReferralDetails();
  const [domainIndex, setDomainIndex] = useState(0);
  const [pageNo, setPageNo] = useState(1);
  const invitations = useInvitations(pageNo);
  const data = details.data;
  const domains = data?.promotionDomains.length ? data.promotionDomains : [window.location.host];
  const domain = domains[Math.min(domainIndex, domains.length - 1)]!;
  const link = data?.referralCode ? inviteLink(domain, data.referralCode) : null;
  const affiliate = data?.affiliateCode ? inviteLink(domain, data.affiliateCode, 'affiliateCode') : null;

  return (
    <div className="agent-shell__page">
      <LoadState pending={details.isPending} error={details.error} onRetry={() => void details.refetch()}>
        {data ? (
          <section className="agent-card" aria-label={t('referral.title')}>
            <p className="agent-page__intro">{t('referral.intro')}</p>
            <dl className="agent-facts">
              <div>
                <dt>{t('referral.code')}</dt>
                <dd>
                  {data.referralCode}
                  {data.referralCode ? <CopyButton text={data.referralCode} what={t('referral.copyCode')} /> : null}
                </dd>
              </div>
              {domains.length > 1 ? (
                <div>
                  <dt>
                    <label htmlFor={`${id}-domain`}>{t('referral.domain')}</label>
                  </dt>
                  <dd>
                    <select
                      id={`${id}-domain`}
                      value={domainIndex}
                      onChange={(event) => setDomainIndex(Number(event.target.value))}
                    >
                      {domains.map((name, index) => (
                        <option key={name} value={index}>
                          {name}
                        </option>
                      ))}
                    </select>
                  </dd>
                </div>
              ) : null}
              {link ? (
                <div>
                  <dt>{t('referral.link')}</dt>
                  <dd>
                    <span>{link}</span>
                    <CopyButton text={link} what={t('referral.copyWhat')} />
                  </dd>
                </div>
              ) : null}
              {affiliate ? (
                <div>
                  <dt>{t('referral.affiliateCode')}</dt>
                  <dd>
                    <span>{affiliate}</span>
                    <CopyButton text={affiliate} what={t('referral.copyWhat')} />
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>{t('referral.totalInvitations')}</dt>
                <dd>{data.totalInvitations}</dd>
              </div>
              <div>
                <dt>{t('referral.totalEarned')}</dt>
                <dd>{data.totalEarned}</dd>
              </div>
            </dl>
            <h3>{t('referral.howTitle')}</h3>
            {data.rewards.enabled ? (
              <ul>
                {Number(data.rewards.commissionRate) > 0 ? (
                  <li>
                    {t('referral.commission', { rate: data.rewards.commissionRate })}
                    {data.rewards.dailyCap ? ` ${t('referral.cap', { cap: data.rewards.dailyCap })}` : null}
                  </li>
                ) : null}
                {Number(data.rewards.firstDepositBonus) > 0 ? (
                  <li>
                    {t('referral.bonus', {
                      bonus: data.rewards.firstDepositBonus,
                      minimum: data.rewards.firstDepositMinimum,
                    })}
                  </li>
                ) : null}
              </ul>
            ) : (
              <p>{t('referral.off')}</p>
            )}
            {link ? (
              <div className="agent-qr">
                <QrCode value={link} label={t('referral.qr')} size={144} />
              </div>
            ) : null}
          </section>
        ) : null}
      </LoadState>
      <PagedTable
        caption={t('referral.invitees')}
        columns={[
          { key: 'username', header: t('referral.username'), value: (row) => row.username },
          {
            key: 'registeredAt',
            header: t('referral.registeredAt'),
            value: (row) => row.registeredAt.slice(0, 10),
          },
          { key: 'earned', header: t('referral.earned'), value: (row) => row.earned, numeric: true },
        ]}
        rows={invitations.data?.list}
        rowKey={(row, index) => `${row.username}-${row.registeredAt}-${index}`}
        loading={invitations.isPending}
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
        empty={t('referral.empty')}
        pageNo={invitations.data?.pageNo ?? pageNo}
        pageSize={invitations.data?.pageSize ?? 20}
        total={invitations.data?.total ?? 0}
        onPage={setPageNo}
      />
    </div>
  );
}
