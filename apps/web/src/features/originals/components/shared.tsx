import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InhouseGameName, InhouseRound } from '@khela/contracts';
import { parseMinor } from '@khela/money';
import { ContentPage } from '../../../components/layouts/content-page.tsx';
import { AmountField } from '../../../components/ui/amount-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useAfterRound, useFairness, useInhouseGames, useRounds } from '../api/inhouse.ts';
import { RoundOutcome } from './round-outcome.tsx';
import '../../../components/ui/form.css';
import '../messages.ts';
import './originals.css';

/** A client-made key per bet: the same click sent twice plays once (issue 12, docs/api.md). */
export const newRequestId = () => `w${crypto.randomUUID().replaceAll('-', '')}`.slice(0, 32);

/** The server's message for a refused call, else a network failure's. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * A game's page: its title, the balance, the controls and board, its seeds, and its last rounds.
 * `seeds={false}` leaves out the member's seed pair (crash draws from a published hash chain).
 */
export function GameShell({
  game,
  balance,
  intro: gameIntro,
  seeds = true,
  children,
}: {
  game: InhouseGameName;
  balance?: ReactNode;
  /** The line under the title (default: the seeds' fairness line). */
  intro?: string;
  seeds?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const fairness = useFairness(seeds ? token : null);
  const info = useInhouseGames().data?.games.find((g) => g.game === game);
  const intro = `${gameIntro ?? t('originals.intro')}${info ? ` ${t('originals.rtp', { rtp: info.rtp })}` : ''}`;
  return (
    <ContentPage title={info?.name ?? t(`originals.names.${game}`)} intro={intro}>
      <div className="originals">
        {balance ? (
          <p className="originals__balance">
            {t('originals.balance')}: <strong>{balance}</strong>
          </p>
        ) : null}
        {children}
        {seeds ? (
          <section className="originals__seeds" aria-label={t('originals.fairness.title')}>
            <p>
              {t('originals.fairness.hash')}:{' '}
              <code className="originals__hash">{fairness.data?.current.serverSeedHash ?? '…'}</code>
            </p>
            <p>
              {t('originals.fairness.nonce')}: {fairness.data?.current.nonce ?? '…'} ·{' '}
              <Link to="/originals/fairness">{t('originals.fairness.link')}</Link>
            </p>
          </section>
        ) : null}
        {token ? <RecentRounds game={game} /> : null}
      </div>
    </ContentPage>
  );
}

/** The stake field with the game's limits; `value` is the decimal text typed. */
export function StakeField({
  game,
  id,
  label,
  value,
  onChange,
  disabled,
}: {
  game: InhouseGameName;
  id: string;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const info = useInhouseGames().data?.games.find((g) => g.game === game);
  return (
    <AmountField
      id={id}
      label={label ?? t('originals.stake')}
      value={value}
      onChange={onChange}
      disabled={disabled}
      {...(info && { hint: t('originals.limits', { min: formatAmount(info.minBet), max: formatAmount(info.maxBet) }) })}
    />
  );
}

/** What a settled round did, in one line (for the status region under a game). */
export function resultText(t: (key: string, values?: Record<string, string>) => string, round: InhouseRound) {
  if (round.state === 'refunded') return t('originals.result.refund');
  if (round.state === 'open' || round.payout === null) return '';
  return round.payout !== '0.00'
    ? t('originals.result.win', { amount: formatAmount(round.payout) })
    : t('originals.result.loss');
}

/** The member's last 10 rounds of a game, each linking to its details (issue 12 item 4). */
export function RecentRounds({ game }: { game?: InhouseGameName }) {
  const { t, i18n } = useTranslation();
  const token = useSessionToken();
  const rounds = useRounds(token, { pageSize: '10', ...(game && { game }) });
  const list = rounds.data?.list ?? [];
  return (
    <section className="originals__recent" aria-labelledby="originals-recent">
      <h2 id="originals-recent" className="originals__subtitle">
        {t('originals.rounds.last')}
      </h2>
      {rounds.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : list.length === 0 ? (
        <p className="originals__muted">{t('originals.rounds.emptyBody')}</p>
      ) : (
        <ul className="originals__round-list">
          {list.map((round) => (
            <li key={round.roundId}>
              <Link to={`/originals/rounds/${round.roundId}`} className="originals__round-link">
                <span>{t(`originals.names.${round.game}`)}</span>
                <span>{formatDateTime(round.createdAt, i18n.language)}</span>
                <span>
                  {formatAmount(round.stake)} →{' '}
                  {round.payout === null ? t(`originals.rounds.state.${round.state}`) : formatAmount(round.payout)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/originals/rounds">{t('originals.rounds.link')}</Link>
      </p>
    </section>
  );
}

/**
 * A game's calls as the page makes them: one at a time (`busy` disables the buttons), the last round
 * kept, a refusal's message shown, and the balance, seeds and rounds read again after each call.
 */
export function usePlay() {
  const { t } = useTranslation();
  const afterRound = useAfterRound();
  const [round, setRound] = useState<InhouseRound | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function play(action: () => Promise<InhouseRound>): Promise<InhouseRound | null> {
    setBusy(true);
    setError('');
    try {
      const played = await action();
      setRound(played);
      return played;
    } catch (failure) {
      setError(errorText(failure, t('common.networkError')));
      return null;
    } finally {
      setBusy(false);
      afterRound();
    }
  }
  return { round, setRound, error, busy, play };
}

/** A round's outcome and result, shown under a game after it is played. */
export function LastResult({ round, error }: { round: InhouseRound | null; error: string }) {
  const { t } = useTranslation();
  return (
    <div className="originals__result" role="status" aria-live="polite">
      {error ? <p className="originals__error">{error}</p> : null}
      {round ? (
        <>
          <RoundOutcome round={round} />
          <p className="originals__result-line">{resultText(t, round)}</p>
        </>
      ) : null}
    </div>
  );
}

/** Auto-play settings (rounds, stop on a loss, stop at a profit) and the loop that runs them. */
export function useAutoPlay(playOnce: () => Promise<InhouseRound | null>) {
  const [left, setLeft] = useState(0);
  const [running, setRunning] = useState(false);
  const stop = useRef(false);
  async function start(rounds: number, stopOnLoss: boolean, stopProfit: bigint | null) {
    setRunning(true);
    stop.current = false;
    let profit = 0n;
    for (let i = rounds; i > 0 && !stop.current; i--) {
      setLeft(i);
      const round = await playOnce();
      if (!round) break;
      const won = round.payout !== null && round.payout !== '0.00';
      profit += parseMinor(round.payout ?? '0') - parseMinor(round.stake);
      if (stopOnLoss && !won) break;
      if (stopProfit !== null && profit >= stopProfit) break;
    }
    setLeft(0);
    setRunning(false);
  }
  return { left, running, start, stop: () => (stop.current = true) };
}

/** Auto-play's form: how many rounds and when to stop. */
export function AutoPlay({ auto, disabled }: { auto: ReturnType<typeof useAutoPlay>; disabled: boolean }) {
  const { t } = useTranslation();
  const [rounds, setRounds] = useState('10');
  const [stopOnLoss, setStopOnLoss] = useState(false);
  const [profit, setProfit] = useState('');
  return (
    <details className="originals__auto">
      <summary>{t('originals.auto.title')}</summary>
      <div className="originals__auto-body">
        <label>
          {t('originals.auto.rounds')}
          <input
            type="number"
            min={1}
            max={100}
            value={rounds}
            onChange={(e) => setRounds(e.target.value)}
            disabled={auto.running}
          />
        </label>
        <label>
          <input type="checkbox" checked={stopOnLoss} onChange={(e) => setStopOnLoss(e.target.checked)} />{' '}
          {t('originals.auto.stopOnLoss')}
        </label>
        <label>
          {t('originals.auto.stopProfit')}
          <input
            inputMode="decimal"
            value={profit}
            onChange={(e) => setProfit(e.target.value)}
            disabled={auto.running}
          />
        </label>
        {auto.running ? (
          <button type="button" className="button" onClick={auto.stop}>
            {t('originals.auto.stop')} ({t('originals.auto.left', { count: auto.left })})
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={disabled}
            onClick={() =>
              void auto.start(
                Math.min(100, Math.max(1, Number(rounds) || 1)),
                stopOnLoss,
                /^\d+(\.\d{1,2})?$/.test(profit) ? parseMinor(profit) : null,
              )
            }
          >
            {t('originals.auto.start')}
          </button>
        )}
      </div>
    </details>
  );
}
