import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useNotices } from '../../features/notices/api/get-notices.ts';
import { PromotionCard } from '../../features/notices/components/promotion-card.tsx';
import { promotionAnchor, sortPromotions } from '../../features/notices/utils/promotion.ts';
import { useSessionToken } from '../../lib/use-session-token.ts';
import './promotions.css';

// Issue 14 items 1–2: the promotions engine's page (its own chunk, with its strings).
const EnginePromotions = lazy(() => import('../../features/promotions/components/promotions-page.tsx'));

/**
 * §2 /promotions: the operator's promotions with category tabs, statuses and join and claim
 * buttons (features/promotions); while none are defined, the promotion notices (PR) as cards.
 */
export default function PromotionsRoute() {
  const { t } = useTranslation();
  const token = useSessionToken();
  return (
    <div className="promotions">
      <header className="promotions__header">
        <h1 className="promotions__title">{t('promotions.title')}</h1>
        <p className="promotions__intro">{t('promotions.intro')}</p>
      </header>
      <Suspense
        fallback={
          <div className="promotions__grid" role="status" aria-label={t('promotions.loading')}>
            {[0, 1, 2].map((key) => (
              <div key={key} className="promotions__skeleton" />
            ))}
          </div>
        }
      >
        <EnginePromotions token={token} fallback={<NoticePromotions />} />
      </Suspense>
    </div>
  );
}

/** The promotion notices (PR) as cards; a card opens to its rich content. */
function NoticePromotions() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const notices = useNotices();
  const promotions = sortPromotions(notices.data?.promotion ?? []);

  let body;
  if (notices.isPending) {
    body = (
      <div className="promotions__grid" role="status" aria-label={t('promotions.loading')}>
        {[0, 1, 2].map((key) => (
          <div key={key} className="promotions__skeleton" />
        ))}
      </div>
    );
  } else if (notices.isError) {
    body = (
      <EmptyState
        title={t('promotions.loadErrorTitle')}
        body={t('promotions.loadErrorBody')}
        action={
          <button type="button" className="button button--primary" onClick={() => void notices.refetch()}>
            {t('common.retry')}
          </button>
        }
      />
    );
  } else if (promotions.length === 0) {
    body = <EmptyState title={t('promotions.emptyTitle')} body={t('promotions.emptyBody')} />;
  } else {
    body = (
      <div className="promotions__grid">
        {promotions.map((promotion, index) => (
          <PromotionCard
            key={promotion.id}
            promotion={promotion}
            eager={index < 3}
            initiallyOpen={hash === `#${promotionAnchor(promotion.id)}`}
          />
        ))}
      </div>
    );
  }

  return body;
}
