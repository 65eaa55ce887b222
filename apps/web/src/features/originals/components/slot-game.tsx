import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SLOT, slotStake, type LineSymbol } from '@khela/games';
import { parseMinor } from '@khela/money';
import { formatAmount } from '../../../lib/format.ts';
import { slotSpin } from '../api/inhouse.ts';
import { AutoPlay, GameShell, LastResult, newRequestId, StakeField, useAutoPlay, usePlay } from './shared.tsx';

/** The slot (issue 12 item 2): 5 × 3, 20 lines, wilds, scatters and free spins; its pay table in its help. */
export function SlotGame({ balance }: { balance?: ReactNode }) {
  const { t } = useTranslation();
  const [lineBet, setLineBet] = useState('0.05');
  const { round, error, busy, play } = usePlay();
  let total = '';
  try {
    total = formatAmount(slotStake(parseMinor(lineBet)));
  } catch {
    total = '';
  }

  const playOnce = () => play(() => slotSpin({ requestId: newRequestId(), lineBet }));
  const auto = useAutoPlay(playOnce);

  return (
    <GameShell game="slot" balance={balance}>
      <form
        className="originals__controls form"
        onSubmit={(event) => {
          event.preventDefault();
          void playOnce();
        }}
      >
        <StakeField
          game="slot"
          id="slot-line-bet"
          label={t('originals.slot.lineBet')}
          value={lineBet}
          onChange={setLineBet}
          disabled={busy || auto.running}
        />
        {total ? <p className="originals__muted">{t('originals.slot.totalBet', { amount: total })}</p> : null}
        <button type="submit" className="button button--primary" disabled={busy || auto.running}>
          {busy ? t('originals.playing') : t('originals.slot.spin')}
        </button>
        <AutoPlay auto={auto} disabled={busy} />
      </form>
      <LastResult round={round} error={error} />
      <details className="originals__help">
        <summary>{t('originals.slot.help')}</summary>
        <p>{t('originals.slot.helpIntro')}</p>
        <table className="originals__table">
          <thead>
            <tr>
              <th scope="col">{t('originals.slot.symbol')}</th>
              <th scope="col">{t('originals.slot.pays')}</th>
            </tr>
          </thead>
          <tbody>
            {(Object.entries(SLOT.linePays) as [LineSymbol, readonly number[]][]).map(([symbol, pays]) => (
              <tr key={symbol}>
                <td>{t(`originals.slot.symbols.${symbol}`)}</td>
                <td>{pays.map((p) => `×${p}`).join(' / ')}</td>
              </tr>
            ))}
            <tr>
              <td>{t('originals.slot.symbols.scatter')}</td>
              <td>{SLOT.scatterPays.map((p) => `×${p}`).join(' / ')}</td>
            </tr>
          </tbody>
        </table>
      </details>
    </GameShell>
  );
}
