// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeCarouselLayout } from '../../../components/ui/carousel-test-layout.ts';
import en from '../../../locales/en.ts';
import type { Banner } from '../api/get-notices.ts';
import { BannerCarousel } from './banner-carousel.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
// One banner per view (a phone), laid out side by side: every banner is a scroll position.
beforeEach(() => fakeCarouselLayout({ viewportWidth: 360, perView: 1 }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const currentDot = () => screen.getByRole('button', { name: /Go to slide/, current: true }).getAttribute('aria-label');

let nextId = 1;
function banner(overrides: Partial<Banner> = {}): Banner {
  const id = nextId++;
  return {
    id,
    groupName: 'w_home',
    title: `Offer ${id}`,
    url: `https://cdn.test/${id}.jpg`,
    linkage: '',
    linkageType: 'NONE',
    video: false,
    sequence: id,
    ...overrides,
  };
}

function show(banners: Banner[]) {
  return render(
    <MemoryRouter>
      <BannerCarousel banners={banners} label="Featured offers" />
    </MemoryRouter>,
  );
}

describe('BannerCarousel', () => {
  it('does not loop, autoplay or show controls with one banner', () => {
    vi.useFakeTimers();
    show([banner()]);
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Go to slide/ })).toBeNull();
    act(() => vi.advanceTimersByTime(20_000));
    expect(document.querySelector('.carousel-viewport')!.scrollLeft).toBe(0);
  });

  it('loops and autoplays every 5000 ms with more than one banner', () => {
    vi.useFakeTimers();
    show([banner(), banner(), banner(), banner()]);
    act(() => vi.advanceTimersByTime(4999));
    expect(currentDot()).toBe('Go to slide 1');
    act(() => vi.advanceTimersByTime(1));
    expect(currentDot()).toBe('Go to slide 2');
    act(() => vi.advanceTimersByTime(1000));
    expect(document.querySelector('.carousel-viewport')!.scrollLeft).toBe(360);
    act(() => vi.advanceTimersByTime(3 * 5000));
    // Past the last banner it starts again from the first.
    expect(currentDot()).toBe('Go to slide 1');
  });

  it('pauses while hovered and with the pause button', () => {
    vi.useFakeTimers();
    show([banner(), banner()]);
    const region = screen.getByRole('region', { name: 'Featured offers' });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(12_000));
    expect(currentDot()).toBe('Go to slide 1');
    fireEvent.mouseLeave(region);
    fireEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    act(() => vi.advanceTimersByTime(12_000));
    expect(currentDot()).toBe('Go to slide 1');
    fireEvent.click(screen.getByRole('button', { name: 'Play the slideshow' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(currentDot()).toBe('Go to slide 2');
  });

  it('has labelled prev/next buttons, a dot per position and labelled slides', () => {
    show([banner(), banner(), banner()]);
    expect(screen.getByRole('region', { name: 'Featured offers' }).getAttribute('aria-roledescription')).toBe(
      'carousel',
    );
    expect(screen.getByRole('group', { name: '2 of 3' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Go to slide/ })).toHaveLength(3);
    expect(currentDot()).toBe('Go to slide 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentDot()).toBe('Go to slide 2');
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(currentDot()).toBe('Go to slide 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentDot()).toBe('Go to slide 2');
  });

  it('follows each linkage type', () => {
    show([
      banner({ title: 'Url', linkageType: 'URL', linkage: 'https://example.com/x' }),
      banner({ title: 'Route', linkageType: 'ROUTE', linkage: '/rng' }),
      banner({ title: 'Promo', linkageType: 'PROMOTION', linkage: '7' }),
      banner({ title: 'Game', linkageType: 'GAME', linkage: 'JL_ACE' }),
      banner({ title: 'None', linkageType: 'NONE' }),
    ]);
    const url = screen.getByRole('link', { name: /Url/ });
    expect(url.getAttribute('href')).toBe('https://example.com/x');
    expect(url.getAttribute('target')).toBe('_blank');
    expect(url.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Route' }).getAttribute('href')).toBe('/rng');
    expect(screen.getByRole('link', { name: 'Promo' }).getAttribute('href')).toBe('/promotions#promotion-7');
    expect(screen.queryByRole('link', { name: 'Game' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'None' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Game' })).toBeTruthy();
  });

  it('shows a video banner as a still with a play button, embedding the player only when pressed', () => {
    show([banner({ video: true, title: 'Launch trailer', linkage: 'https://www.youtube.com/watch?v=abc123' })]);
    expect(document.querySelector('iframe')).toBeNull();
    const play = screen.getByRole('button', { name: 'Play the video: Launch trailer' });
    expect(play.querySelector('img')?.getAttribute('src')).toBe('https://i.ytimg.com/vi/abc123/hqdefault.jpg');
    fireEvent.click(play);
    const frame = screen.getByTitle('Launch trailer');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc123?autoplay=1');
  });

  it('shows the title on the play button of a video without a still, or when the still fails', () => {
    show([
      banner({ id: 1, video: true, title: 'Other player', linkage: 'https://player.test/embed/1' }),
      banner({ id: 2, video: true, title: 'Broken still', linkage: 'https://youtu.be/xyz' }),
    ]);
    expect(screen.getByRole('button', { name: 'Play the video: Other player' }).textContent).toContain('Other player');
    const broken = screen.getByRole('button', { name: 'Play the video: Broken still' });
    fireEvent.error(broken.querySelector('img')!);
    expect(broken.querySelector('img')).toBeNull();
    expect(broken.textContent).toContain('Broken still');
    fireEvent.click(screen.getByRole('button', { name: 'Play the video: Other player' }));
    expect(screen.getByTitle('Other player').getAttribute('src')).toBe('https://player.test/embed/1?autoplay=1');
  });
});
