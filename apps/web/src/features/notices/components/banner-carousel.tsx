import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCarousel } from '../../../components/ui/carousel.ts';
import { ChevronLeft, ChevronRight } from '../../../components/ui/carousel-icons.tsx';
import type { Banner } from '../api/get-notices.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import {
  BANNER_AUTOPLAY_MS,
  BANNERS_PER_VIEW,
  bannerCarouselOptions,
  bannersPerView,
  expectedSnapCount,
  shouldAutoplay,
} from '../utils/carousel.ts';
import { BannerSlide } from './banner-slide.tsx';
import { PauseIcon, PlayIcon } from './icons.tsx';
import './notices.css';

/**
 * §2 banner slider (group w_home): 3 per view on desktop (2 on tablets, 1 on phones), spacing
 * 20, §4/§9 autoplay 5000 ms and 1000 ms transition (components/ui/carousel.ts), looping only with more than one banner.
 * Autoplay pauses on hover and keyboard focus, with the pause button, in a hidden tab, and
 * never runs under reduced motion (WCAG 2.2.2).
 */
export function BannerCarousel({ banners, label }: { banners: Banner[]; label: string }) {
  const { t } = useTranslation();
  const reducedMotion = useReducedMotion();
  const count = banners.length;
  const carousel = useCarousel(bannerCarouselOptions(count, reducedMotion));
  const { viewportRef, selected, scrollNext, scrollPrev } = carousel;
  // Until the track is measured, the snaps it will have (issue 3 item 11: no layout shift).
  const [expectedSnaps] = useState(() =>
    expectedSnapCount(count, bannersPerView(typeof window === 'undefined' ? 0 : window.innerWidth)),
  );
  const snapCount = carousel.snapCount || expectedSnaps;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const [hidden, setHidden] = useState(false);
  const viewportId = useId();

  useEffect(() => {
    const onVisibility = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const paused = hovered || focused || userPaused || hidden;
  const autoplay = snapCount > 1 && shouldAutoplay(count, { paused, reducedMotion });

  // Restarts after every slide change, so a manual move gets a full 5 s before the next one.
  useEffect(() => {
    if (!autoplay) return;
    const timer = window.setInterval(scrollNext, BANNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [autoplay, scrollNext, selected]);

  const showControls = snapCount > 1;

  return (
    <section
      className="banner-carousel"
      aria-roledescription={t('home.carousel')}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      style={
        {
          '--banner-gap': '20px',
          '--banners-phone': BANNERS_PER_VIEW.phone,
          '--banners-tablet': BANNERS_PER_VIEW.tablet,
          '--banners-desktop': BANNERS_PER_VIEW.desktop,
        } as React.CSSProperties
      }
    >
      <div className="banner-carousel__viewport carousel-viewport" ref={viewportRef} id={viewportId}>
        <div className="banner-carousel__container">
          {banners.map((banner, index) => (
            <div
              className="banner-carousel__slide"
              key={banner.id}
              role="group"
              aria-roledescription={t('home.slide')}
              aria-label={t('home.slideOf', { index: index + 1, total: count })}
            >
              <BannerSlide
                banner={banner}
                loading={index < BANNERS_PER_VIEW.desktop ? 'eager' : 'lazy'}
                // The first banner is the largest paint of the home page (first-screen.ts preloads it).
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
            </div>
          ))}
        </div>
      </div>
      {showControls ? (
        <div className="banner-carousel__controls">
          <button
            type="button"
            className="carousel-button"
            onClick={() => setUserPaused((value) => !value)}
            aria-label={userPaused || reducedMotion ? t('home.playSlides') : t('home.pauseSlides')}
            hidden={reducedMotion}
          >
            {userPaused ? <PlayIcon /> : <PauseIcon />}
          </button>
          <button
            type="button"
            className="carousel-button"
            onClick={scrollPrev}
            aria-controls={viewportId}
            aria-label={t('home.previousSlide')}
          >
            <ChevronLeft />
          </button>
          <div className="banner-carousel__dots">
            {Array.from({ length: snapCount }, (_, index) => (
              <button
                key={index}
                type="button"
                className="banner-carousel__dot"
                aria-label={t('home.goToSlide', { index: index + 1 })}
                aria-current={index === selected ? 'true' : undefined}
                aria-controls={viewportId}
                onClick={() => carousel.scrollTo(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel-button"
            onClick={scrollNext}
            aria-controls={viewportId}
            aria-label={t('home.nextSlide')}
          >
            <ChevronRight />
          </button>
        </div>
      ) : null}
    </section>
  );
}
