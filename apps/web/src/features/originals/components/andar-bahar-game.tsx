import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AndarBaharSide } from '@khela/games';
import { andarBaharBet } from '../api/inhouse.ts';
import { AutoPlay, GameShell, LastResult, newRequestId, StakeField, useAutoPlay, usePlay } from './shared.tsx';

/** Andar Bahar (issue 12 item 2): the joker first, then Andar and Bahar in turn until its rank comes. */
export function AndarBaharGame({ balance }: { balance?: ReactNode }) {
  const { t } = useTranslation();
  const [stake, setStake] = useState('10.00');
  const [side, setSide] = useState<AndarBaharSide>('andar');
  const { round, error, busy, play } = usePlay();
  const deal = () => play(() => andarBaharBet({ requestId: newRequestId(), stake, side }));
  const auto = useAutoPlay(deal);

  return (
    <GameShell game="andar-bahar" balance={balance}>
      <form
        className="originals__controls form"
        onSubmit={(event) => {
          event.preventDefault();
          void deal();
        }}
      >
        <StakeField
          game="andar-bahar"
          id="ab-stake"
          value={stake}
          onChange={setStake}
          disabled={busy || auto.running}
        />
        <div className="originals__toggle" role="radiogroup" aria-label={t('originals.andarBahar.side')}>
          {(['andar', 'bahar'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={side === s}
              className={`button${side === s ? ' button--primary' : ''}`}
              onClick={() => setSide(s)}
            >
              {t(`originals.andarBahar.${s}`)}
            </button>
          ))}
        </div>
        <button type="submit" className="button button--primary" disabled={busy || auto.running}>
          {busy ? t('originals.playing') : t('originals.andarBahar.deal')}
        </button>
        <AutoPlay auto={auto} disabled={busy} />
      </form>
      <LastResult round={round} error={error} />
    </GameShell>
  );
}
