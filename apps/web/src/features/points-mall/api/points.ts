import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pointEndpoints, walletEndpoints, type BodyOf, type ValueOf } from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';
import { useEndpointQuery } from '../../../lib/query.ts';

const paging = (pageNo: number) => ({ query: { pageNo: String(pageNo), pageSize: '20' } });

export const usePointBalance = () => useEndpointQuery(pointEndpoints.balance, {});
export const usePointGoods = () => useEndpointQuery(pointEndpoints.rewards, {}, { staleTime: 30_000 });
export const usePointConfig = () => useEndpointQuery(pointEndpoints.config, {}, { staleTime: 60_000 });
export const useConversionTypes = () => useEndpointQuery(pointEndpoints.conversionTypes, {}, { staleTime: 60_000 });
export const useRedeemHistory = (pageNo: number) =>
  useEndpointQuery(pointEndpoints.redeemList, paging(pageNo), { placeholderData: (previous) => previous });
export const usePointDetails = (pageNo: number) =>
  useEndpointQuery(pointEndpoints.details, paging(pageNo), { placeholderData: (previous) => previous });

export type RedeemBody = BodyOf<typeof pointEndpoints.redeem>;
export type ConvertBody = BodyOf<typeof pointEndpoints.convert>;

/** What a redeem or a conversion changes: read again after either. */
const TOUCHED = [
  pointEndpoints.balance,
  pointEndpoints.rewards,
  pointEndpoints.redeemList,
  pointEndpoints.details,
  walletEndpoints.balance,
];

function useRefreshing<B, V>(send: (body: B) => Promise<V>) {
  const client = useQueryClient();
  return useMutation<V, ApiError, B>({
    mutationFn: send,
    onSettled: () => {
      for (const def of TOUCHED) void client.invalidateQueries({ queryKey: [def.name] });
    },
  });
}

/** passwordCheck/MCS2_redeemPointReward (T, E): idempotent by requestId. */
export const useRedeem = () =>
  useRefreshing<RedeemBody, ValueOf<typeof pointEndpoints.redeem>>((body) => call(pointEndpoints.redeem, { body }));

/** passwordCheck/MCS2_convertPoint (T, E): idempotent by requestId. */
export const useConvert = () =>
  useRefreshing<ConvertBody, ValueOf<typeof pointEndpoints.convert>>((body) => call(pointEndpoints.convert, { body }));

/** A fresh id for one submission (requestIdSchema: 8–64 of A–Z, a–z, 0–9, _ and -). */
export const newRequestId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
