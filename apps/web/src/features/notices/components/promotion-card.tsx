import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeItem } from '../api/get-notices.ts';
import { promotionAnchor, promotionImage } from '../utils/promotion.ts';
import { formatDateTime } from '../utils/promotion-time.ts';
import { sanitizeHtml } from '../../../lib/sanitize.ts';
import { PromotionImage } from './promotion-image.tsx';
import './notices.css';

/**
 * One promotion on /promotions: image, title and time; its rich content is sanitised with
 * DOMPurify only when the card is opened. A card named by the URL hash opens itself.
 */
export function PromotionCard({
  promotion,
  initiallyOpen = false,
  eager = false,
}: {
  promotion: NoticeItem;
  initiallyOpen?: boolean;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const contentId = useId();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!initiallyOpen) return;
    setOpen(true);
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, [initiallyOpen]);

  return (
    <article
      ref={ref}
      id={promotionAnchor(promotion.id)}
      className="promo-card"
      data-open={open ? 'true' : undefined}
      aria-labelledby={titleId}
    >
      <PromotionImage src={promotionImage(promotion)} eager={eager} />
      <div className="promo-card__body">
        <h2 id={titleId} className="promo-card__title">
          {promotion.title}
        </h2>
        <p className="promo-card__time">
          <span className="visually-hidden">{t('promotions.published')} </span>
          <time dateTime={promotion.time}>{formatDateTime(promotion.time)}</time>
        </p>
        <button
          type="button"
          className="button promo-card__toggle"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('promotions.hideDetails') : t('promotions.showDetails')}
        </button>
        <div id={contentId} className="promo-card__content rich-text" hidden={!open}>
          {open ? (
            promotion.content.trim() ? (
              <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(promotion.content) }} />
            ) : (
              <p>{t('promotions.noDetails')}</p>
            )
          ) : null}
        </div>
      </div>
    </article>
  );
}
