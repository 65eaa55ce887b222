import { useCallback, useEffect, useRef, useState } from 'react';
import './carousel.css';

/**
 * A small scroll-snap carousel (issue 3 item 11: replaces Embla, ≈ 7.5 KB gzip). The browser
 * does the swiping and snapping on a `carousel-viewport` element whose first child holds the
 * slides; the hook measures the snap positions, moves between them with the buttons and loops.
 */
export interface CarouselOptions {
  /** Past the last position the next move goes back to the first (and the other way round). */
  loop?: boolean;
  /** 'slide' moves one snap position, 'page' as many as the viewport shows. */
  step?: 'slide' | 'page';
  /** How long a move takes; 0 (and a system asking for reduced motion) moves at once. */
  durationMs?: number;
}

/** The distinct scroll positions at which a slide starts, within what the viewport can scroll. */
export function snapPositions(slideStarts: readonly number[], maxScroll: number): number[] {
  const snaps: number[] = [];
  for (const start of slideStarts) {
    const position = Math.round(Math.min(Math.max(start, 0), Math.max(maxScroll, 0)));
    if (snaps.length === 0 || Math.abs(position - snaps[snaps.length - 1]!) > 1) snaps.push(position);
  }
  return snaps.length > 0 ? snaps : [0];
}

export function nearestSnap(snaps: readonly number[], scrollLeft: number): number {
  let best = 0;
  snaps.forEach((snap, index) => {
    if (Math.abs(snap - scrollLeft) < Math.abs(snaps[best]! - scrollLeft)) best = index;
  });
  return best;
}

/** The snap one move away, or -1 at an end without loop. */
export function targetSnap(
  snaps: readonly number[],
  selected: number,
  direction: 1 | -1,
  { step, loop, viewportWidth }: { step: 'slide' | 'page'; loop: boolean; viewportWidth: number },
): number {
  const last = snaps.length - 1;
  if (last <= 0) return -1;
  if (direction === 1 && selected >= last) return loop ? 0 : -1;
  if (direction === -1 && selected <= 0) return loop ? last : -1;
  if (step === 'slide') return selected + direction;
  const from = snaps[selected]!;
  if (direction === 1) {
    let index = selected + 1;
    while (index < last && snaps[index + 1]! <= from + viewportWidth + 1) index++;
    return index;
  }
  let index = selected - 1;
  while (index > 0 && snaps[index - 1]! >= from - viewportWidth - 1) index--;
  return index;
}

/** Moves are instant for visitors who asked their system for less motion. */
const reducedMotion = () => !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

const easeOut = (t: number) => 1 - (1 - t) ** 3;

export function useCarousel<Viewport extends HTMLElement = HTMLDivElement>({
  loop = false,
  step = 'page',
  durationMs = 500,
}: CarouselOptions = {}) {
  // A callback ref: the viewport may mount later (after an empty state) or be replaced.
  const [viewport, viewportRef] = useState<Viewport | null>(null);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const snaps = useRef<number[]>([0]);
  const selectedRef = useRef(0);
  const animation = useRef(0);

  const select = useCallback((index: number) => {
    selectedRef.current = index;
    setSelected(index);
  }, []);

  const stopAnimation = useCallback(() => {
    cancelAnimationFrame(animation.current);
    animation.current = 0;
    viewport?.style.removeProperty('scroll-snap-type');
  }, [viewport]);

  useEffect(() => {
    if (!viewport) return;
    const track = viewport.firstElementChild;
    const measure = () => {
      const origin = viewport.getBoundingClientRect().left - viewport.scrollLeft;
      const starts = track ? Array.from(track.children, (slide) => slide.getBoundingClientRect().left - origin) : [];
      snaps.current = snapPositions(starts, viewport.scrollWidth - viewport.clientWidth);
      setSnapCount(snaps.current.length);
      select(nearestSnap(snaps.current, viewport.scrollLeft));
    };
    let frame = 0;
    const onScroll = () => {
      if (animation.current || frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        select(nearestSnap(snaps.current, viewport.scrollLeft));
      });
    };
    // Measured when the browser reports sizes, just after its own layout, rather than by forcing
    // a layout of the whole page in between (issue 3 item 11: total blocking time). The viewport
    // and every slide are watched: a slide added, removed (its size drops to nothing) or resized
    // moves the snaps without resizing the viewport.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    const watch = (slide: Node) => {
      if (slide instanceof Element) resize?.observe(slide);
    };
    if (resize) {
      resize.observe(viewport);
      if (track) Array.from(track.children, watch);
    } else {
      measure();
    }
    const slides = new MutationObserver((records) => {
      if (!resize) return measure();
      for (const record of records) record.addedNodes.forEach(watch);
    });
    if (track) slides.observe(track, { childList: true });
    viewport.addEventListener('scroll', onScroll, { passive: true });
    // A finger or wheel takes over from a running move.
    viewport.addEventListener('pointerdown', stopAnimation, { passive: true });
    viewport.addEventListener('wheel', stopAnimation, { passive: true });
    return () => {
      resize?.disconnect();
      slides.disconnect();
      cancelAnimationFrame(frame);
      stopAnimation();
      viewport.removeEventListener('scroll', onScroll);
      viewport.removeEventListener('pointerdown', stopAnimation);
      viewport.removeEventListener('wheel', stopAnimation);
    };
  }, [viewport, select, stopAnimation]);

  const scrollTo = useCallback(
    (index: number) => {
      const target = snaps.current[index];
      if (!viewport || target === undefined) return;
      stopAnimation();
      select(index);
      const from = viewport.scrollLeft;
      if (durationMs <= 0 || reducedMotion()) {
        viewport.scrollLeft = target;
        return;
      }
      // Mandatory snapping would pull every intermediate frame back to a slide.
      viewport.style.setProperty('scroll-snap-type', 'none');
      const start = performance.now();
      const frame = (now: number) => {
        const progress = Math.min(1, (now - start) / durationMs);
        viewport.scrollLeft = from + (target - from) * easeOut(progress);
        if (progress < 1) animation.current = requestAnimationFrame(frame);
        else stopAnimation();
      };
      animation.current = requestAnimationFrame(frame);
    },
    [durationMs, select, stopAnimation, viewport],
  );

  const move = useCallback(
    (direction: 1 | -1) => {
      const viewportWidth = viewport?.clientWidth ?? 0;
      const index = targetSnap(snaps.current, selectedRef.current, direction, { step, loop, viewportWidth });
      if (index >= 0) scrollTo(index);
    },
    [loop, scrollTo, step, viewport],
  );
  const scrollNext = useCallback(() => move(1), [move]);
  const scrollPrev = useCallback(() => move(-1), [move]);

  return {
    viewportRef,
    selected,
    snapCount,
    canPrev: selected > 0,
    canNext: selected < snapCount - 1,
    scrollTo,
    scrollNext,
    scrollPrev,
  };
}
