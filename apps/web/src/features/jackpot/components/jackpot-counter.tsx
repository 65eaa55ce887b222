import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatJackpot, jackpotDelay, jackpotStart, jackpotStep, type Random } from '../utils/jackpot.ts';
import './jackpot.css';

/** Grows the §4 jackpot on its random schedule; the timer is cleared on unmount. */
export function useJackpot(random: Random = Math.random): number {
  const [value, setValue] = useState(() => jackpotStart(random));
  useEffect(() => {
    let timer: number;
    const schedule = () => {
      timer = window.setTimeout(() => {
        setValue((current) => current + jackpotStep(random));
        schedule();
      }, jackpotDelay(random));
    };
    schedule();
    return () => window.clearTimeout(timer);
  }, [random]);
  return value;
}

const SYMBOLS: Record<string, string> = { BDT: '৳', INR: '₹', USD: '$', EUR: '€' };
const currencySymbol = (code: string) => SYMBOLS[code] ?? code;

/**
 * The jackpot counter (§2 home, §4). It changes every few seconds, so it is `aria-live="off"`:
 * a screen reader reads the figure when the user reaches it, never on each tick.
 */
export function JackpotCounter({ currency, random }: { currency?: string; random?: Random }) {
  const { t } = useTranslation();
  const titleId = useId();
  const value = useJackpot(random);
  const formatted = formatJackpot(value);
  return (
    <section className="jackpot" aria-labelledby={titleId}>
      <div className="jackpot__glow" aria-hidden="true" />
      <h2 id={titleId} className="jackpot__title">
        <svg className="jackpot__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M7 3h10v2h4v3a5 5 0 0 1-4.6 5A5 5 0 0 1 13 16v2h3v3H8v-3h3v-2a5 5 0 0 1-3.4-3A5 5 0 0 1 3 8V5h4V3Zm0 4H5v1a3 3 0 0 0 2 2.8V7Zm10 0v3.8A3 3 0 0 0 19 8V7h-2Z"
          />
        </svg>
        {t('jackpot.title')}
      </h2>
      <p className="jackpot__value" aria-live="off" data-testid="jackpot-value">
        {currency ? <span className="jackpot__currency">{currencySymbol(currency)}</span> : null}
        <span className="jackpot__digits">{formatted}</span>
      </p>
      <p className="jackpot__caption">{t('jackpot.caption')}</p>
    </section>
  );
}
