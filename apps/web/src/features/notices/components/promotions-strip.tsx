import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NoticeItem } from '../api/get-notices.ts';
import { promotionAnchor, promotionImage } from '../utils/promotion.ts';
import { PromotionImage } from './promotion-image.tsx';
import './notices.css';

/** §2 home promotions strip: the promotion notices (PR), each opening its card on /promotions. */
export function PromotionsStrip({ promotions }: { promotions: NoticeItem[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (promotions.length === 0) return null;
  return (
    <section className="promo-section" aria-labelledby={headingId}>
      <div className="promo-section__head">
        <h2 id={headingId} className="promo-section__title">
          {t('home.promotionsTitle')}
        </h2>
        <Link className="promo-section__more" to="/promotions">
          {t('home.allPromotions')}
        </Link>
      </div>
      <ul className="promo-strip">
        {promotions.map((promotion) => (
          <li key={promotion.id} className="promo-strip__item">
            <Link className="promo-tile" to={`/promotions#${promotionAnchor(promotion.id)}`}>
              <PromotionImage src={promotionImage(promotion)} />
              <span className="promo-tile__title">{promotion.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
