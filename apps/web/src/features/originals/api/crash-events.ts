import { crashEventSchema, inhouseEndpoints, type CrashEvent } from '@khela/contracts';
import { followEventStream } from '../../../lib/sse.ts';

/**
 * Issue 12: `GET /wps/inhouse/crash/events`, the crash rounds' stream (`round` and `bet` events),
 * followed with fetch so a member's token travels in a header; visitors follow it without one.
 * `onOpen` runs after every (re)connection: the page reads the state again then.
 */
export function connectCrashEvents({
  token,
  language,
  onEvent,
  onOpen,
}: {
  token: string | null;
  language: string;
  onEvent: (event: CrashEvent) => void;
  onOpen?: () => void;
}): () => void {
  return followEventStream({
    url: inhouseEndpoints.crashEvents.path,
    headers: { Language: language, ...(token && { Authorization: token }) },
    onOpen,
    onEvent: (event) => {
      if (event.event !== 'round' && event.event !== 'bet') return;
      try {
        const parsed = crashEventSchema.safeParse(JSON.parse(event.data));
        if (parsed.success) onEvent(parsed.data);
      } catch {
        // a malformed event is skipped; the stream goes on
      }
    },
  });
}
