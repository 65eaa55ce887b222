import { useSyncExternalStore } from 'react';
import { sessionStore } from './session-store.ts';

/** The session token, re-rendering on log-in and logout (for features that only need the token). */
export function useSessionToken(): string | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.token, () => null);
}
