import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportsEvent, SportsMarket, SportsSelection } from '@khela/contracts';
import { pickLabel } from '../utils/labels.ts';
import { oddsMove } from '../utils/slip.ts';
import { slipStore } from '../utils/slip-store.ts';

/** How long a moved price stays highlighted. */
const FLASH_MS = 2_500;

/**
 * One price: tapping it puts the pick on the bet slip (again: takes it off). A price that moved
 * since the last read flashes green (up) or red (down) and says so to screen readers.
 */
export function OddsButton({
  event,
  market,
  selection,
  label,
  selected,
}: {
  event: SportsEvent;
  market: SportsMarket;
  selection: SportsSelection;
  /** The short label shown above the price (1/X/2, Over 2.5, the team). */
  label: string;
  selected: boolean;
}) {
  const { t } = useTranslation();
  const previous = useRef(selection.odds);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    const move = oddsMove(previous.current, selection.odds);
    previous.current = selection.odds;
    if (!move) return;
    setFlash(move);
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [selection.odds]);

  const open = event.bettable && market.status === 'open';
  const pick = pickLabel(t, event, market, selection.code);
  return (
    <button
      type="button"
      className={`sb-odds${flash ? ` sb-odds--${flash}` : ''}`}
      aria-pressed={selected}
      disabled={!open}
      aria-label={`${t('sports.oddsFor', { pick, odds: selection.odds })}${flash ? `, ${t(flash === 'up' ? 'sports.oddsUp' : 'sports.oddsDown')}` : ''}`}
      onClick={() =>
        slipStore.toggle({
          selectionId: selection.id,
          eventId: event.id,
          marketId: market.id,
          eventName: t('sports.vs', { home: event.home, away: event.away }),
          pick,
          odds: selection.odds,
          minStake: market.minStake,
          maxStake: market.maxStake,
        })
      }
    >
      <span className="sb-odds__label">{label}</span>
      <span className="sb-odds__price">
        {open ? selection.odds : market.status === 'suspended' ? t('sports.suspended') : t('sports.closed')}
        {flash ? (
          <span className="sb-odds__arrow" aria-hidden="true">
            {flash === 'up' ? '▲' : '▼'}
          </span>
        ) : null}
      </span>
    </button>
  );
}
