import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTRACT_KIND_SWITCHES,
  CONTRACT_KINDS,
  DIVIDEND_PERIODS,
  errorMessage,
  MAX_CONTRACT_TIERS,
  parseContractTerms,
  rateToBp,
  termsWithin,
  type ContractKind,
  type ContractView,
  type DividendPeriod,
  type Language,
  type StoredTerms,
} from '@khela/contracts';
import { parseMinor } from '@khela/money';
import { useSwitches } from '../../system/api/get-status.ts';
import { useMyContracts, useOfferContract, useOfferedContracts } from '../api/contracts.ts';
import { termsSummary } from './terms-view.tsx';
import '../messages.ts';
import './agent-contracts.css';

interface TierDraft {
  activeMembers: string;
  validBet: string;
  rate: string;
}
const emptyTier = (): TierDraft => ({ activeMembers: '0', validBet: '0', rate: '' });

/** The wire view of the agent's own terms back to the stored form, for the rate check in the browser. */
function storedOf(contract: ContractView): StoredTerms {
  const { terms } = contract;
  return {
    ...(terms.tiers && {
      tiers: terms.tiers.map((tier) => ({
        activeMembers: tier.activeMembers,
        validBet: parseMinor(tier.validBet).toString(),
        rateBp: rateToBp(tier.rate) ?? 0,
      })),
    }),
    ...(terms.profitRate !== undefined && { profitRateBp: rateToBp(terms.profitRate) ?? 0 }),
    ...(terms.lossRate !== undefined && { lossRateBp: rateToBp(terms.lossRate) ?? 0 }),
  };
}

/**
 * "Offer contract" (issue 13 item 3), mounted from the downline management page: the kinds the
 * agent holds itself, its terms as a hint, rate tiers (active members, valid bet, rate) or the
 * real-time rates; checked in the browser with the server's own rules (§4: never above the
 * agent's own rate), then sent. The downline decides in its contract popup.
 */
