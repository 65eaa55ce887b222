import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { connectMemberEvents, type MemberEvent } from '../api/member-events.ts';
import { staleAfter } from '../utils/notices.ts';

/**
 * The stream opens a moment after the page has settled: the page's own calls go first, and a
 * page that has finished loading looks idle to tools that wait for the network to be quiet.
 * Balance and inbox are fetched again on every (re)connection, so nothing written meanwhile is lost.
 */
const STREAM_START_DELAY_MS = 3000;

/**
 * Listens to the member's event stream while logged in (closed on logout: the token changes):
 * each notification refreshes what it made stale (balance, inbox, cashier lists) and is handed to
 * `onEvent`.
 */
export function useMemberEvents(token: string | null, onEvent: (event: MemberEvent) => void) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const language = i18n.language;

  useEffect(() => {
    if (!token) return undefined;
    return connectMemberEvents({
      token,
      language,
      startDelayMs: STREAM_START_DELAY_MS,
      onOpen: () => {
        for (const name of ['balance', 'inbox', 'inboxUnread'])
          void queryClient.invalidateQueries({ queryKey: [name] });
      },
      onEvent: (event) => {
        for (const name of staleAfter(event)) void queryClient.invalidateQueries({ queryKey: [name] });
        handler.current(event);
      },
    });
  }, [token, language, queryClient]);
}
