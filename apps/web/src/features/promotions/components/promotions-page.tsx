import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { usePromotionCategories, usePromotionList } from '../api/promotions.ts';
import { PromotionItem } from './promotion-item.tsx';
import '../messages.ts';
import './promotions.css';

/**
 * §2 /promotions from the engine (issue 14 items 1–2): category tabs (PROMOFE_getPromotionAnnouncementCategory)
 * over the promotions with the member's status and buttons. With no promotions defined (or the
 * reward centre switched off) it shows `fallback`: the notice-driven promotion images.
 */
export default function PromotionsPage({ token, fallback }: { token: string | null; fallback: ReactNode }) {
  const { t } = useTranslation();
  const categories = usePromotionCategories();
  const list = usePromotionList(token);
  const [tab, setTab] = useState('all');

  if (list.isPending) {
    return (
      <div className="promotions__grid" role="status" aria-label={t('promotions.loading')}>
        {[0, 1, 2].map((key) => (
          <div key={key} className="promotions__skeleton" />
        ))}
      </div>
    );
  }
  const promotions = list.data?.list ?? [];
  // No engine promotions (none defined, switched off, or unreachable): the notice images remain.
  if (list.isError || promotions.length === 0) return <>{fallback}</>;

  const tabs = (categories.data?.list ?? [{ code: 'all', count: promotions.length }]).filter(
    (c) => c.code === 'all' || promotions.some((p) => p.category === c.code),
  );
  const shown = tab === 'all' ? promotions : promotions.filter((p) => p.category === tab);
  return (
    <>
      <div className="promo-tabs" role="tablist" aria-label={t('promo.tabsLabel')}>
        {tabs.map((c) => (
          <button
            key={c.code}
            type="button"
            role="tab"
            id={`promo-tab-${c.code}`}
            aria-selected={tab === c.code}
            aria-controls="promo-panel"
            className="promo-tabs__tab"
            onClick={() => setTab(c.code)}
          >
            {t(`promo.categories.${c.code}`, { defaultValue: c.code })}
          </button>
        ))}
      </div>
      <div id="promo-panel" role="tabpanel" aria-labelledby={`promo-tab-${tab}`}>
        {shown.length === 0 ? (
          <EmptyState title={t('promo.emptyCategory')} />
        ) : (
          <div className="promotions__grid">
            {shown.map((promotion) => (
              <PromotionItem key={promotion.id} promotion={promotion} member={Boolean(token)} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}
