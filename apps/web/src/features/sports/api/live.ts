import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { sportsEndpoints } from '@khela/contracts';

/** The live stream of odds, market and event changes (SSE, fed by PostgreSQL LISTEN/NOTIFY). */
export const SPORTS_LIVE_PATH = '/wps/sports/live';
/** Changes arrive in bursts: the open lists are read again at most this often. */
const REFRESH_GAP_MS = 1_500;

/**
 * Follows the live stream while the page is open: every change reads the event list and the open
 * event again (at most once per REFRESH_GAP_MS), so the prices flash as they move. Answers
 * whether the stream is up; when it is not (no EventSource, or the server closed it), the page
 * polls instead.
 */
export function useLiveOdds(): boolean {
  const client = useQueryClient();
  const [up, setUp] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(SPORTS_LIVE_PATH);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        for (const def of [sportsEndpoints.events, sportsEndpoints.event])
          void client.invalidateQueries({ queryKey: [def.name] });
      }, REFRESH_GAP_MS);
    };
    source.onopen = () => setUp(true);
    source.onmessage = refresh;
    for (const name of ['odds', 'market', 'event', 'change']) source.addEventListener(name, refresh);
    // A stream that fails is given up (EventSource would retry a 404 forever otherwise): poll instead.
    source.onerror = () => {
      if (source.readyState !== EventSource.OPEN) {
        source.close();
        setUp(false);
      }
    };
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [client]);
  return up;
}
