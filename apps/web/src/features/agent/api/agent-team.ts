import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentDownlineEndpoints, walletEndpoints, type BodyOf, type QueryOf, type ValueOf } from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';
import { siteTimeZone } from '../../../lib/site-time-zone.ts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** GET /wps/agent/account: the agent's own account, affiliate code and the merchant's time zone. */
export function useAgentAccount() {
  return useEndpointQuery(agentDownlineEndpoints.account, {}, { staleTime: 60_000 });
}

/**
 * The merchant's time zone (from the agent's account): every time and day the agent centre shows
 * is read in it, as the header's clock is; the site clock's (the merchant's too) until the account has loaded.
 */
export function useMerchantTimeZone(): string {
  return useAgentAccount().data?.timeZone ?? siteTimeZone();
}

/** GET /wps/agent/downlines: one level of the team, or a username search in it. */
export function useDownlines(query: QueryOf<typeof agentDownlineEndpoints.list>) {
  return useEndpointQuery(agentDownlineEndpoints.list, { query }, { placeholderData: (previous) => previous });
}

/** GET /wps/agent/downlines/:id */
export function useDownline(id: number | null) {
  return useEndpointQuery(agentDownlineEndpoints.detail, { params: { id: String(id ?? 0) } }, { enabled: id !== null });
}

export type CreateDownlineBody = BodyOf<typeof agentDownlineEndpoints.create>;

/** POST /wps/agent/downlines (E): opens the account, then the team lists and counts reload. */
export function useCreateDownline() {
  const client = useQueryClient();
  return useMutation<ValueOf<typeof agentDownlineEndpoints.create>, ApiError, CreateDownlineBody>({
    mutationFn: (body) => call(agentDownlineEndpoints.create, { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [agentDownlineEndpoints.list.name] });
      void client.invalidateQueries({ queryKey: [agentDownlineEndpoints.account.name] });
    },
  });
}

/** `home.consolidated`: the agent's live contracts, which decide the salary and dividend menu items. */
export function useConsolidated(enabled: boolean) {
  return useEndpointQuery(walletEndpoints.consolidated, {}, { enabled, staleTime: 60_000, retry: false });
}
