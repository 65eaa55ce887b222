import { useTranslation } from 'react-i18next';
import type { ContractView } from '@khela/contracts';
import { formatAmount } from '../../../lib/format.ts';
import { tierAmount } from '../utils.ts';
import '../messages.ts';
import './agent-contracts.css';

/** The popup fields of endpoints.md §5 for one contract's terms: tiers, or the real-time rates. */
export function TermsView({ contract }: { contract: Pick<ContractView, 'kind' | 'terms'> }) {
  const { t } = useTranslation();
  const { kind, terms } = contract;
  if (kind === 'realtime_salary') {
    return (
      <dl className="contract-terms__rates">
        <div>
          <dt>{t('agentContracts.terms.profitRate')}</dt>
          <dd>{terms.profitRate}%</dd>
        </div>
        <div>
          <dt>{t('agentContracts.terms.lossRate')}</dt>
          <dd>{terms.lossRate}%</dd>
        </div>
        <div>
          <dt>{t('agentContracts.terms.singleBetting')}</dt>
          <dd>✓</dd>
        </div>
      </dl>
    );
  }
  const betLabel =
    kind === 'dividend'
      ? t('agentContracts.terms.periodValidBet')
      : kind === 'hourly_salary'
        ? t('agentContracts.terms.hourlyBet')
        : t('agentContracts.terms.dailyBet');
  return (
    <div className="contract-terms">
      {terms.period ? (
        <p className="contract-terms__period">
          {t('agentContracts.terms.period')}: <strong>{t(`agentContracts.periods.${terms.period}`)}</strong>
        </p>
      ) : null}
      <div className="contract-terms__scroll">
        <table className="contract-terms__tiers">
          <caption>{t('agentContracts.terms.tiers')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agentContracts.terms.activeMembers')}</th>
              <th scope="col">{betLabel}</th>
              <th scope="col">{t('agentContracts.terms.rate')}</th>
              {kind === 'dividend' ? null : <th scope="col">{t('agentContracts.terms.amount')}</th>}
            </tr>
          </thead>
          <tbody>
            {(terms.tiers ?? []).map((tier) => (
              <tr key={`${tier.activeMembers}-${tier.validBet}`}>
                <td>≥ {tier.activeMembers}</td>
                <td>≥ {formatAmount(tier.validBet)}</td>
                <td>{tier.rate}%</td>
                {kind === 'dividend' ? null : <td>{formatAmount(tierAmount(tier.validBet, tier.rate))}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="contract-popup__meta">
        {t(kind === 'dividend' ? 'agentContracts.terms.dividendBasis' : 'agentContracts.terms.salaryBasis')}
      </p>
    </div>
  );
}

/** Terms in one line, for the offer form's hint. */
export function termsSummary(contract: Pick<ContractView, 'kind' | 'terms'>): string {
  const { terms } = contract;
  if (contract.kind === 'realtime_salary') return `${terms.profitRate}% / ${terms.lossRate}%`;
  return (terms.tiers ?? []).map((tier) => `≥${tier.activeMembers} · ≥${tier.validBet} → ${tier.rate}%`).join('; ');
}
