import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { crashTimeOf } from '@khela/games';
import type { CrashBet, CrashRound, CrashState, InhouseRound } from '@khela/contracts';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatAmount } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { openModal } from '../../../stores/modals.ts';
import { connectCrashEvents } from '../api/crash-events.ts';
import { crashBet, crashCashOut, crashClock, crashStateKey, useAfterRound, useCrashState } from '../api/inhouse.ts';
import {
  applyCrashEvent,
  autoCashOutProblem,
  betRoundId,
  crashTone,
  crashVerifyLink,
  curvePath,
  formatMultiplier,
  liveMultiplier,
  potentialPayout,
  secondsToStart,
} from '../utils/crash.ts';
import { GameShell, newRequestId, StakeField, usePlay } from './shared.tsx';

const GRAPH_W = 300;
const GRAPH_H = 150;

/** The server's clock, re-read every frame (`frame`), four times a second (`tick`) or once (`off`). */
function useServerNow(mode: 'frame' | 'tick' | 'off'): number {
  const [now, setNow] = useState(() => crashClock.now());
  useEffect(() => {
    setNow(crashClock.now());
    if (mode === 'off') return undefined;
    if (mode === 'tick') {
      const timer = setInterval(() => setNow(crashClock.now()), 250);
      return () => clearInterval(timer);
    }
    let frame = 0;
    const draw = () => {
      setNow(crashClock.now());
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [mode]);
  return now;
}

/** The member's bet if it is in `round` (the state's own, else the one just placed). */
function betIn(round: CrashRound | null, ...bets: (InhouseRound | null)[]): InhouseRound | null {
  if (!round) return null;
  return bets.find((bet) => bet && betRoundId(bet) === round.roundId) ?? null;
}

/**
 * Crash (issue 12): one round shared by every player, its crash point fixed in advance by a
 * published hash chain. The multiplier is drawn from the server's clock; the stream moves the
 * round and its bets on; visitors watch, members bet and cash out (Space does either).
 */
export function CrashGame({ balance }: { balance?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const afterRound = useAfterRound();
  const crash = useCrashState(token);
  const { round: played, setRound: setPlayed, error, busy, play } = usePlay();
  const [stake, setStake] = useState('1.00');
  const [auto, setAuto] = useState('');
  const [settled, setSettled] = useState<InhouseRound | null>(null);
  const language = i18n.language;

  const state = crash.data;
  const round = state?.round ?? null;
  const mine = betIn(round, state?.myBet ?? null, played);

  // The stream: each event moves the cached state on; a (re)connection reads it all again.
  useEffect(() => {
    const key = crashStateKey(token, language);
    return connectCrashEvents({
      token,
      language,
      onOpen: () => void queryClient.invalidateQueries({ queryKey: key }),
      onEvent: (event) => {
        crashClock.sync(event.serverTime);
        const before = queryClient.getQueryData<CrashState>(key);
        if (!before) return;
        queryClient.setQueryData<CrashState>(key, applyCrashEvent(before, event));
        // The member's open bet ended without a call of theirs (auto cash-out, crash): read it and the balance.
        const open = before.myBet?.state === 'open' ? before.myBet : null;
        if (
          open &&
          ((event.type === 'bet' && event.bet.betId === open.roundId && event.bet.state !== 'open') ||
            (event.type === 'round' && event.round.state === 'crashed' && event.round.roundId === betRoundId(open)))
        ) {
          void queryClient.invalidateQueries({ queryKey: key });
          afterRound();
        }
      },
    });
  }, [token, language, queryClient, afterRound]);

  useEffect(() => {
    if (mine && mine.state !== 'open') setSettled(mine);
  }, [mine]);

  /** A bet or cash-out's answer becomes the state's `myBet` while its round is shown. */
  const keep = (answer: InhouseRound) => {
    queryClient.setQueryData<CrashState>(crashStateKey(token, language), (s) =>
      s && s.round?.roundId === betRoundId(answer) ? { ...s, myBet: answer } : s,
    );
    if (answer.state !== 'open') setSettled(answer);
  };
  /** A refused call (already bet elsewhere, too late…): the state is read again, the member's bet with it. */
  const keepOrReload = (answer: InhouseRound | null) => {
    if (answer) keep(answer);
    else void queryClient.invalidateQueries({ queryKey: crashStateKey(token, language) });
  };
  const autoProblem = autoCashOutProblem(auto);
  const canBet = Boolean(token && round?.state === 'betting' && !mine && !busy && !autoProblem);
  const canCashOut = Boolean(mine?.state === 'open' && round?.state === 'running' && !busy);
  const placeBet = () => {
    if (!canBet) return;
    setSettled(null);
    setPlayed(null);
    const autoCashOut = auto.trim();
    void play(() => crashBet({ requestId: newRequestId(), stake, ...(autoCashOut && { autoCashOut }) })).then(
      keepOrReload,
    );
  };
  const cashOut = () => {
    if (!canCashOut || !mine) return;
    void play(() => crashCashOut({ roundId: mine.roundId })).then(keepOrReload);
  };

  // Space bets in the betting window and cashes out in flight, unless a control has the focus.
  const actions = useRef({ placeBet, cashOut, canBet, canCashOut });
  actions.current = { placeBet, cashOut, canBet, canCashOut };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as Element | null;
      if (target?.closest?.('input, textarea, select, button, a, summary, [contenteditable="true"], [role="dialog"]')) {
        return;
      }
      const now = actions.current;
      if (now.canCashOut) {
        event.preventDefault();
        now.cashOut();
      } else if (now.canBet) {
        event.preventDefault();
        now.placeBet();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const phase = !round
    ? t('originals.crash.waiting')
    : round.state === 'crashed'
      ? t('originals.crash.crashedAt', { point: round.crashPoint ?? '' })
      : round.state === 'running'
        ? t('originals.crash.started')
        : t('originals.crash.bettingOpen');
  const salt = state?.chain?.salt ?? '';

  return (
    <GameShell game="crash" balance={balance} intro={t('originals.crash.intro')} seeds={false}>
      <LoadState pending={crash.isPending} error={crash.error} onRetry={() => void crash.refetch()}>
        <p className="visually-hidden" role="status">
          {phase}
        </p>
        <div className="crash">
          <CrashStage round={round} mine={mine} busy={busy} onCashOut={cashOut} />
          {token ? (
            <BetForm
              round={round}
              mine={mine}
              stake={stake}
              setStake={setStake}
              auto={auto}
              setAuto={setAuto}
              autoProblem={autoProblem}
              busy={busy}
              canBet={canBet}
              onBet={placeBet}
            />
          ) : (
            <div className="originals__controls crash__login">
              <p className="originals__muted">{t('originals.crash.loginToBet')}</p>
              <button type="button" className="button button--primary" onClick={() => openModal('login')}>
                {t('originals.crash.login')}
              </button>
            </div>
          )}
        </div>
        <div className="originals__result" role="status" aria-live="polite">
          {error ? <p className="originals__error">{error}</p> : null}
          {settled ? <p className="originals__result-line">{settledText(t, settled)}</p> : null}
        </div>
        <RecentCrashes recent={state?.recent ?? []} salt={salt} chainId={state?.chain?.chainId ?? ''} />
        <BetsTable bets={state?.bets ?? []} crashed={round?.state === 'crashed'} />
        <ChainFacts state={state ?? null} />
      </LoadState>
    </GameShell>
  );
}

/** What the member's settled bet did, in one line. */
function settledText(t: (key: string, values?: Record<string, string>) => string, bet: InhouseRound): string {
  if (bet.state === 'refunded') return t('originals.result.refund');
  const outcome = (bet.outcome ?? {}) as { crashPoint?: string; cashedOutAt?: string | null };
  if (outcome.cashedOutAt && bet.payout !== null) {
    return t('originals.crash.cashedOut', { at: String(outcome.cashedOutAt), amount: formatAmount(bet.payout) });
  }
  return t('originals.crash.lost', { point: String(outcome.crashPoint ?? '') });
}

/** The live multiplier over its curve, the countdown while betting, and the cash-out button in flight. */
function CrashStage({
  round,
  mine,
  busy,
  onCashOut,
}: {
  round: CrashRound | null;
  mine: InhouseRound | null;
  busy: boolean;
  onCashOut: () => void;
}) {
  const { t } = useTranslation();
  const now = useServerNow(round?.state === 'running' ? 'frame' : round?.state === 'betting' ? 'tick' : 'off');
  const state = round?.state ?? 'betting';
  const multiplier = round ? liveMultiplier(round, now) : 100;
  const elapsed =
    round?.state === 'running' && round.startedAt
      ? now - Date.parse(round.startedAt)
      : round?.state === 'crashed'
        ? crashTimeOf(multiplier)
        : 0;
  const path = curvePath(elapsed, GRAPH_W, GRAPH_H);
  const tip = path.split(' L').pop()!.replace('M', '').split(' ').map(Number);
  const seconds = round ? secondsToStart(round, now) : 0;
  const label =
    state === 'crashed'
      ? t('originals.crash.crashed')
      : state === 'running'
        ? t('originals.crash.flying')
        : round && seconds > 0
          ? t('originals.crash.startsIn', { seconds: String(seconds) })
          : t('originals.crash.waiting');
  const open = mine?.state === 'open';
  const autoAt = (mine?.bet as { autoCashOut?: string | null } | undefined)?.autoCashOut ?? null;
  return (
    <section className={`crash-stage crash-stage--${state}`} aria-label={t('originals.crash.stage')}>
      <svg
        className="crash-stage__graph"
        viewBox={`0 0 ${GRAPH_W} ${GRAPH_H}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {elapsed > 0 ? (
          <>
            <path className="crash-stage__area" d={`${path} L${tip[0]} ${GRAPH_H} L0 ${GRAPH_H} Z`} />
            <path className="crash-stage__line" d={path} vectorEffect="non-scaling-stroke" />
          </>
        ) : null}
      </svg>
      <div className="crash-stage__center">
        <p className="crash-stage__label">{label}</p>
        <p className="crash-stage__multiplier" data-testid="crash-multiplier">
          ×{formatMultiplier(multiplier)}
        </p>
        {open && mine ? (
          <p className="crash-stage__mine">
            {t(state === 'running' ? 'originals.crash.riding' : 'originals.crash.placed', {
              amount: formatAmount(mine.stake),
            })}
            {autoAt ? (
              <>
                <br />
                {t('originals.crash.auto', { at: autoAt })}
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {open && mine && state === 'running' ? (
        <button
          type="button"
          className="button button--primary crash-stage__cashout"
          disabled={busy}
          onClick={onCashOut}
          aria-keyshortcuts="Space"
        >
          {busy
            ? t('originals.crash.cashingOut')
            : t('originals.crash.cashOut', { amount: formatAmount(potentialPayout(mine.stake, multiplier)) })}
        </button>
      ) : null}
    </section>
  );
}

/** Stake and optional auto cash-out; the Bet button works only in the betting window, once a round. */
function BetForm({
  round,
  mine,
  stake,
  setStake,
  auto,
  setAuto,
  autoProblem,
  busy,
  canBet,
  onBet,
}: {
  round: CrashRound | null;
  mine: InhouseRound | null;
  stake: string;
  setStake: (value: string) => void;
  auto: string;
  setAuto: (value: string) => void;
  autoProblem: string | null;
  busy: boolean;
  canBet: boolean;
  onBet: () => void;
}) {
  const { t } = useTranslation();
  const closed = round?.state !== 'betting';
  return (
    <form
      className="originals__controls form crash__form"
      onSubmit={(event) => {
        event.preventDefault();
        onBet();
      }}
    >
      <StakeField game="crash" id="crash-stake" value={stake} onChange={setStake} disabled={busy || Boolean(mine)} />
      <TextField
        id="crash-auto"
        label={t('originals.crash.autoCashOut')}
        value={auto}
        onChange={setAuto}
        inputMode="decimal"
        autoComplete="off"
        maxLength={8}
        hint={t('originals.crash.autoHint')}
        error={autoProblem ? t('originals.crash.autoInvalid') : undefined}
        disabled={busy || Boolean(mine)}
      />
      <button type="submit" className="button button--primary" disabled={!canBet} aria-keyshortcuts="Space">
        {busy && !mine ? t('originals.crash.betting') : t('originals.crash.bet')}
      </button>
      {closed && !mine ? <p className="originals__muted">{t('originals.crash.closed')}</p> : null}
      <p className="originals__muted crash__keys">{t('originals.crash.keyboard')}</p>
    </form>
  );
}

/** The last crash points, newest first, each opening the verify page filled in. */
function RecentCrashes({ recent, salt, chainId }: { recent: CrashRound[]; salt: string; chainId: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="crash-recent">
      <h2 id="crash-recent" className="originals__subtitle">
        {t('originals.crash.recent')}
      </h2>
      {recent.length === 0 ? (
        <p className="originals__muted">{t('originals.crash.noRecent')}</p>
      ) : (
        <ol className="crash-recent">
          {recent.map((r) => {
            const point = r.crashPoint ?? '1.00';
            const link = crashVerifyLink(r, r.chainId === chainId ? salt : '');
            const chip = <span aria-hidden="true">×{point}</span>;
            return (
              <li key={r.roundId}>
                {link ? (
                  <Link
                    to={link}
                    className={`crash-chip crash-chip--${crashTone(point)}`}
                    aria-label={t('originals.crash.recentItem', { point })}
                  >
                    {chip}
                  </Link>
                ) : (
                  <span className={`crash-chip crash-chip--${crashTone(point)}`}>×{point}</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** Every bet of the round shown: the player (masked), stake, cash-out and payout (nothing once crashed riding). */
function BetsTable({ bets, crashed }: { bets: CrashBet[]; crashed: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="crash-bets">
      <h2 id="crash-bets" className="originals__subtitle">
        {t('originals.crash.bets')} ({bets.length})
      </h2>
      {bets.length === 0 ? (
        <p className="originals__muted">{t('originals.crash.noBets')}</p>
      ) : (
        <div className="originals__table-wrap">
          <table className="originals__table crash-bets">
            <thead>
              <tr>
                <th scope="col">{t('originals.crash.player')}</th>
                <th scope="col">{t('originals.stake')}</th>
                <th scope="col">{t('originals.crash.cashedOutAt')}</th>
                <th scope="col">{t('originals.payout')}</th>
              </tr>
            </thead>
            <tbody>
              {bets.map((bet) => (
                <tr key={bet.betId} className={bet.cashedOutAt ? 'crash-bets__won' : undefined}>
                  <td>{bet.player}</td>
                  <td>{formatAmount(bet.stake)}</td>
                  <td>{bet.cashedOutAt ? `×${bet.cashedOutAt}` : '–'}</td>
                  <td>
                    {bet.payout !== null
                      ? formatAmount(bet.payout)
                      : crashed && bet.state === 'open'
                        ? formatAmount('0.00')
                        : '–'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The published chain: its head and salt, and the hash this round's must hash to. */
function ChainFacts({ state }: { state: CrashState | null }) {
  const { t } = useTranslation();
  const chain = state?.chain;
  if (!chain) return null;
  return (
    <section className="originals__seeds" aria-labelledby="crash-chain">
      <h2 id="crash-chain" className="originals__subtitle">
        {t('originals.crash.chain')}
      </h2>
      <p className="originals__muted">{t('originals.crash.chainHelp')}</p>
      <dl className="originals__facts">
        <dt>{t('originals.crash.headHash')}</dt>
        <dd>
          <code className="originals__hash">{chain.headHash}</code>
        </dd>
        <dt>{t('originals.crash.salt')}</dt>
        <dd>
          <code className="originals__hash">{chain.salt}</code>
        </dd>
        {state.round ? (
          <>
            <dt>{t('originals.crash.previousHash')}</dt>
            <dd>
              <code className="originals__hash">{state.round.previousHash}</code>
            </dd>
          </>
        ) : null}
      </dl>
      <p>
        <Link to={`/originals/verify?${new URLSearchParams({ game: 'crash', salt: chain.salt }).toString()}`}>
          {t('originals.crash.verify')}
        </Link>
      </p>
    </section>
  );
}
