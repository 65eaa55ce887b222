import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promotionEndpoints, walletEndpoints, type ValueOf } from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';
import { useMemberQuery } from '../../../lib/member-query.ts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** PROMOFE_getPromotionAnnouncementCategory: the tabs of /promotions. */
export function usePromotionCategories() {
  return useEndpointQuery(promotionEndpoints.categories, {}, { staleTime: 60_000 });
}

/** Members: MCSFE_getAvailablePromotions (their statuses); visitors: MCSFE_getMerchantAvailablePromotions. */
export function usePromotionList(token: string | null) {
  const member = useMemberQuery(promotionEndpoints.available, token);
  const visitor = useEndpointQuery(promotionEndpoints.merchantAvailable, {}, { enabled: !token, staleTime: 30_000 });
  return token ? member : visitor;
}

export function useClaimList(token: string | null, pageNo: number) {
  return useMemberQuery(
    promotionEndpoints.claimList,
    token,
    { query: { pageNo: String(pageNo), pageSize: '20' } },
    { placeholderData: (previous) => previous },
  );
}

type Action = 'join' | 'claim';
/** Join or claim; then the lists, the badge (it rides on the unread count) and the balance are read again. */
export function usePromotionAction() {
  const client = useQueryClient();
  return useMutation<ValueOf<typeof promotionEndpoints.join>, ApiError, { action: Action; promotionId: number }>({
    mutationFn: ({ action, promotionId }) =>
      action === 'join'
        ? call(promotionEndpoints.join, { body: { promotionId, deviceId: deviceId() } })
        : call(promotionEndpoints.claim, { body: { promotionId } }),
    onSettled: () => {
      for (const def of [
        promotionEndpoints.available,
        promotionEndpoints.claimList,
        walletEndpoints.inboxUnread,
        walletEndpoints.balance,
      ]) {
        void client.invalidateQueries({ queryKey: [def.name] });
      }
    },
  });
}

const DEVICE_KEY = 'promoDevice';
/** A random id kept in local storage: one-per-device promotions tell devices apart by it. */
function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}
