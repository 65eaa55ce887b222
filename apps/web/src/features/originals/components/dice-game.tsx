import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { diceMultiplierBp, type DiceDirection } from '@khela/games';
import { diceBet } from '../api/inhouse.ts';
import { AutoPlay, GameShell, LastResult, newRequestId, StakeField, useAutoPlay, usePlay } from './shared.tsx';

/** Dice (issue 12 item 2): a win chance of 1–98 %, under it or over its mirror; pays 99 % ÷ chance. */
export function DiceGame({ balance }: { balance?: ReactNode }) {
  const { t } = useTranslation();
  const [stake, setStake] = useState('1.00');
  const [chance, setChance] = useState(50);
  const [direction, setDirection] = useState<DiceDirection>('under');
  const { round, error, busy, play } = usePlay();
  const chanceBp = chance * 100;
  const playOnce = () => play(() => diceBet({ requestId: newRequestId(), stake, chanceBp, direction }));
  const auto = useAutoPlay(playOnce);
  const target = direction === 'under' ? chance : 100 - chance;

  return (
    <GameShell game="dice" balance={balance}>
      <form
        className="originals__controls form"
        onSubmit={(event) => {
          event.preventDefault();
          void playOnce();
        }}
      >
        <StakeField game="dice" id="dice-stake" value={stake} onChange={setStake} disabled={busy || auto.running} />
        <label className="originals__slider" htmlFor="dice-chance">
          {t('originals.dice.chance', { chance: chance.toFixed(2) })}
          <input
            id="dice-chance"
            type="range"
            min={1}
            max={98}
            value={chance}
            onChange={(e) => setChance(Number(e.target.value))}
            disabled={auto.running}
          />
        </label>
        <div
          className="originals__toggle"
          role="radiogroup"
          aria-label={t('originals.dice.target', { target: target.toFixed(2) })}
        >
          {(['under', 'over'] as const).map((d) => (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={direction === d}
              className={`button${direction === d ? ' button--primary' : ''}`}
              onClick={() => setDirection(d)}
            >
              {t(`originals.dice.${d}`)} {(d === 'under' ? chance : 100 - chance).toFixed(2)}
            </button>
          ))}
        </div>
        <p className="originals__muted">
          {t('originals.multiplier')}: ×{(diceMultiplierBp(chanceBp) / 10_000).toFixed(4)}
        </p>
        <button type="submit" className="button button--primary" disabled={busy || auto.running}>
          {busy ? t('originals.playing') : t('originals.dice.roll')}
        </button>
        <AutoPlay auto={auto} disabled={busy} />
      </form>
      <LastResult round={round} error={error} />
    </GameShell>
  );
}
