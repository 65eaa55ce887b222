import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EndpointDef, ValueOf } from '@khela/contracts';
import type { ApiError } from './api-client.ts';
import { call, type CallOptions } from './api-client.ts';

/**
 * The cache key of a member's own data: the entry name first (so `invalidateQueries([name])`
 * reaches every page and language of it), then the session token, so a new log-in never shows
 * the previous member's money.
 */
export function memberQueryKey<E extends EndpointDef>(
  def: E,
  token: string | null,
  language: string,
  options: CallOptions<E> = {},
) {
  return [def.name, token, language, options.params, options.query] as const;
}

/** One member (T) registry entry as a query; idle without a token. */
export function useMemberQuery<E extends EndpointDef>(
  def: E,
  token: string | null,
  options: CallOptions<E> = {},
  queryOptions: Omit<UseQueryOptions<ValueOf<E>, ApiError>, 'queryKey' | 'queryFn'> = {},
) {
  const { i18n } = useTranslation();
  return useQuery<ValueOf<E>, ApiError>({
    queryKey: memberQueryKey(def, token, i18n.language, options),
    queryFn: ({ signal }) => call(def, { ...options, signal }),
    staleTime: 0,
    ...queryOptions,
    enabled: Boolean(token) && queryOptions.enabled !== false,
  });
}
