import { useCallback, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import type { NavVendor } from '../utils/build-navigation.ts';
import { VendorIcon } from './vendor-icon.tsx';

/**
 * §2 footer vendor carousel: 10 vendor slides in view on wide screens (fewer on phones), moved
 * with the arrows or by swiping. With no vendor (before the games issue) it renders nothing.
 */
export function VendorCarousel({ vendors }: { vendors: readonly NavVendor[] }) {
  const { t } = useTranslation();
  const [viewport, embla] = useEmblaCarousel({ align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps' });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const update = useCallback(() => {
    if (!embla) return;
    setCanPrev(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla, update]);

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
          onClick={() => embla?.scrollPrev()}
        >
          <ChevronRightIcon style={{ transform: 'scaleX(-1)' }} />
        </button>
        <div className="vendor-carousel__viewport" ref={viewport}>
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
          onClick={() => embla?.scrollNext()}
        >
          <ChevronRightIcon />
        </button>
      </div>
    </section>
  );
}
