/** The popup executions of §3: A after login, B before login (visitors), F on first login. */
export type Execution = 'A' | 'B' | 'F';
/** Who a popup set is for; each has its own per-session closed flag. */
export type PopupAudience = 'visitor' | 'member';

export interface PopupContext {
  /** A session token is present. */
  loggedIn: boolean;
  /** The login that started this session was the account's first (firstTimeLogin). */
  firstLogin: boolean;
  /** The popups of this audience were already closed in this session. */
  closed: boolean;
}

export function popupAudience(loggedIn: boolean): PopupAudience {
  return loggedIn ? 'member' : 'visitor';
}

/**
 * §4 popups on load: none once closed in this session; members see execution A, plus F on
 * their first login; visitors see B. Popups without an execution are never shown on load.
 * The server's order is kept.
 */
export function popupsToShow<T extends { execution: Execution | null }>(
  popups: readonly T[],
  context: PopupContext,
): T[] {
  if (context.closed) return [];
  const wanted = new Set<Execution>(context.loggedIn ? (context.firstLogin ? ['A', 'F'] : ['A']) : ['B']);
  return popups.filter((popup) => popup.execution !== null && wanted.has(popup.execution));
}
