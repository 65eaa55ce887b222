import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOTTERY_MAX_BETS, type LotteryGame, type LotteryPurchase } from '@khela/contracts';
import type { LotteryBet, LotteryBetType, LotteryFormat } from '@khela/games';
import { parseMinor, toDecimalString } from '@khela/money';
import { amountProblemMessage, AmountField } from '../../../components/ui/amount-field.tsx';
import { MoneyConfirm } from '../../../components/ui/money-confirm.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { checkAmount } from '../../../lib/amount-input.ts';
import { formatAmount } from '../../../lib/format.ts';
import { useMoneySubmit } from '../../../lib/use-money-submit.ts';
import { buyTickets } from '../api/lottery.ts';
import {
  betOf,
  betSummary,
  betTypesOf,
  EMPTY_DRAFT,
  fieldsOf,
  multiplierText,
  oddsBpOf,
  oddsOfBet,
  payoutOf,
  topOddsBp,
  wireBet,
  type BetDraft,
} from '../utils/bet-form.ts';
import { ChoiceGroup } from './choice-group.tsx';

interface SlipLine {
  key: number;
  bet: LotteryBet;
  stake: bigint;
}

const EXAMPLES: Record<number, string> = { 2: '27', 3: '518', 4: '2468' };

/**
 * The bet slip (issue 15 item 2): the game's bet types as the engine defines them and the pick
 * each needs, checked here with the engine's own parser; a stake in the member's currency within
 * the game's limits; picks gathered on the slip (up to LOTTERY_MAX_BETS), their total within the
 * balance; a confirmation before money moves and one requestId per confirmed purchase (kept for a
 * retry when the answer is lost). A refusal shows the server's message in the page's language
 * (betting closed, limits, balance).
 */
