/** One server-sent event as the stream carried it (text/event-stream). */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental text/event-stream parser: feed it chunks as they arrive (split anywhere, even
 * inside a line); it returns the events completed by that chunk. Comments (`: heartbeat`) and
 * events without data are dropped; CRLF, CR and LF line ends are accepted (WHATWG rules).
 */
export function sseParser() {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | undefined;

  const line = (text: string, out: SseEvent[]) => {
    if (text === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n'), ...(id ? { id } : {}) });
      data = [];
      event = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  };

  return (chunk: string): SseEvent[] => {
    buffer += chunk;
    const out: SseEvent[] = [];
    let match: RegExpExecArray | null;
    const newline = /\r\n|\r|\n/g;
    let start = 0;
    while ((match = newline.exec(buffer))) {
      // A lone CR at the very end may be the first half of CRLF: wait for the next chunk.
      if (match[0] === '\r' && match.index === buffer.length - 1) break;
      line(buffer.slice(start, match.index), out);
      start = match.index + match[0].length;
    }
    buffer = buffer.slice(start);
    return out;
  };
}

/** Reconnect delays: 1 s doubling to 30 s, with up to 20 % jitter so tabs do not reconnect together. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random()));
}

/** 401: the session is gone (logged out, expired) and reconnecting cannot help. */
export function shouldReconnect(status: number | null): boolean {
  return status !== 401 && status !== 403;
}

export interface EventStreamOptions {
  /** The stream's path (GET). */
  url: string;
  /** Request headers (Authorization, Language): fetch sends them, EventSource could not. */
  headers: Record<string, string>;
  /** Each event as parsed; the caller reads its name and data. */
  onEvent: (event: SseEvent) => void;
  /** Called after every (re)connection, so the page can catch up on what it missed meanwhile. */
  onOpen?: () => void;
  /** Wait this long before the first connection (the page's own calls go first). */
  startDelayMs?: number;
}

/**
 * Follows a text/event-stream with fetch: reconnects with backoff after a drop, stops for good on
 * 401/403 or when the returned function is called (logout, unmount).
 */
export function followEventStream({ url, headers, onEvent, onOpen, startDelayMs = 0 }: EventStreamOptions): () => void {
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
      const response = await fetch(url, {
        headers: { ...headers, Accept: 'text/event-stream' },
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
        for (const event of feed(value)) onEvent(event);
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
