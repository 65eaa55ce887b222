import { systemEndpoints, type ValueOf } from '@khela/contracts';
import { useEndpointQuery } from '../../../lib/query.ts';

export type Notice = ValueOf<typeof systemEndpoints.notice>;
export type Announcement = Notice['popup'][number];

/**
 * §7 notice call as the home page makes it (banners, marquee, popups, promotions). The query
 * (and so the cache key) is the same as in features/notices, so both read one cached answer.
 */
export const NOTICE_QUERY = { types: 'B,PL,PU,PR', platform: 'W' } as const;
export function useNotices() {
  return useEndpointQuery(systemEndpoints.notice, { query: NOTICE_QUERY }, { staleTime: 5 * 60_000 });
}

/**
 * The announcement list (§7 "Announcements", opened from the marquee's "all notices"): player
 * notices (PL) and announcements (H); banners and popups are not needed there.
 */
export const ANNOUNCEMENT_QUERY = { types: 'PL,H', platform: 'W' } as const;
export function useAnnouncementList(enabled = true) {
  return useEndpointQuery(systemEndpoints.notice, { query: ANNOUNCEMENT_QUERY }, { staleTime: 5 * 60_000, enabled });
}

/** Player notices then announcements, each once, in the server's order. */
export function announcementsOf(notice: Notice | undefined): Announcement[] {
  const seen = new Set<number>();
  return [...(notice?.player ?? []), ...(notice?.announcements ?? [])].filter((item) =>
    seen.has(item.id) ? false : (seen.add(item.id), true),
  );
}
