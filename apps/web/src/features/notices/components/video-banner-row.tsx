import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Banner } from '../api/get-notices.ts';
import { BannerSlide } from './banner-slide.tsx';
import './notices.css';

/** §2 video banners (group w_promotion) in their own row; a video banner embeds its video. */
export function VideoBannerRow({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (banners.length === 0) return null;
  return (
    <section className="promo-section" aria-labelledby={headingId}>
      <div className="promo-section__head">
        <h2 id={headingId} className="promo-section__title">
          {t('home.videoBanners')}
        </h2>
      </div>
      <ul className="video-row">
        {banners.map((banner) => (
          <li key={banner.id} className="video-row__item">
            <BannerSlide banner={banner} />
          </li>
        ))}
      </ul>
    </section>
  );
}
