import { useEffect, useSyncExternalStore } from 'react';
import { sessionStore } from '../../../lib/session-store.ts';
import { useMemberInfo } from '../api/get-member-info.ts';
import { roleOf, type Role } from '../utils/roles.ts';
import { endSession } from '../utils/session.ts';

/** The session token (sessionStorage `token`, §3), re-rendering when it is set or cleared. */
export function useToken(): string | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.token, () => null);
}

export interface Session {
  token: string | null;
  info: ReturnType<typeof useMemberInfo>['data'];
  /** visitor without a token; while member info loads, a token holder counts as a member. */
  role: Role;
  loading: boolean;
}

/**
 * Who is using the site: the token and the member info (`login.mbInfo`), and the §4 role derived
 * from it. A token the server no longer knows (idle or absolute expiry, logged out elsewhere)
 * ends the session here too.
 */
export function useSession(): Session {
  const token = useToken();
  const info = useMemberInfo(token);
  const dead = info.error?.status === 401;
  useEffect(() => {
    if (dead && sessionStore.token() === token) endSession();
  }, [dead, token]);
  if (!token || dead) return { token: null, info: undefined, role: 'visitor', loading: false };
  return {
    token,
    info: info.data,
    role: info.data ? roleOf(info.data) : 'member',
    loading: info.isPending,
  };
}
