import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { usePromotionList } from '../api/promotions.ts';
import { PromotionItem } from './promotion-item.tsx';
import '../messages.ts';
import './promotions.css';

const OPEN = new Set(['join', 'claim', 'joined', 'process', 'applying']);

/**
 * Member centre `rewardCenter` (§2; issue 14 items 1–2): what the member can join or claim now,
 * and what it joined and waits for; the menu badge counts the first (availablePromoCount).
 */
export default function RewardCenterPage() {
  const { t } = useTranslation();
  const list = usePromotionList(useSessionToken());
  // A reward claimed here stays on the page with its confirmation until the member leaves, though
  // the refetched list no longer counts it as open.
  const [shown] = useState(() => new Set<number | string>());
  const open = (list.data?.list ?? []).filter((p) => OPEN.has(p.status) || shown.has(p.id));
  for (const promotion of open) shown.add(promotion.id);
  return (
    <div className="promo-centre">
      <p className="promo-centre__intro">{t('promo.rewardCenter.intro')}</p>
      <LoadState pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {open.length === 0 ? (
          <EmptyState
            headingLevel={2}
            title={t('promo.rewardCenter.emptyTitle')}
            body={t('promo.rewardCenter.emptyBody')}
            action={
              <Link className="button button--primary" to="/promotions">
                {t('promo.rewardCenter.all')}
              </Link>
            }
          />
        ) : (
          <>
            <div className="promotions__grid">
              {open.map((promotion) => (
                <PromotionItem key={promotion.id} promotion={promotion} member />
              ))}
            </div>
            <p>
              <Link to="/promotions">{t('promo.rewardCenter.all')}</Link>
            </p>
          </>
        )}
      </LoadState>
    </div>
  );
}
