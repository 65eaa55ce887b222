import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  agentContractEndpoints,
  walletEndpoints,
  type BodyOf,
  type ContractAction,
  type ContractKind,
  type QueryOf,
  type ValueOf,
} from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** `home.consolidated`: pending offers (the contract popup) and the live contracts. */
export function useContractsConsolidated(enabled: boolean) {
  return useEndpointQuery(walletEndpoints.consolidated, {}, { enabled, staleTime: 60_000, retry: false });
}

export function useMyContracts(enabled = true) {
  return useEndpointQuery(agentContractEndpoints.mine, {}, { enabled });
}

export function useOfferedContracts(username?: string) {
  return useEndpointQuery(agentContractEndpoints.offered, { query: username ? { username } : {} });
}

export function usePayouts(query: QueryOf<typeof agentContractEndpoints.payouts>) {
  return useEndpointQuery(agentContractEndpoints.payouts, { query }, { placeholderData: (previous) => previous });
}

export function useContractHistory(query: QueryOf<typeof agentContractEndpoints.history>) {
  return useEndpointQuery(agentContractEndpoints.history, { query }, { placeholderData: (previous) => previous });
}

export function useIncome(query: QueryOf<typeof agentContractEndpoints.income>) {
  return useEndpointQuery(agentContractEndpoints.income, { query }, { placeholderData: (previous) => previous });
}

/** Everything a decision changes: the popup's offers, the menu flags and the contract lists. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    for (const def of [
      walletEndpoints.consolidated,
      agentContractEndpoints.mine,
      agentContractEndpoints.offered,
      agentContractEndpoints.history,
    ]) {
      void client.invalidateQueries({ queryKey: [def.name] });
    }
  };
}

/**
 * A decision through the reference call of the contract's kind (endpoints.md §5): dividend and
 * daily salary are GETs, hourly and real-time salary POSTs.
 */
export function decideContract(kind: ContractKind, contractId: string, action: ContractAction) {
  const input = { contractId, action };
  switch (kind) {
    case 'dividend':
      return call(agentContractEndpoints.processDividendReq, { query: input });
    case 'daily_salary':
      return call(agentContractEndpoints.processDailySalary, { query: input });
    case 'hourly_salary':
      return call(agentContractEndpoints.processContractHourSalary, { body: input });
    case 'realtime_salary':
      return call(agentContractEndpoints.processRealTimeSalaryContract, { body: input });
  }
}

export function useDecideContract() {
  const refresh = useRefresh();
  return useMutation<
    ValueOf<typeof agentContractEndpoints.decide>,
    ApiError,
    { kind: ContractKind | null; contractId: string; action: ContractAction }
  >({
    mutationFn: ({ kind, contractId, action }) =>
      kind
        ? decideContract(kind, contractId, action)
        : call(agentContractEndpoints.decide, { body: { contractId, action } }),
    onSettled: refresh,
  });
}

export type OfferBody = BodyOf<typeof agentContractEndpoints.offer>;

export function useOfferContract() {
  const refresh = useRefresh();
  return useMutation<ValueOf<typeof agentContractEndpoints.offer>, ApiError, OfferBody>({
    mutationFn: (body) => call(agentContractEndpoints.offer, { body }),
    onSuccess: refresh,
  });
}
