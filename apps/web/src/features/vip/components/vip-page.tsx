import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { formatAmount } from '../../../lib/format.ts';
import { useRankProgress } from '../api/get-rank-progress.ts';
import '../messages.ts';
import './vip-page.css';

const minor = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2) || '0');
};

/**
 * Member centre `vipBonus` (§2 VIP Bonus, issue 14 item 4; docs/adr/0015-vip-ranks.md): the
 * member's rank, this month's turnover against the next rank (MCSFE_getPlayerRankProgress
 * `monthlyTurnover` actual and expected), and the ranks with their promotion and monthly bonuses.
 */
export default function VipPage() {
  const { t } = useTranslation();
  const progress = useRankProgress();
  const data = progress.data;
  const actual = data ? minor(data.monthlyTurnover.actual) : 0n;
  const expected = data?.monthlyTurnover.expected ? minor(data.monthlyTurnover.expected) : null;
  const percent = expected ? Number(((actual >= expected ? expected : actual) * 100n) / expected) : 0;

  return (
    <div className="vip-page">
      <LoadState pending={progress.isPending} error={progress.error} onRetry={() => void progress.refetch()}>
        {data && data.ranks.length === 0 ? (
          <EmptyState title={t('vip.emptyTitle')} body={t('vip.emptyBody')} />
        ) : data ? (
          <>
            <section className="vip-card" aria-label={t('vip.current')}>
              <p className="vip-card__rank">{data.playerRankName ?? t('vip.none')}</p>
              <p>{t('vip.intro')}</p>
              {expected !== null ? (
                <>
                  <p id="vip-progress-label">
                    {t('vip.progress')}:{' '}
                    {t('vip.progressOf', {
                      actual: formatAmount(data.monthlyTurnover.actual),
                      expected: formatAmount(data.monthlyTurnover.expected!),
                    })}
                  </p>
                  <progress className="vip-progress" aria-labelledby="vip-progress-label" max={100} value={percent}>
                    {percent}%
                  </progress>
                  <p>
                    {data.nextRank
                      ? t('vip.toNext', {
                          amount: formatAmount(expected > actual ? expected - actual : 0n),
                          name: data.nextRank.name,
                        })
                      : t('vip.top', { amount: formatAmount(data.monthlyTurnover.expected!) })}
                  </p>
                </>
              ) : null}
              <dl className="vip-facts">
                <div>
                  <dt>{t('vip.month')}</dt>
                  <dd>{data.month}</dd>
                </div>
                <div>
                  <dt>{t('vip.totalTurnover')}</dt>
                  <dd>{formatAmount(data.totalTurnover)}</dd>
                </div>
                <div>
                  <dt>{t('vip.bonusesPaid')}</dt>
                  <dd>{formatAmount(data.bonusesPaid)}</dd>
                </div>
              </dl>
            </section>
            <section className="vip-card" aria-label={t('vip.ranks')}>
              <div className="vip-table-wrap">
                <table className="vip-table">
                  <caption className="visually-hidden">{t('vip.ranks')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('vip.level')}</th>
                      <th scope="col">{t('vip.name')}</th>
                      <th scope="col">{t('vip.threshold')}</th>
                      <th scope="col">{t('vip.promotionBonus')}</th>
                      <th scope="col">{t('vip.monthlyBonus')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.ranks.map((rank) => (
                      <tr key={rank.level} aria-current={rank.level === data.vipRankLevel ? 'true' : undefined}>
                        <td>{rank.level}</td>
                        <td>{rank.name}</td>
                        <td>{formatAmount(rank.monthlyTurnover)}</td>
                        <td>{formatAmount(rank.promotionBonus)}</td>
                        <td>{formatAmount(rank.monthlyBonus)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p>{t('vip.bonusNote')}</p>
            </section>
          </>
        ) : null}
      </LoadState>
    </div>
  );
}
