import type useEmblaCarousel from 'embla-carousel-react';

type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

/** §2 / §9 banner slider constants. */
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_SPEED_MS = 1000;
export const BANNER_SPACING_PX = 20;
export const BANNERS_PER_VIEW = { phone: 1, tablet: 2, desktop: 3 } as const;

/**
 * Embla's `duration` is a spring constant, not milliseconds: 30 brings a slide to rest in
 * about 1000 ms (§9 speed 1000 ms; measured by running its scroll body at 60 fps).
 */
const EMBLA_DURATION_FOR_1000_MS = 30;

/** §4: the carousel loops only when there is more than one banner. */
export function shouldLoop(count: number): boolean {
  return count > 1;
}

export function bannerCarouselOptions(count: number, reducedMotion: boolean): EmblaOptions {
  return {
    loop: shouldLoop(count),
    align: 'start',
    slidesToScroll: 1,
    containScroll: 'trimSnaps',
    duration: reducedMotion ? 0 : EMBLA_DURATION_FOR_1000_MS,
  };
}

/** The breakpoints of notices.css: 1 banner per view, 2 from 640 px, 3 from 1024 px. */
export function bannersPerView(viewportWidth: number): number {
  if (viewportWidth >= 1024) return BANNERS_PER_VIEW.desktop;
  if (viewportWidth >= 640) return BANNERS_PER_VIEW.tablet;
  return BANNERS_PER_VIEW.phone;
}

/**
 * The scroll snaps Embla will find (one per banner when they overflow the view, else one), so
 * the first frame already has the controls row and its dots: no shift when Embla starts.
 */
export function expectedSnapCount(count: number, perView: number): number {
  return count > perView ? count : Math.min(count, 1);
}

/** Autoplay runs only with something to move to, never under reduced motion or while paused. */
export function shouldAutoplay(count: number, { paused, reducedMotion }: { paused: boolean; reducedMotion: boolean }) {
  return count > 1 && !paused && !reducedMotion;
}
