import { systemEndpoints, type ValueOf } from '@khela/contracts';
import { useEndpointQuery } from '../../../lib/query.ts';

export type Notice = ValueOf<typeof systemEndpoints.notice>;
export type Banner = Notice['banners'][keyof Notice['banners']] extends (infer B)[] | undefined ? B : never;
export type BannerGroup = keyof Notice['banners'];
export type NoticeItem = Notice['player'][number];

/** §7 notice call: banners (B), player marquee (PL), popups (PU) and promotions (PR), platform W. */
export const NOTICE_QUERY = { types: 'B,PL,PU,PR', platform: 'W' } as const;

/**
 * The one shared notice query (home banners, marquee, promotions, popups). Every consumer uses
 * this hook, so the call is made once per language and shared through the query cache.
 */
export function useNotices() {
  return useEndpointQuery(systemEndpoints.notice, { query: NOTICE_QUERY }, { staleTime: 5 * 60_000 });
}

/** Banners of one group in their configured order (lowest `sequence` first). */
export function bannersOf(notice: Notice | undefined, group: BannerGroup): Banner[] {
  const list = notice?.banners[group] ?? [];
  return [...list].sort((a, b) => a.sequence - b.sequence);
}
