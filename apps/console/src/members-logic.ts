import { ApiError } from './api.ts';
import { minorOf } from './format.ts';

export type MemberStatus = 'active' | 'frozen' | 'closed';

/** Pages of a server list (at least one, so "page 1 of 1" reads right when it is empty). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The status changes an operator may ask for; a closed account stays closed (server: member.account_closed). */
export function statusActions(status: MemberStatus): MemberStatus[] {
  if (status === 'active') return ['frozen', 'closed'];
  if (status === 'frozen') return ['active', 'closed'];
  return [];
}

/** A decimal amount an operator typed, as the server takes it ("12", "12.5" → "12.50"); null when it is not one. */
export function normalizeAmount(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const amount = `${BigInt(whole).toString()}.${fraction.padEnd(2, '0')}`;
  return amount === '0.00' ? null : amount;
}

function decimalOf(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The main wallet after a credit or debit, exactly (bigint minor units): what the confirmation shows. */
export function resultingBalance(main: string, direction: 'credit' | 'debit', amount: string): string {
  const change = minorOf(amount);
  return decimalOf(minorOf(main) + (direction === 'credit' ? change : -change));
}

/** The server's message for one field (`query.q`, `body.reason` or `reason`), if it named that field. */
export function fieldError(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError)) return null;
  const found = error.fields.find(
    (f) => f.field === field || f.field === `body.${field}` || f.field === `query.${field}`,
  );
  return found?.message ?? null;
}

/** A short name of the device behind a user agent ("Chrome on Android"), or the text itself. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return '—';
  const os = (
    [
      [/Android/, 'Android'],
      [/iPhone|iPad|iOS/, 'iOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/Linux/, 'Linux'],
    ] as const
  ).find(([pattern]) => pattern.test(userAgent))?.[1];
  const browser = (
    [
      [/Edg\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrome\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ] as const
  ).find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!os && !browser) return userAgent.slice(0, 60);
  return [browser, os].filter(Boolean).join(' · ');
}
