import { useTranslation } from 'react-i18next';
import { cardName, SLOT, type SlotSymbol } from '@khela/games';
import type { InhouseRound } from '@khela/contracts';
import { formatAmount } from '../../../lib/format.ts';

interface SpinView {
  window: SlotSymbol[][];
  lineWins: { line: number; symbol: SlotSymbol; count: number; win: string }[];
  scatters: number;
  scatterWin: string;
  multiplier: number;
}

const SYMBOL_GLYPHS: Record<SlotSymbol, string> = {
  ten: '10',
  jack: 'J',
  queen: 'Q',
  king: 'K',
  ace: 'A',
  lotus: '✿',
  peacock: '❦',
  elephant: '♜',
  tiger: '♛',
  wild: 'W',
  scatter: '★',
};

/** A slot window, reel by reel, the winning lines' cells marked. */
export function SlotWindow({ spin }: { spin: SpinView }) {
  const { t } = useTranslation();
  const winning = new Set(
    spin.lineWins.flatMap((w) => SLOT.paylines[w.line]!.slice(0, w.count).map((row, reel) => `${reel}:${row}`)),
  );
  return (
    <div
      className="slot-window"
      role="img"
      aria-label={spin.window.map((reel) => reel.map((s) => t(`originals.slot.symbols.${s}`)).join(', ')).join(' | ')}
    >
      {[0, 1, 2].map((row) =>
        spin.window.map((reel, r) => (
          <span
            key={`${r}:${row}`}
            className={`slot-cell slot-cell--${reel[row]}${winning.has(`${r}:${row}`) ? ' slot-cell--win' : ''}`}
            aria-hidden="true"
          >
            {SYMBOL_GLYPHS[reel[row]!]}
          </span>
        )),
      )}
    </div>
  );
}

/** A card face: rank and suit, red suits in red. */
export function CardFace({ card }: { card: number }) {
  const name = cardName(card);
  const red = Math.floor(card / 13) === 1 || Math.floor(card / 13) === 2;
  return <span className={`playing-card${red ? ' playing-card--red' : ''}`}>{name}</span>;
}

