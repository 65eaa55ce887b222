import type { CarouselOptions } from '../../../components/ui/carousel.ts';

/** §2 / §9 banner slider constants. */
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_SPEED_MS = 1000;
export const BANNER_SPACING_PX = 20;
export const BANNERS_PER_VIEW = { phone: 1, tablet: 2, desktop: 3 } as const;

/** §4: the carousel loops only when there is more than one banner. */
export function shouldLoop(count: number): boolean {
  return count > 1;
}

/** §9 speed 1000 ms, one banner per move; instant under reduced motion. */
export function bannerCarouselOptions(count: number, reducedMotion: boolean): CarouselOptions {
  return { loop: shouldLoop(count), step: 'slide', durationMs: reducedMotion ? 0 : BANNER_SPEED_MS };
}

/** The breakpoints of notices.css: 1 banner per view, 2 from 640 px, 3 from 1024 px. */
export function bannersPerView(viewportWidth: number): number {
  if (viewportWidth >= 1024) return BANNERS_PER_VIEW.desktop;
  if (viewportWidth >= 640) return BANNERS_PER_VIEW.tablet;
  return BANNERS_PER_VIEW.phone;
}

/**
 * The scroll positions the track will have (one per banner that can come first in the view,
 * else one), so the first frame already has the controls row and its dots: no shift later.
 */
export function expectedSnapCount(count: number, perView: number): number {
  return count > perView ? count - perView + 1 : Math.min(count, 1);
}

/** Autoplay runs only with something to move to, never under reduced motion or while paused. */
export function shouldAutoplay(count: number, { paused, reducedMotion }: { paused: boolean; reducedMotion: boolean }) {
  return count > 1 && !paused && !reducedMotion;
}
