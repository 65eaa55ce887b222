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
 * One registry entry as a query. The language is part of the key, so content refetches when
 * the language changes (§4: data reloads when the language changes).
 */
export function useEndpointQuery<E extends EndpointDef>(
  def: E,
  options: CallOptions<E> = {},
  queryOptions: Omit<UseQueryOptions<ValueOf<E>, ApiError>, 'queryKey' | 'queryFn'> = {},
) {
  const { i18n } = useTranslation();
  return useQuery<ValueOf<E>, ApiError>({
    queryKey: [def.name, i18n.language, options.params, options.query],
    queryFn: ({ signal }) => call(def, { ...options, signal }),
    ...queryOptions,
  });
}
