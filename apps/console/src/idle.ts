/**
 * Issue 16 item 1: the server ends an operator session after 30 idle minutes
 * (modules/admin/operator-sessions.ts); the console warns a little before and signs out itself
 * just before, so an operator is never surprised by a refused approval.
 */
export const IDLE_WARN_MS = 25 * 60_000;
export const IDLE_SIGN_OUT_MS = 29 * 60_000;

export type IdleState = { kind: 'active' } | { kind: 'warning'; secondsLeft: number } | { kind: 'expired' };

export function idleState(
  lastActivityMs: number,
  nowMs: number,
  warnMs = IDLE_WARN_MS,
  signOutMs = IDLE_SIGN_OUT_MS,
): IdleState {
  const idle = nowMs - lastActivityMs;
  if (idle >= signOutMs) return { kind: 'expired' };
  if (idle >= warnMs) return { kind: 'warning', secondsLeft: Math.ceil((signOutMs - idle) / 1000) };
  return { kind: 'active' };
}
