import { AMOUNT_PATTERN } from '@khela/contracts';
import { parseMinor } from '@khela/money';

/** A stream URL the page plays in a <video> (a file or an HLS playlist); anything else is a page in an <iframe>. */
export const isVideoUrl = (url: string) => /\.(mp4|webm|ogg|m3u8)(\?|#|$)/i.test(url);

/** A stake the server would take: a positive amount with at most 2 decimals, within the fight's limits. */
export function stakeIsValid(stake: string, min: string, max: string): boolean {
  if (!AMOUNT_PATTERN.test(stake) || !/[1-9]/.test(stake)) return false;
  const minor = parseMinor(stake);
  return minor >= parseMinor(min) && minor <= parseMinor(max);
}

/** What a winning bet pays back, in minor units: stake × odds, rounded down as the server does. */
export function possibleReturn(stake: string, odds: string): bigint {
  return (parseMinor(stake) * parseMinor(odds)) / 100n;
}
