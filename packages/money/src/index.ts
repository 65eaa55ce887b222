/**
 * Money as integer minor units (ARCHITECTURE §4). No float ever touches an amount:
 * parsing and formatting work on the decimal string digit by digit.
 */
export const DEFAULT_SCALE = 2;

export interface Money {
  readonly value: bigint;
  readonly currency: string;
  readonly scale: number;
}

export class MoneyFormatError extends Error {
  constructor(input: string, reason: string) {
    super(`"${input}" is not a valid amount: ${reason}`);
    this.name = 'MoneyFormatError';
  }
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;
/** Amounts beyond this are refused: ≈ 92 quadrillion minor units fits a PostgreSQL BIGINT. */
export const MAX_MINOR = 9_223_372_036_854_775_807n;

/** Parses "1250.00", "1250.5" or "1250" to minor units; refuses more places than `scale`. */
export function parseMinor(input: string, scale = DEFAULT_SCALE): bigint {
  const match = DECIMAL.exec(input.trim());
  if (!match) throw new MoneyFormatError(input, 'expected digits with an optional decimal point');
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) throw new MoneyFormatError(input, `more than ${scale} decimal places`);
  const minor = BigInt(whole + fraction.padEnd(scale, '0'));
  if (minor > MAX_MINOR) throw new MoneyFormatError(input, 'too large');
  return sign ? -minor : minor;
}

/** Formats minor units as the wire string with exactly `scale` places: 125000n → "1250.00". */
export function toDecimalString(minor: bigint, scale = DEFAULT_SCALE): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** §9: amounts shown with 2 decimals and thousands separators: 123456789n → "1,234,567.89". */
export function formatMinor(minor: bigint, scale = DEFAULT_SCALE): string {
  const plain = toDecimalString(minor, scale);
  const [whole = '0', fraction] = plain.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

export function money(value: bigint, currency = 'BDT', scale = DEFAULT_SCALE): Money {
  return { value, currency, scale };
}
