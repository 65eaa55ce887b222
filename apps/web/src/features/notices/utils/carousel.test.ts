import { describe, expect, it } from 'vitest';
import { bannerCarouselOptions, shouldAutoplay, shouldLoop } from './carousel.ts';

describe('§4 carousel loop rule', () => {
  it('loops only with more than one banner', () => {
    expect(shouldLoop(0)).toBe(false);
    expect(shouldLoop(1)).toBe(false);
    expect(shouldLoop(2)).toBe(true);
    expect(bannerCarouselOptions(1, false).loop).toBe(false);
    expect(bannerCarouselOptions(5, false).loop).toBe(true);
  });

  it('moves instantly under reduced motion', () => {
    expect(bannerCarouselOptions(3, true).duration).toBe(0);
    expect(bannerCarouselOptions(3, false).duration).toBeGreaterThan(0);
  });

  it('autoplays only with several banners, unpaused, without reduced motion', () => {
    expect(shouldAutoplay(3, { paused: false, reducedMotion: false })).toBe(true);
    expect(shouldAutoplay(1, { paused: false, reducedMotion: false })).toBe(false);
    expect(shouldAutoplay(3, { paused: true, reducedMotion: false })).toBe(false);
    expect(shouldAutoplay(3, { paused: false, reducedMotion: true })).toBe(false);
  });
});
