import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportsSlip } from '@khela/contracts';
import { amountProblemMessage, AmountField } from '../../../components/ui/amount-field.tsx';
import { MoneyConfirm } from '../../../components/ui/money-confirm.tsx';
import { checkAmount, type AmountCheck } from '../../../lib/amount-input.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatAmount } from '../../../lib/format.ts';
import { isOutcomeUnknown } from '../../../lib/request-id.ts';
import type { Role } from '../../auth/utils/roles.ts';
import { openModal } from '../../../stores/modals.ts';
import { placeSlip } from '../api/sports.ts';
import {
  canCombine,
  combinedLimits,
  combinedOdds,
  ODDS_POLICIES,
  potentialReturn,
  type OddsPolicy,
  type SlipLeg,
} from '../utils/slip.ts';
import { slipStore } from '../utils/slip-store.ts';

type Mode = 'singles' | 'multiple';
/** One bet to send: a single (one leg) or the multiple (every leg). */
interface Bet {
  key: string;
  legs: SlipLeg[];
  stake: AmountCheck;
  odds: string;
}

/** The odds the server answered with (sports.odds_changed: every leg's current odds), where they differ from ours. */
function changedOdds(error: unknown, legs: readonly SlipLeg[]): Map<number, string> {
  const value = error instanceof ApiError ? (error.value as { legs?: unknown; selections?: unknown } | null) : null;
  const list = value?.legs ?? value?.selections;
  const mine = new Map(legs.map((leg) => [leg.selectionId, leg.odds]));
  const changed = new Map<number, string>();
  for (const item of Array.isArray(list) ? (list as { selectionId?: unknown; odds?: unknown }[]) : []) {
    if (typeof item.selectionId !== 'number' || typeof item.odds !== 'string') continue;
    if (mine.has(item.selectionId) && mine.get(item.selectionId) !== item.odds)
      changed.set(item.selectionId, item.odds);
  }
  return changed;
}

/**
 * The bet slip (issue 15 item 3): the picks tapped on the odds, as singles (a stake each) or one
 * multiple (one stake, the odds multiplied); the odds-change policy; a confirmation before money
 * moves; one requestId per bet kept for a retry when the answer is lost. Refusals show the
 * server's message in the page's language; changed odds are shown and can be accepted; visitors
 * are asked to log in and trial accounts get the §8 real-account notice.
 */