export function OfferContractForm({ username, onOffered }: { username: string; onOffered?: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const mine = useMyContracts();
  const offered = useOfferedContracts(username);
  const offer = useOfferContract();
  const own = (mine.data?.list ?? []).filter((c) => c.state === 'active' || c.state === 'termination_requested');
  // §2 contract settings: only the kinds the merchant runs (all while the switches load).
  const switches = useSwitches();
  const kinds = CONTRACT_KINDS.filter((k) => switches[CONTRACT_KIND_SWITCHES[k]] !== false);
  const [picked, setKind] = useState<ContractKind>('daily_salary');
  const kind = kinds.includes(picked) ? picked : (kinds[0] ?? picked);
  const [period, setPeriod] = useState<DividendPeriod>('Weekly');
  const [tiers, setTiers] = useState<TierDraft[]>([emptyTier()]);
  const [profitRate, setProfitRate] = useState('');
  const [lossRate, setLossRate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const language = (i18n.language === 'en' ? 'en' : 'bn') as Language;
  const ownOfKind = own.find((c) => c.kind === kind);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    const terms =
      kind === 'realtime_salary' ? { profitRate, lossRate } : { ...(kind === 'dividend' && { period }), tiers };
    const parsed = parseContractTerms(kind, terms);
    if (!parsed.ok) return setProblem(errorMessage(parsed.code, language));
    if (!ownOfKind) return setProblem(errorMessage('contract.upline_has_no_contract', language));
    if (!termsWithin(kind, parsed.terms, storedOf(ownOfKind))) {
      return setProblem(errorMessage('contract.rate_above_upline', language));
    }
    setProblem(null);
    offer.mutate(
      { username, kind, terms },
      {
        onSuccess: () => {
          setSent(t('agentContracts.offer.sent', { name: username }));
          onOffered?.();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  const setTier = (index: number, patch: Partial<TierDraft>) =>
    setTiers((list) => list.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)));

  return (
    <form className="contract-offer" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {t('agentContracts.offer.title')} · {username}
      </h3>
      <label htmlFor={`${id}-kind`}>
        <span>{t('agentContracts.offer.kind')}</span>
        <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as ContractKind)}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`agentContracts.kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <p className="contract-popup__meta">
        {ownOfKind
          ? t('agentContracts.offer.yourRate', { terms: termsSummary(ownOfKind) })
          : t('agentContracts.offer.noOwn', { kind: t(`agentContracts.kinds.${kind}`) })}
      </p>
      {kind === 'dividend' ? (
        <label htmlFor={`${id}-period`}>
          <span>{t('agentContracts.offer.period')}</span>
          <select id={`${id}-period`} value={period} onChange={(e) => setPeriod(e.target.value as DividendPeriod)}>
            {DIVIDEND_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`agentContracts.periods.${p}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {kind === 'realtime_salary' ? (
        <>
          <label htmlFor={`${id}-profit`}>
            <span>{t('agentContracts.terms.profitRate')} (%)</span>
            <input
              id={`${id}-profit`}
              inputMode="decimal"
              value={profitRate}
              onChange={(e) => setProfitRate(e.target.value)}
            />
          </label>
          <label htmlFor={`${id}-loss`}>
            <span>{t('agentContracts.terms.lossRate')} (%)</span>
            <input
              id={`${id}-loss`}
              inputMode="decimal"
              value={lossRate}
              onChange={(e) => setLossRate(e.target.value)}
            />
          </label>
        </>
      ) : (
        <>
          {tiers.map((tier, index) => (
            <fieldset key={index} className="contract-offer__tier">
              <legend>{t('agentContracts.offer.tier', { n: index + 1 })}</legend>
              <label htmlFor={`${id}-m${index}`}>
                <span>{t('agentContracts.offer.activeMembers')}</span>
                <input
                  id={`${id}-m${index}`}
                  inputMode="numeric"
                  value={tier.activeMembers}
                  onChange={(e) => setTier(index, { activeMembers: e.target.value })}
                />
              </label>
              <label htmlFor={`${id}-b${index}`}>
                <span>{t('agentContracts.offer.validBet')}</span>
                <input
                  id={`${id}-b${index}`}
                  inputMode="decimal"
                  value={tier.validBet}
                  onChange={(e) => setTier(index, { validBet: e.target.value })}
                />
              </label>
              <label htmlFor={`${id}-r${index}`}>
                <span>{t('agentContracts.offer.rate')}</span>
                <input
                  id={`${id}-r${index}`}
                  inputMode="decimal"
                  value={tier.rate}
                  onChange={(e) => setTier(index, { rate: e.target.value })}
                />
              </label>
              {tiers.length > 1 ? (
                <button
                  type="button"
                  className="button"
                  aria-label={t('agentContracts.offer.removeTier', { n: index + 1 })}
                  onClick={() => setTiers((list) => list.filter((_, i) => i !== index))}
                >
                  ×
                </button>
              ) : null}
            </fieldset>
          ))}
          {tiers.length < MAX_CONTRACT_TIERS ? (
            <div className="contract-offer__actions">
              <button type="button" className="button" onClick={() => setTiers((list) => [...list, emptyTier()])}>
                {t('agentContracts.offer.addTier')}
              </button>
            </div>
          ) : null}
        </>
      )}
      {problem ? (
        <p className="contract-offer__error" role="alert">
          {problem}
        </p>
      ) : null}
      {sent ? (
        <p className="contract-offer__ok" role="status">
          {sent}
        </p>
      ) : null}
      <div className="contract-offer__actions">
        <button type="submit" className="button button--primary" disabled={offer.isPending}>
          {t('agentContracts.offer.submit')}
        </button>
      </div>
      <section>
        <h4>{t('agentContracts.offer.offered')}</h4>
        {offered.data && offered.data.list.length > 0 ? (
          <ul>
            {offered.data.list.slice(0, 10).map((c) => (
              <li key={c.id}>
                {t(`agentContracts.kinds.${c.kind}`)} · {t(`agentContracts.states.${c.state}`)} · {termsSummary(c)}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('agentContracts.offer.none')}</p>
        )}
      </section>
    </form>
  );
}
