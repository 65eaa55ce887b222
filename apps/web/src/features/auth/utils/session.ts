import type { MemberInfo, MemberSession } from '@khela/contracts';
import { queryClient } from '../../../lib/query.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { memberInfoKey } from '../api/get-member-info.ts';

/** sessionStorage flag the §4 popup rules read (announcements feature): the F popups show. */
export const FIRST_LOGIN_KEY = 'firstTimeLogin';

/** Set when a log-in answered passwordExpired (§4), so a reload still forces the change. */
export const PASSWORD_EXPIRED_KEY = 'passwordExpired';

export type LoginVia = 'password' | 'sms' | 'register' | 'freePlay' | 'ticket' | 'remembered' | 'reset';

/** The member-info part of a session answer. */
function infoOf(session: MemberSession): MemberInfo {
  const { token: _token, firstTimeLogin: _first, passwordExpired: _expired, ...info } = session;
  return info;
}

/**
 * §4 successful log-in: the token and the §3 session keys go to sessionStorage, the member info
 * into the query cache (no second round trip). Returns whether the change-password modal must
 * open in forced mode: the password is the default or expired, except after an SMS log-in (§4).
 */
export function startSession(session: MemberSession, via: LoginVia): boolean {
  queryClient.setQueryData(memberInfoKey(session.token), infoOf(session));
  sessionStore.set('account', session.account);
  sessionStore.set('username', session.userName);
  sessionStore.set('nickname', session.nickname);
  sessionStore.set('customerId', String(session.id));
  sessionStore.set('isAgent', String(session.type));
  sessionStore.set('merchantCode', session.merchantCode);
  // §4: the first log-in adds the F popups (read by the announcements feature).
  if (session.firstTimeLogin) sessionStore.setFlag(FIRST_LOGIN_KEY);
  else sessionStore.remove(FIRST_LOGIN_KEY);
  const forced = session.passwordExpired && via !== 'sms';
  if (forced) sessionStore.setFlag(PASSWORD_EXPIRED_KEY);
  else sessionStore.remove(PASSWORD_EXPIRED_KEY);
  sessionStore.setToken(session.token);
  return forced;
}

/** §4 logout (or a dead session): clear session storage except merchant keys, drop member data. */
export function endSession() {
  sessionStore.clear();
  for (const key of ['login.mbInfo', 'login.icon', 'member.protection']) queryClient.removeQueries({ queryKey: [key] });
}

/** Member info changed on the server (password changed): load it again. */
export function reloadMemberInfo() {
  return queryClient.invalidateQueries({ queryKey: ['login.mbInfo'] });
}
