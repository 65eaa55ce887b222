export type Language = 'bn' | 'en';

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

export function localDigits(text: string, language: Language): string {
  return language === 'bn' ? text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]!) : text;
}

/** Lakh and crore grouping (1,23,45,678), as amounts are read in Bangladesh. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}

/**
 * A server amount ("-1234567.50", ARCHITECTURE §4: a decimal string) for display, from the
 * string itself so no amount is rounded through a float.
 */
export function formatAmount(amount: string, language: Language, currency = 'BDT'): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = '00'] = amount.replace(/^-/, '').split('.');
  const text = `${negative ? '−' : ''}${currency === 'BDT' ? '৳' : `${currency} `}${groupIndian(whole.replace(/^0+(?=\d)/, ''))}.${fraction.padEnd(2, '0').slice(0, 2)}`;
  return localDigits(text, language);
}

export function formatCount(count: number, language: Language): string {
  return localDigits(groupIndian(String(Math.trunc(count))), language);
}

/** An instant in the operator's time zone, short, on a 24-hour clock (bn-BD's 12-hour one writes AM/PM in Latin). */
export function formatTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** A YYYY-MM-DD day as "26 Nov". */
export function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** Fills `{name}` placeholders; an unknown one stays as it is written. */
export function interpolate(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Minor units of a server amount, for sums and charts (exact: bigint). */
export function minorOf(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const minor = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2) || '0');
  return negative ? -minor : minor;
}
