import { walletEndpoints, memberEventSchema, type ValueOf } from '@khela/contracts';
import { reconnectDelay, shouldReconnect, sseParser } from '../utils/sse.ts';

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
  let stopped = false;
  let attempt = 0;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, reconnectDelay(attempt++));
  };

  async function run() {
    if (stopped) return;
    controller = new AbortController();
    let status: number | null = null;
    try {
      const response = await fetch(walletEndpoints.events.path, {
        headers: { Authorization: token, Language: language, Accept: 'text/event-stream' },
        signal: controller.signal,
        cache: 'no-store',
      });
      status = response.status;
      if (!response.ok || !response.body) throw new Error(`events ${response.status}`);
      attempt = 0;
      onOpen?.();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const feed = sseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of feed(value)) {
          if (event.event !== 'notification') continue;
          try {
            const parsed = memberEventSchema.safeParse(JSON.parse(event.data));
            if (parsed.success) onEvent(parsed.data);
          } catch {
            // a malformed event is skipped; the stream goes on
          }
        }
      }
    } catch {
      // network drop, abort or refusal: decided below
    }
    if (!stopped && shouldReconnect(status)) schedule();
  }

  timer = setTimeout(run, startDelayMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
