import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCarousel } from '../../../components/ui/carousel.ts';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import type { NavVendor } from '../utils/build-navigation.ts';
import { VendorIcon } from './vendor-icon.tsx';

/**
 * §2 footer vendor carousel: 10 vendor slides in view on wide screens (fewer on phones), moved
 * with the arrows or by swiping. With no vendor (before the games issue) it renders nothing.
 */
export function VendorCarousel({ vendors }: { vendors: readonly NavVendor[] }) {
  const { t } = useTranslation();
  const { viewportRef, canPrev, canNext, scrollPrev, scrollNext } = useCarousel({ step: 'page', durationMs: 600 });

  if (vendors.length === 0) return null;
  return (
    <section className="vendor-carousel" aria-roledescription={t('home.carousel')} aria-label={t('footer.vendors')}>
      <h2 className="site-footer__heading">{t('footer.vendors')}</h2>
      <div className="vendor-carousel__frame">
        <button
          type="button"
          className="icon-button vendor-carousel__arrow"
          aria-label={t('footer.previousVendors')}
          disabled={!canPrev}
          onClick={scrollPrev}
        >
          <ChevronRightIcon style={{ transform: 'scaleX(-1)' }} />
        </button>
        <div className="vendor-carousel__viewport carousel-viewport" ref={viewportRef}>
          <ul className="vendor-carousel__track">
            {vendors.map((vendor) => (
              <li key={`${vendor.to.pathname}${vendor.to.search}`} className="vendor-carousel__slide">
                <Link to={vendor.to} className="vendor-carousel__link">
                  <VendorIcon src={vendor.icon ?? ''} size={40} />
                  <span>{vendor.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <button
          type="button"
          className="icon-button vendor-carousel__arrow"
          aria-label={t('footer.nextVendors')}
          disabled={!canNext}
          onClick={scrollNext}
        >
          <ChevronRightIcon />
        </button>
      </div>
    </section>
  );
}