/** A round's outcome drawn as its game draws it (issue 12 item 4: recall). */
export function RoundOutcome({ round }: { round: InhouseRound }) {
  const { t } = useTranslation();
  const outcome = round.outcome ?? {};
  switch (round.game) {
    case 'dice': {
      const roll = Number(outcome.roll);
      const bet = round.bet as { chanceBp: number; direction: 'under' | 'over' };
      return (
        <div className="dice-outcome">
          <div className="dice-track" aria-hidden="true">
            <span
              className={`dice-track__win dice-track__win--${bet.direction}`}
              style={{ width: `${bet.chanceBp / 100}%` }}
            />
            <span className="dice-track__marker" style={{ left: `${roll / 100}%` }} />
          </div>
          <p className={`dice-outcome__roll${outcome.won ? ' is-win' : ''}`}>
            {t('originals.dice.rolled', { roll: (roll / 100).toFixed(2) })} · {t(`originals.dice.${bet.direction}`)}{' '}
            {(bet.direction === 'under' ? bet.chanceBp / 100 : 100 - bet.chanceBp / 100).toFixed(2)}
          </p>
        </div>
      );
    }
    case 'mines':
      return <MinesBoard round={round} />;
    case 'slot': {
      const spins = (outcome.spins as SpinView[] | undefined) ?? [];
      return (
        <div className="slot-outcome">
          {spins.map((spin, i) => (
            <div key={i} className="slot-outcome__spin">
              {i > 0 ? (
                <p className="originals__muted">
                  {t('originals.slot.freeSpins', { n: String(i), total: String(spins.length - 1) })}
                </p>
              ) : null}
              <SlotWindow spin={spin} />
              {spin.lineWins.length || spin.scatterWin !== '0.00' ? (
                <ul className="slot-outcome__wins">
                  {spin.lineWins.map((w) => (
                    <li key={w.line}>
                      {t('originals.slot.line', {
                        line: String(w.line + 1),
                        count: String(w.count),
                        symbol: t(`originals.slot.symbols.${w.symbol}`),
                        amount: formatAmount(w.win),
                      })}
                    </li>
                  ))}
                  {spin.scatterWin !== '0.00' ? (
                    <li>
                      {t('originals.slot.scatter', {
                        count: String(spin.scatters),
                        amount: formatAmount(spin.scatterWin),
                      })}
                    </li>
                  ) : null}
                </ul>
              ) : null}
            </div>
          ))}
        </div>
      );
    }
    case 'andar-bahar': {
      const deal = outcome as { joker?: number; andar?: number[]; bahar?: number[]; winner?: 'andar' | 'bahar' };
      if (deal.joker === undefined) return null;
      return (
        <div className="ab-outcome">
          <p>
            {t('originals.andarBahar.joker')}: <CardFace card={deal.joker} />
          </p>
          {(['andar', 'bahar'] as const).map((side) => (
            <p key={side} className={deal.winner === side ? 'ab-outcome__pile is-win' : 'ab-outcome__pile'}>
              <span className="ab-outcome__label">{t(`originals.andarBahar.${side}Pile`)}</span>
              {(deal[side] ?? []).map((card, i) => (
                <CardFace key={i} card={card} />
              ))}
            </p>
          ))}
          <p>{t('originals.andarBahar.winner', { side: t(`originals.andarBahar.${deal.winner ?? 'andar'}Pile`) })}</p>
        </div>
      );
    }
    case 'crash': {
      // Open while riding: no outcome yet; a cash-out before the crash has no crash point or hash yet.
      const crash = outcome as { crashPoint?: string | null; cashedOutAt?: string | null; hash?: string | null };
      const auto = (round.bet as { autoCashOut?: string | null }).autoCashOut;
      return (
        <div className="crash-outcome">
          {crash.crashPoint ? (
            <p className="crash-outcome__point">{t('originals.crash.crashedAt', { point: crash.crashPoint })}</p>
          ) : (
            <p className="originals__muted">{t('originals.crash.pending')}</p>
          )}
          <p>
            {crash.cashedOutAt
              ? `${t('originals.crash.cashedOutAt')}: ×${crash.cashedOutAt}`
              : t('originals.crash.notCashedOut')}
          </p>
          {auto ? <p className="originals__muted">{t('originals.crash.auto', { at: auto })}</p> : null}
          {crash.hash ? (
            <p>
              {t('originals.crash.hash')}: <code className="originals__hash">{crash.hash}</code>
            </p>
          ) : null}
        </div>
      );
    }
    default:
      return null;
  }
}

/** The 5 × 5 board of a mines round: opened gems, the mine hit, and (once ended) every mine. */
export function MinesBoard({
  round,
  onReveal,
  disabled,
}: {
  round: InhouseRound | null;
  onReveal?: (cell: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const outcome = (round?.outcome ?? {}) as { revealed?: number[]; mines?: number[]; hit?: number };
  const revealed = new Set(outcome.revealed ?? []);
  const mines = new Set(outcome.mines ?? []);
  const open = round?.state === 'open';
  return (
    <div className="mines-board" role="group" aria-label={t('originals.mines.board')}>
      {Array.from({ length: 25 }, (_, cell) => {
        const gem = revealed.has(cell) && !mines.has(cell);
        const mine = mines.has(cell);
        const state = gem ? 'gem' : mine ? 'mine' : 'hidden';
        return (
          <button
            key={cell}
            type="button"
            className={`mines-cell mines-cell--${state}${outcome.hit === cell ? ' mines-cell--hit' : ''}`}
            aria-label={`${t('originals.mines.cell', { n: String(cell + 1) })}: ${t(`originals.mines.${state}`)}`}
            disabled={!open || !onReveal || revealed.has(cell) || disabled}
            onClick={() => onReveal?.(cell)}
          >
            {gem ? '◆' : mine ? '✸' : ''}
          </button>
        );
      })}
    </div>
  );
}
