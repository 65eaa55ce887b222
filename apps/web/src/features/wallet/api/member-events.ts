import { walletEndpoints, memberEventSchema, type ValueOf } from '@khela/contracts';
import { followEventStream } from '../../../lib/sse.ts';

export type MemberEvent = ValueOf<typeof walletEndpoints.events>;

export interface MemberEventsOptions {
  token: string;
  language: string;
  onEvent: (event: MemberEvent) => void;
  /** Called after every (re)connection, so the page can catch up on what it missed meanwhile. */
  onOpen?: () => void;
  /** Wait this long before the first connection (the page's own calls go first). */
  startDelayMs?: number;
}

/**
 * §4/issue 5 item 9: `GET /wps/member/events` read with fetch, so the token travels in the
 * Authorization header and never in a URL (EventSource cannot send headers). Reconnects with
 * backoff; stops for good on 401 or when the returned function is called (logout, unmount).
 */
export function connectMemberEvents({
  token,
  language,
  onEvent,
  onOpen,
  startDelayMs = 0,
}: MemberEventsOptions): () => void {
  return followEventStream({
    url: walletEndpoints.events.path,
    headers: { Authorization: token, Language: language },
    onOpen,
    startDelayMs,
    onEvent: (event) => {
      if (event.event !== 'notification') return;
      try {
        const parsed = memberEventSchema.safeParse(JSON.parse(event.data));
        if (parsed.success) onEvent(parsed.data);
      } catch {
        // a malformed event is skipped; the stream goes on
      }
    },
  });
}
