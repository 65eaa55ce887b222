import { walletEndpoints } from '@khela/contracts';
import { useTranslation } from 'react-i18next';
import { useMemberQuery } from '../../../lib/member-query.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import '../messages.ts';
import './promotions.css';

/**
 * The member-centre menu's badge on rewardCenter (§2): availablePromoCount, which rides on the
 * unread-count call the header already makes (same query, same cache): no call of its own.
 * Trial accounts are never counted (the server answers 0).
 */
export default function RewardBadge() {
  const { t } = useTranslation();
  const unread = useMemberQuery(
    walletEndpoints.inboxUnread,
    useSessionToken(),
    {},
    { placeholderData: (last) => last },
  );
  const count = unread.data?.availablePromoCount ?? 0;
  if (count <= 0) return null;
  return (
    <span className="promo-badge" aria-label={t('promo.badge', { count })} data-testid="reward-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}
