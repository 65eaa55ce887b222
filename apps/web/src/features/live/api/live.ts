import { useMutation } from '@tanstack/react-query';
import { contentEndpoints, type ValueOf } from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** CBS_modelList: the live hosts, online ones first (no login). */
export function useLiveHosts() {
  return useEndpointQuery(contentEndpoints.modelList, {}, { staleTime: 30_000, refetchInterval: 60_000 });
}

/** CBS_launchChat: the host's chat room URL (a ticket of its own, never the session). */
export function useLaunchChat() {
  return useMutation<ValueOf<typeof contentEndpoints.launchChat>, ApiError, number>({
    mutationFn: (modelId) => call(contentEndpoints.launchChat, { query: { modelId: String(modelId) } }),
  });
}
