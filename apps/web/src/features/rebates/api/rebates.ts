import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rebateEndpoints, walletEndpoints, type ValueOf } from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** MCSFE_getCustomerRebateSettingByProductType: the rates and whether rebates are claimed by hand. */
export function useRebateSetting() {
  return useEndpointQuery(rebateEndpoints.setting, {}, { staleTime: 60_000 });
}

export function useRebateSummary() {
  return useEndpointQuery(rebateEndpoints.summary, {});
}

export function useRebateRecords(pageNo: number) {
  return useEndpointQuery(
    rebateEndpoints.records,
    { query: { pageNo: String(pageNo), pageSize: '20' } },
    { placeholderData: (previous) => previous },
  );
}

/** rebate.claim: then the summary, the history and the balances are read again. */
export function useClaimRebate() {
  const client = useQueryClient();
  return useMutation<ValueOf<typeof rebateEndpoints.claim>, ApiError, void>({
    mutationFn: () => call(rebateEndpoints.claim),
    onSettled: () => {
      for (const def of [rebateEndpoints.summary, rebateEndpoints.records, walletEndpoints.balance]) {
        void client.invalidateQueries({ queryKey: [def.name] });
      }
    },
  });
}
