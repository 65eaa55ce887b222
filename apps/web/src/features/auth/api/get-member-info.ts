import { useQuery } from '@tanstack/react-query';
import { sessionEndpoints, type MemberInfo } from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';

/** The member info of one session: keyed by its token, so a new log-in never shows the last member. */
export const memberInfoKey = (token: string | null) => ['login.mbInfo', token] as const;

/** §7 `GET /wps/member/info` (T, endpoints.md `login.mbInfo`). */
export function useMemberInfo(token: string | null) {
  return useQuery<MemberInfo, ApiError>({
    queryKey: memberInfoKey(token),
    queryFn: ({ signal }) => call(sessionEndpoints.info, { signal }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}

/** §7 `GET /wps/member/info/icon` (T): the avatar (an image, or initials on a colour). */
export function useMemberIcon(token: string | null) {
  return useQuery({
    queryKey: ['login.icon', token],
    queryFn: ({ signal }) => call(sessionEndpoints.icon, { signal }),
    enabled: Boolean(token),
    staleTime: 30 * 60_000,
  });
}