export function BetSlip({
  game,
  issue,
  closed,
  currency,
  balance,
  onSettled,
}: {
  game: LotteryGame;
  issue: string | null;
  closed: boolean;
  currency: string;
  /** The main wallet's balance (wire amount), once known. */
  balance: string | null;
  /** After every answer to a purchase: balance, tickets and draw are read again. */
  onSettled: () => void;
}) {
  const { t } = useTranslation();
  const format = game.format as LotteryFormat;
  const types = betTypesOf(format, game.betTypes);
  const odds = useMemo(() => oddsBpOf(game.odds), [game.odds]);
  const [type, setType] = useState<LotteryBetType>(types[0] ?? 'position');
  const [draft, setDraft] = useState<BetDraft>(EMPTY_DRAFT);
  const [stake, setStake] = useState('');
  const [lines, setLines] = useState<SlipLine[]>([]);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [showErrors, setShowErrors] = useState(false);
  const [error, setError] = useState('');
  const [placed, setPlaced] = useState('');
  const fields = fieldsOf(type);

  const parsed = useMemo(() => betOf(format, type, draft), [format, type, draft]);
  const bet = parsed.ok ? parsed.bet : null;
  const total = lines.reduce((sum, line) => sum + line.stake, 0n);
  const left = balance === null ? null : toDecimalString(maxZero(parseMinor(balance) - total));
  const bounds = { min: game.minBet, max: game.maxBet, balance: left };
  const amount = checkAmount(stake, bounds);
  const lineOdds = bet ? oddsOfBet(bet, odds) : topOddsBp(type, odds);
  const many = Object.keys(odds).filter((key) => key.startsWith(`${type}_`)).length > 1;

  const submission = useMoneySubmit((requestId) =>
    buyTickets({
      gameCode: game.gameCode,
      issue: issue ?? '',
      requestId,
      bets: lines.map((line) => ({ ...wireBet(line.bet), stake: toDecimalString(line.stake) })),
    }),
  );
  const edit = (change: () => void) => {
    change();
    setPlaced('');
  };

  const pickError = !showErrors
    ? undefined
    : parsed.ok
      ? undefined
      : type === 'box3' && /^(\d)\1\1$/.test(draft.number.trim())
        ? t('lottery.slip.invalid.box')
        : fields.picks && !draft.pick
          ? t('lottery.slip.chooseBet')
          : t(`lottery.slip.invalid.${parsed.code}`);
  const stakeError = showErrors && !amount.ok ? amountProblemMessage(t, amount.problem, bounds) : undefined;
  const full = lines.length >= LOTTERY_MAX_BETS;

  if (step === 'confirm' && lines.length > 0) {
    return (
      <section className="lottery-slip" aria-label={t('lottery.slip.title')}>
        <MoneyConfirm
          title={t('lottery.slip.confirmTitle')}
          rows={[
            { label: t('lottery.slip.confirmGame'), value: game.name },
            { label: t('lottery.slip.confirmIssue'), value: issue ?? '' },
            ...lines.map((line, i) => {
              const { betType, selection } = wireBet(line.bet);
              return {
                label: `${i + 1}. ${betSummary(betType, selection, t)}`,
                value: `${formatAmount(line.stake)} ${currency}`,
              };
            }),
            { label: t('lottery.slip.total'), value: `${formatAmount(total)} ${currency}` },
          ]}
          note={t('lottery.slip.confirmNote')}
          pending={submission.pending}
          error={error}
          confirmLabel={t('lottery.slip.place')}
          onBack={() => {
            setError('');
            setStep('form');
          }}
          onConfirm={() =>
            void submission.submit().then((result) => {
              if (!result) return;
              onSettled();
              if (result.ok) {
                setPlaced(placedText(t, result.value));
                setLines([]);
                setError('');
                setStep('form');
                return;
              }
              const failure = result.error;
              setError(failure instanceof ApiError && failure.message ? failure.message : t('common.networkError'));
            })
          }
        />
      </section>
    );
  }

  return (
    <section className="lottery-slip" aria-labelledby="lottery-slip-title">
      <h2 id="lottery-slip-title" className="lottery-section-title">
        {t('lottery.slip.title')}
      </h2>
      <form
        className="form lottery-slip__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setShowErrors(true);
          if (!bet || !amount.ok || full) return;
          setLines((current) => [...current, { key: Date.now() + current.length, bet, stake: amount.minor }]);
          setShowErrors(false);
          setPlaced('');
          submission.reset();
        }}
      >
        <ChoiceGroup
          legend={t('lottery.slip.betType')}
          value={type}
          options={types.map((value) => ({ value, label: t(`lottery.betTypes.${value}`) }))}
          onChange={(value) => edit(() => setType(value))}
        />
        <p className="lottery-slip__help">{t(`lottery.betHelp.${type}`)}</p>
        {fields.position ? (
          <ChoiceGroup
            compact
            legend={t('lottery.slip.position')}
            value={draft.position}
            options={[1, 2, 3, 4, 5].map((value) => ({ value, label: String(value) }))}
            onChange={(position) => edit(() => setDraft((d) => ({ ...d, position })))}
          />
        ) : null}
        {fields.digit ? (
          <ChoiceGroup
            compact
            legend={t('lottery.slip.digit')}
            value={draft.digit}
            options={[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((value) => ({ value, label: String(value) }))}
            onChange={(digit) => edit(() => setDraft((d) => ({ ...d, digit })))}
          />
        ) : null}
        {fields.picks ? (
          <ChoiceGroup
            legend={t('lottery.slip.pick')}
            value={draft.pick || null}
            options={fields.picks.map((value) => ({ value, label: t(`lottery.picks.${value}`) }))}
            onChange={(pick) => edit(() => setDraft((d) => ({ ...d, pick })))}
          />
        ) : null}
        {fields.digits !== null ? (
          <TextField
            id="lottery-number"
            label={t('lottery.slip.number', { digits: fields.digits })}
            hint={t('lottery.slip.numberHint', { digits: fields.digits, example: EXAMPLES[fields.digits] ?? '' })}
            value={draft.number}
            onChange={(number) => edit(() => setDraft((d) => ({ ...d, number: number.replace(/\D/g, '') })))}
            inputMode="numeric"
            autoComplete="off"
            maxLength={fields.digits}
            required
            error={pickError}
          />
        ) : pickError ? (
          <p className="field__error" role="alert">
            {pickError}
          </p>
        ) : null}
        <AmountField
          id="lottery-stake"
          label={t('lottery.slip.stake', { currency })}
          value={stake}
          onChange={(value) => edit(() => setStake(value))}
          hint={t('lottery.slip.limits', { min: formatAmount(game.minBet), max: formatAmount(game.maxBet) })}
          error={stakeError}
        />
        {lineOdds !== null ? (
          <p className="lottery-slip__odds">
            {type === 'lo2'
              ? t('lottery.slip.oddsPerHit', { odds: multiplierText(lineOdds) })
              : t(many && !bet ? 'lottery.slip.oddsUpTo' : 'lottery.slip.odds', { odds: multiplierText(lineOdds) })}
            {amount.ok ? (
              <>
                {' · '}
                {t('lottery.slip.potential', {
                  amount: `${formatAmount(payoutOf(amount.minor, lineOdds))} ${currency}`,
                })}
              </>
            ) : null}
          </p>
        ) : null}
        <button type="submit" className="button lottery-slip__add" disabled={full}>
          {t('lottery.slip.add')}
        </button>
      </form>

      <div className="lottery-slip__lines">
        <h3 className="lottery-slip__subtitle">{t('lottery.slip.lines', { count: lines.length })}</h3>
        {lines.length === 0 ? (
          <p className="lottery-muted">{t('lottery.slip.emptyLines')}</p>
        ) : (
          <ul className="lottery-slip__list">
            {lines.map((line) => {
              const { betType, selection } = wireBet(line.bet);
              const summary = betSummary(betType, selection, t);
              return (
                <li key={line.key}>
                  <span className="lottery-slip__bet">{summary}</span>
                  <span className="lottery-slip__stake">
                    {formatAmount(line.stake)} {currency}
                  </span>
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t('lottery.slip.remove', { bet: summary })}
                    onClick={() => {
                      setLines((current) => current.filter((l) => l.key !== line.key));
                      submission.reset();
                    }}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {lines.length > 0 ? (
          <p className="lottery-slip__total">
            {t('lottery.slip.total')}: <strong>{`${formatAmount(total)} ${currency}`}</strong>
          </p>
        ) : null}
        <button
          type="button"
          className="button button--primary lottery-slip__submit"
          disabled={closed || !issue || lines.length === 0}
          onClick={() => {
            setError('');
            setStep('confirm');
          }}
        >
          {t('lottery.slip.review', { count: lines.length })}
        </button>
        {closed ? <p className="lottery-muted">{t('lottery.issue.closed')}</p> : null}
      </div>
      <div role="status" aria-live="polite" className="lottery-slip__placed">
        {placed ? <p className="lottery-alert lottery-alert--success">{placed}</p> : null}
      </div>
    </section>
  );
}

const maxZero = (value: bigint) => (value < 0n ? 0n : value);

function placedText(t: (key: string, values?: Record<string, unknown>) => string, purchase: LotteryPurchase): string {
  const tickets = purchase.tickets.map((ticket) => `#${ticket.ticketId}`).join(', ');
  return t('lottery.slip.placed', { count: purchase.tickets.length, tickets, issue: purchase.issue });
}
