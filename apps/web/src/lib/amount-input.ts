import { parseMinor, toDecimalString } from '@khela/money';

/** Why an amount typed by the member is refused before anything is sent. */
export type AmountProblem = 'required' | 'format' | 'decimals' | 'zero' | 'belowMin' | 'aboveMax' | 'overBalance';

export interface AmountBounds {
  /** Wire amounts ("100.00"); each is checked only when given. */
  min?: string | null;
  max?: string | null;
  balance?: string | null;
}

export type AmountCheck = { ok: true; minor: bigint; wire: string } | { ok: false; problem: AmountProblem };

/** 13 whole digits at most, the contract's limit (amountSchema). */
const SHAPE = /^\d{1,13}(\.\d*)?$/;

function minorOf(wire: string | null | undefined): bigint | undefined {
  if (!wire) return undefined;
  try {
    return parseMinor(wire);
  } catch {
    return undefined;
  }
}

/**
 * ARCHITECTURE §4 in the browser: the typed text is parsed digit by digit into minor units (never
 * a float), refused when empty, not a plain decimal, finer than a minor unit (3+ decimals), zero,
 * or outside the channel's min/max or the balance; when accepted, `wire` is the exact string sent.
 */
export function checkAmount(input: string, bounds: AmountBounds = {}): AmountCheck {
  const text = input.trim().replace(/,/g, '');
  if (!text) return { ok: false, problem: 'required' };
  if (!SHAPE.test(text)) return { ok: false, problem: 'format' };
  const [, fraction = ''] = text.split('.');
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  const minor = parseMinor(text.endsWith('.') ? text.slice(0, -1) : text);
  if (minor === 0n) return { ok: false, problem: 'zero' };
  const min = minorOf(bounds.min);
  const max = minorOf(bounds.max);
  const balance = minorOf(bounds.balance);
  if (min !== undefined && minor < min) return { ok: false, problem: 'belowMin' };
  if (max !== undefined && minor > max) return { ok: false, problem: 'aboveMax' };
  if (balance !== undefined && minor > balance) return { ok: false, problem: 'overBalance' };
  return { ok: true, minor, wire: toDecimalString(minor) };
}
