import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { minesMultiplierBp, minesPayout } from '@khela/games';
import { parseMinor } from '@khela/money';
import { formatAmount } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { minesCashOut, minesReveal, minesStart, useOpenRound } from '../api/inhouse.ts';
import { MinesBoard } from './round-outcome.tsx';
import { GameShell, newRequestId, resultText, StakeField, usePlay } from './shared.tsx';

/** Mines (issue 12 item 2): 5 × 5, 1–24 mines, cash out after any gem; an open round resumes here. */
export function MinesGame({ balance }: { balance?: ReactNode }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const open = useOpenRound(token, 'mines');
  const [stake, setStake] = useState('1.00');
  const [mines, setMines] = useState(3);
  const { round, setRound, error, busy, play: step } = usePlay();
  const [resumed, setResumed] = useState(false);

  useEffect(() => {
    if (open.data?.round && !round) {
      setRound(open.data.round);
      setResumed(true);
    }
  }, [open.data, round, setRound]);

  const running = round?.state === 'open';
  const count = running ? Number((round.bet as { mines: number }).mines) : mines;
  const found = running ? ((round.outcome as { revealed?: number[] } | null)?.revealed ?? []).length : 0;
  const payout = running && found > 0 ? formatAmount(minesPayout(parseMinor(round.stake), count, found)) : '';
  const next = running && found < 25 - count ? (minesMultiplierBp(count, found + 1) / 10_000).toFixed(2) : '';

  return (
    <GameShell game="mines" balance={balance}>
      <div className="originals__controls form">
        {resumed && running ? <p className="originals__muted">{t('originals.mines.resumed')}</p> : null}
        {running ? (
          <>
            <p className="originals__muted">{t('originals.mines.pick')}</p>
            {next ? <p className="originals__muted">{t('originals.mines.next', { next })}</p> : null}
            <button
              type="button"
              className="button button--primary"
              disabled={busy || found === 0}
              onClick={() => void step(() => minesCashOut({ roundId: round.roundId }))}
            >
              {t('originals.mines.cashOut', { amount: payout || formatAmount('0.00') })}
            </button>
          </>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setResumed(false);
              void step(() => minesStart({ requestId: newRequestId(), stake, mines }));
            }}
          >
            <StakeField game="mines" id="mines-stake" value={stake} onChange={setStake} disabled={busy} />
            <label className="originals__slider" htmlFor="mines-count">
              {t('originals.mines.count')}: {mines}
              <input
                id="mines-count"
                type="range"
                min={1}
                max={24}
                value={mines}
                onChange={(e) => setMines(Number(e.target.value))}
              />
            </label>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('originals.playing') : t('originals.mines.start')}
            </button>
          </form>
        )}
      </div>
      <div className="originals__result" role="status" aria-live="polite">
        {error ? <p className="originals__error">{error}</p> : null}
        <MinesBoard
          round={round}
          disabled={busy}
          onReveal={(cell) => void step(() => minesReveal({ roundId: round!.roundId, cell }))}
        />
        {round && !running ? <p className="originals__result-line">{resultText(t, round)}</p> : null}
      </div>
    </GameShell>
  );
}
