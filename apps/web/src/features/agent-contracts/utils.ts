import type { ContractKind } from '@khela/contracts';
import { formatDateTime } from '../../lib/format.ts';

const DAY_MS = 86_400_000;

/**
 * A payout's period as the agent reads it, in the merchant's time zone: the day (daily salary),
 * the first and last day (dividend periods), or the times (hourly and real-time salary).
 */
export function periodLabel(
  kind: ContractKind,
  start: string,
  end: string,
  language: string,
  timeZone: string,
): string {
  if (kind === 'hourly_salary' || kind === 'realtime_salary') {
    const time = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    return `${formatDateTime(start, language, timeZone)} – ${time.format(new Date(end))}`;
  }
  const day = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  const first = day.format(new Date(start));
  const last = day.format(new Date(Date.parse(end) - DAY_MS / 2));
  return first === last ? first : `${first} – ${last}`;
}

/** What a tier pays at its minimum bet amount (salary popups show "amount" per tier), minor units. */
export function tierAmount(validBet: string, rate: string): string {
  const [whole = '0', fraction = ''] = validBet.split('.');
  const minor = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  const [rw = '0', rf = ''] = rate.split('.');
  const bp = BigInt(rw) * 100n + BigInt((rf + '00').slice(0, 2));
  const amount = (minor * bp) / 10_000n;
  return `${amount / 100n}.${(amount % 100n).toString().padStart(2, '0')}`;
}
