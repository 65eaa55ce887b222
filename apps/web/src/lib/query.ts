import { QueryClient, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EndpointDef, ValueOf } from '@khela/contracts';
import { ApiError, call, type CallOptions } from './api-client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not heal by retrying.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

/**
 * The cache key of one registry entry's call. The language is part of it, so content refetches
 * when the language changes (§4: data reloads when the language changes).
 */
export function endpointQueryKey<E extends EndpointDef>(def: E, language: string, options: CallOptions<E> = {}) {
  return [def.name, language, options.params, options.query] as const;
}

/**
 * Starts a call into the cache before any component asks for it (the first screen's calls at
 * start-up). Never rejects and never retries: a failed call is made again by the component.
 */
export function prefetchEndpoint<E extends EndpointDef>(def: E, language: string, options: CallOptions<E> = {}) {
  return queryClient.prefetchQuery<ValueOf<E>, ApiError>({
    queryKey: endpointQueryKey(def, language, options),
    queryFn: ({ signal }) => call(def, { ...options, signal }),
    retry: false,
  });
}

/** One registry entry as a query, keyed by endpointQueryKey. */
export function useEndpointQuery<E extends EndpointDef>(
  def: E,
  options: CallOptions<E> = {},
  queryOptions: Omit<UseQueryOptions<ValueOf<E>, ApiError>, 'queryKey' | 'queryFn'> = {},
) {
  const { i18n } = useTranslation();
  return useQuery<ValueOf<E>, ApiError>({
    queryKey: endpointQueryKey(def, i18n.language, options),
    queryFn: ({ signal }) => call(def, { ...options, signal }),
    ...queryOptions,
  });
}
