// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nearestSnap, snapPositions, targetSnap, useCarousel, type CarouselOptions } from './carousel.ts';
import { fakeCarouselLayout } from './carousel-test-layout.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('snap positions', () => {
  it('keeps one position per slide start, clamped to what the viewport can scroll', () => {
    expect(snapPositions([-20, 180, 380, 580, 780], 400)).toEqual([0, 180, 380, 400]);
    expect(snapPositions([0, 100, 200], 0)).toEqual([0]);
    expect(snapPositions([], 0)).toEqual([0]);
  });

  it('finds the nearest position to a scroll offset', () => {
    expect(nearestSnap([0, 100, 200], 140)).toBe(1);
    expect(nearestSnap([0, 100, 200], 160)).toBe(2);
  });

  it('moves a slide or a page, looping only when asked', () => {
    const snaps = [0, 100, 200, 300, 400, 500, 600];
    const page = { step: 'page' as const, loop: false, viewportWidth: 300 };
    expect(targetSnap(snaps, 0, 1, page)).toBe(3);
    expect(targetSnap(snaps, 5, 1, page)).toBe(6);
    expect(targetSnap(snaps, 6, 1, page)).toBe(-1);
    expect(targetSnap(snaps, 6, -1, page)).toBe(3);
    expect(targetSnap(snaps, 0, -1, page)).toBe(-1);
    const slide = { step: 'slide' as const, loop: true, viewportWidth: 300 };
    expect(targetSnap(snaps, 2, 1, slide)).toBe(3);
    expect(targetSnap(snaps, 6, 1, slide)).toBe(0);
    expect(targetSnap(snaps, 0, -1, slide)).toBe(6);
    expect(targetSnap([0], 0, 1, slide)).toBe(-1);
  });
});

function Probe({ slides, ...options }: CarouselOptions & { slides: number }) {
  const carousel = useCarousel(options);
  return (
    <div>
      <div className="carousel-viewport" ref={carousel.viewportRef} data-testid="viewport">
        <ul>
          {Array.from({ length: slides }, (_, index) => (
            <li key={index}>{index}</li>
          ))}
        </ul>
      </div>
      <output>{`${carousel.selected}/${carousel.snapCount} prev:${carousel.canPrev} next:${carousel.canNext}`}</output>
      <button onClick={carousel.scrollPrev}>prev</button>
      <button onClick={carousel.scrollNext}>next</button>
    </div>
  );
}

describe('useCarousel', () => {
  it('measures the snaps and scrolls a page at a time without loop', () => {
    fakeCarouselLayout({ viewportWidth: 600, perView: 6 });
    render(<Probe slides={12} step="page" durationMs={0} />);
    const viewport = screen.getByTestId('viewport');
    expect(screen.getByRole('status').textContent).toBe('0/7 prev:false next:true');
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(screen.getByRole('status').textContent).toBe('6/7 prev:true next:false');
    expect(viewport.scrollLeft).toBe(600);
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(screen.getByRole('status').textContent).toBe('6/7 prev:true next:false');
    fireEvent.click(screen.getByRole('button', { name: 'prev' }));
    expect(screen.getByRole('status').textContent).toBe('0/7 prev:false next:true');
  });

  it('loops slide by slide, animating over the given duration with snapping off meanwhile', () => {
    vi.useFakeTimers();
    fakeCarouselLayout({ viewportWidth: 600, perView: 1 });
    render(<Probe slides={3} step="slide" loop durationMs={1000} />);
    const viewport = screen.getByTestId('viewport');
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(screen.getByRole('status').textContent).toBe('1/3 prev:true next:true');
    expect(viewport.style.getPropertyValue('scroll-snap-type')).toBe('none');
    act(() => vi.advanceTimersByTime(500));
    expect(viewport.scrollLeft).toBeGreaterThan(0);
    expect(viewport.scrollLeft).toBeLessThan(600);
    act(() => vi.advanceTimersByTime(600));
    expect(viewport.scrollLeft).toBe(600);
    expect(viewport.style.getPropertyValue('scroll-snap-type')).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(screen.getByRole('status').textContent).toBe('0/3 prev:false next:true');
  });
});
