import { describe, expect, it } from 'vitest';
import { bannerCarouselOptions, bannersPerView, expectedSnapCount, shouldAutoplay, shouldLoop } from './carousel.ts';

describe('§4 carousel loop rule', () => {
  it('loops only with more than one banner', () => {
    expect(shouldLoop(0)).toBe(false);
    expect(shouldLoop(1)).toBe(false);
    expect(shouldLoop(2)).toBe(true);
    expect(bannerCarouselOptions(1, false).loop).toBe(false);
    expect(bannerCarouselOptions(5, false).loop).toBe(true);
  });

  it('moves instantly under reduced motion', () => {
    expect(bannerCarouselOptions(3, true).durationMs).toBe(0);
    expect(bannerCarouselOptions(3, false).durationMs).toBe(1000);
  });

  it('autoplays only with several banners, unpaused, without reduced motion', () => {
    expect(shouldAutoplay(3, { paused: false, reducedMotion: false })).toBe(true);
    expect(shouldAutoplay(1, { paused: false, reducedMotion: false })).toBe(false);
    expect(shouldAutoplay(3, { paused: true, reducedMotion: false })).toBe(false);
    expect(shouldAutoplay(3, { paused: false, reducedMotion: true })).toBe(false);
  });
});

describe('controls before the track is measured (no layout shift)', () => {
  it('follows the breakpoints of notices.css', () => {
    expect(bannersPerView(360)).toBe(1);
    expect(bannersPerView(639)).toBe(1);
    expect(bannersPerView(640)).toBe(2);
    expect(bannersPerView(1023)).toBe(2);
    expect(bannersPerView(1024)).toBe(3);
  });

  it('expects a snap per banner only when the banners overflow the view', () => {
    expect(expectedSnapCount(0, 1)).toBe(0);
    expect(expectedSnapCount(1, 1)).toBe(1);
    expect(expectedSnapCount(4, 1)).toBe(4);
    expect(expectedSnapCount(3, 3)).toBe(1);
    expect(expectedSnapCount(4, 3)).toBe(2);
    expect(expectedSnapCount(5, 2)).toBe(4);
  });
});