export function BetSlip({
  legs,
  role,
  currency,
  onPlaced,
}: {
  legs: SlipLeg[];
  role: Role;
  currency: string;
  onPlaced: () => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('singles');
  const [stakes, setStakes] = useState<Record<number, string>>({});
  const [multiStake, setMultiStake] = useState('');
  const [policy, setPolicy] = useState<OddsPolicy>('ask');
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [showErrors, setShowErrors] = useState(false);
  const [error, setError] = useState('');
  const [changed, setChanged] = useState<Map<number, string>>(new Map());
  const [placed, setPlaced] = useState('');
  const [pending, setPending] = useState(false);
  const requestIds = useRef(new Map<string, string>());

  const combinable = canCombine(legs);
  const multiple = mode === 'multiple' && combinable;
  const limits = combinedLimits(legs);
  const staked = (leg: SlipLeg) => (stakes[leg.selectionId] ?? '').trim() !== '';
  // Singles are the legs with a stake; with none typed yet, every leg (so the form says what is missing).
  const anyStaked = legs.some(staked);
  const bets: Bet[] = multiple
    ? [
        {
          key: `m${legs.map((l) => l.selectionId).join('-')}`,
          legs,
          stake: checkAmount(multiStake, { min: limits?.min, max: limits?.max }),
          odds: combinedOdds(legs.map((l) => l.odds)),
        },
      ]
    : legs
        .filter((leg) => !anyStaked || staked(leg))
        .map((leg) => ({
          key: `s${leg.selectionId}`,
          legs: [leg],
          stake: checkAmount(stakes[leg.selectionId] ?? '', { min: leg.minStake, max: leg.maxStake }),
          odds: leg.odds,
        }));
  const valid = bets.length > 0 && bets.every((bet) => bet.stake.ok);
  const total = bets.reduce((sum, bet) => sum + (bet.stake.ok ? bet.stake.minor : 0n), 0n);
  const potential = bets.reduce(
    (sum, bet) => sum + (bet.stake.ok ? potentialReturn(bet.stake.minor, bet.odds) : 0n),
    0n,
  );
  const money = (minor: bigint | string) => `${formatAmount(minor)} ${currency}`.trim();

  const edit = (change: () => void) => {
    change();
    setPlaced('');
    setError('');
    requestIds.current.clear();
  };

  const stakeError = (bet: Bet, min: string, max: string) =>
    showErrors && !bet.stake.ok ? amountProblemMessage(t, bet.stake.problem, { min, max }) : undefined;

  const review = () => {
    setShowErrors(true);
    if (role === 'visitor') {
      openModal('login');
      return;
    }
    if (role === 'trial') {
      openModal('accountNotice', { kind: 'trial' });
      return;
    }
    if (!valid) return;
    setShowErrors(false);
    setError('');
    setStep('confirm');
  };

  const place = async () => {
    if (pending) return;
    setPending(true);
    const done: SportsSlip[] = [];
    let failure: unknown = null;
    for (const bet of bets) {
      if (!bet.stake.ok) continue;
      const requestId = requestIds.current.get(bet.key) ?? crypto.randomUUID();
      requestIds.current.set(bet.key, requestId);
      try {
        done.push(
          await placeSlip({
            requestId,
            stake: bet.stake.wire,
            oddsPolicy: policy,
            legs: bet.legs.map((leg) => ({ selectionId: leg.selectionId, odds: leg.odds })),
          }),
        );
        requestIds.current.delete(bet.key);
        if (!multiple) slipStore.remove(bet.legs[0]!.selectionId);
      } catch (caught) {
        if (!isOutcomeUnknown(caught)) requestIds.current.delete(bet.key);
        failure = caught;
        break;
      }
    }
    setPending(false);
    if (done.length > 0) onPlaced();
    if (multiple && done.length > 0) slipStore.clear();
    const placedText =
      done.length > 0 ? t('sports.slip.placed', { count: done.length, ids: done.map((s) => s.id).join(', #') }) : '';
    if (!failure) {
      setPlaced(placedText);
      setStakes({});
      setMultiStake('');
      setStep('form');
      return;
    }
    const code = failure instanceof ApiError ? failure.code : 'client.network';
    const message = failure instanceof ApiError && failure.message ? failure.message : t('common.networkError');
    if (code === 'auth.trial_account') openModal('accountNotice', { kind: 'trial' });
    if (failure instanceof ApiError && failure.status === 401) openModal('login');
    const newOdds = code === 'sports.odds_changed' ? changedOdds(failure, legs) : new Map<number, string>();
    setChanged(newOdds);
    setPlaced(placedText);
    setError(
      code === 'sports.odds_changed'
        ? t('sports.slip.oddsChanged')
        : placedText
          ? t('sports.slip.partial', { message })
          : message,
    );
    setStep('form');
  };

  const acceptOdds = () => {
    slipStore.reprice(changed);
    setChanged(new Map());
    setError('');
    requestIds.current.clear();
  };

  if (step === 'confirm' && valid) {
    return (
      <MoneyConfirm
        title={t('sports.slip.confirmTitle')}
        rows={[
          ...bets.flatMap((bet) => [
            ...bet.legs.map((leg) => ({
              label: t('sports.slip.confirmLeg', { event: leg.eventName, pick: leg.pick }),
              value: leg.odds,
            })),
            {
              label: multiple
                ? `${t('sports.slip.multiple')} · ${t('sports.slip.stake')}`
                : t('sports.slip.stakeFor', { pick: bet.legs[0]!.pick }),
              value: money(bet.stake.ok ? bet.stake.minor : 0n),
            },
          ]),
          ...(multiple ? [{ label: t('sports.slip.combined'), value: bets[0]!.odds }] : []),
          { label: t('sports.slip.total'), value: money(total) },
          { label: t('sports.slip.potential'), value: money(potential) },
          { label: t('sports.slip.policy'), value: t(`sports.slip.policies.${policy}`) },
        ]}
        note={t('sports.slip.confirmNote')}
        pending={pending}
        confirmLabel={t('sports.slip.confirmPlace')}
        onBack={() => setStep('form')}
        onConfirm={() => void place()}
      />
    );
  }

  return (
    <div className="form sb-slip__body">
      {legs.length === 0 ? (
        <p className="sb-muted">{t('sports.slip.empty')}</p>
      ) : (
        <>
          <div className="sb-seg" role="radiogroup" aria-label={t('sports.slip.mode')}>
            {(['singles', 'multiple'] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={(value === 'multiple') === multiple}
                disabled={value === 'multiple' && !combinable}
                onClick={() => edit(() => setMode(value))}
              >
                {t(`sports.slip.${value}`)}
              </button>
            ))}
          </div>
          {!combinable && legs.length > 1 ? <p className="sb-muted">{t('sports.slip.multipleNeeds')}</p> : null}
          <ul className="sb-legs">
            {legs.map((leg) => {
              const single = bets.find((bet) => bet.key === `s${leg.selectionId}`);
              const newOdds = changed.get(leg.selectionId);
              return (
                <li key={leg.selectionId} className="sb-leg">
                  <div className="sb-leg__head">
                    <span className="sb-leg__pick">{leg.pick}</span>
                    <strong className="sb-leg__odds">
                      {newOdds ?? leg.odds}
                      {newOdds ? <span className="sb-leg__was">{t('sports.slip.was', { odds: leg.odds })}</span> : null}
                    </strong>
                    <button
                      type="button"
                      className="sb-leg__remove"
                      aria-label={t('sports.slip.remove', { pick: leg.pick })}
                      onClick={() => edit(() => slipStore.remove(leg.selectionId))}
                    >
                      ×
                    </button>
                  </div>
                  <p className="sb-leg__event sb-muted">{leg.eventName}</p>
                  {!multiple ? (
                    <AmountField
                      id={`sb-stake-${leg.selectionId}`}
                      label={t('sports.slip.stakeFor', { pick: leg.pick })}
                      value={stakes[leg.selectionId] ?? ''}
                      onChange={(value) => edit(() => setStakes((s) => ({ ...s, [leg.selectionId]: value })))}
                      hint={t('sports.slip.limits', {
                        min: formatAmount(leg.minStake),
                        max: formatAmount(leg.maxStake),
                      })}
                      error={single ? stakeError(single, leg.minStake, leg.maxStake) : undefined}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
          {multiple && limits ? (
            <>
              <p className="sb-slip__line">
                {t('sports.slip.combined')}: <strong>{bets[0]!.odds}</strong>
              </p>
              <AmountField
                id="sb-stake-multiple"
                label={t('sports.slip.stake')}
                value={multiStake}
                onChange={(value) => edit(() => setMultiStake(value))}
                hint={t('sports.slip.limits', { min: formatAmount(limits.min), max: formatAmount(limits.max) })}
                error={stakeError(bets[0]!, limits.min, limits.max)}
              />
            </>
          ) : null}
          <fieldset className="sb-policy">
            <legend>{t('sports.slip.policy')}</legend>
            {ODDS_POLICIES.map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name="sb-policy"
                  value={value}
                  checked={policy === value}
                  onChange={() => edit(() => setPolicy(value))}
                />
                {t(`sports.slip.policies.${value}`)}
              </label>
            ))}
          </fieldset>
          <dl className="sb-slip__sums">
            <div>
              <dt>{t('sports.slip.total')}</dt>
              <dd>{money(total)}</dd>
            </div>
            <div>
              <dt>{t('sports.slip.potential')}</dt>
              <dd data-testid="sb-potential">{money(potential)}</dd>
            </div>
          </dl>
          {role === 'visitor' ? <p className="sb-muted">{t('sports.slip.loginNote')}</p> : null}
          {role === 'trial' ? <p className="sb-muted">{t('sports.slip.trial')}</p> : null}
          <div className="sb-slip__actions">
            <button type="button" className="button button--primary" onClick={review}>
              {role === 'visitor'
                ? t('sports.slip.logIn')
                : bets.length > 1
                  ? t('sports.slip.placeMany', { count: bets.length })
                  : t('sports.slip.place')}
            </button>
            <button type="button" className="button" onClick={() => edit(() => slipStore.clear())}>
              {t('sports.slip.clear')}
            </button>
          </div>
        </>
      )}
      <div aria-live="polite">
        {error ? (
          <div className="sb-alert sb-alert--error" role="alert">
            <p>{error}</p>
            {changed.size > 0 ? (
              <button type="button" className="button button--primary" onClick={acceptOdds}>
                {t('sports.slip.acceptOdds')}
              </button>
            ) : null}
          </div>
        ) : null}
        {placed ? (
          <p className="sb-alert sb-alert--ok" role="status">
            {placed}
          </p>
        ) : null}
      </div>
    </div>
  );
}
