import { describe, expect, it } from 'vitest';
import { resolveLinkage, videoSource } from './linkage.ts';

const ORIGIN = 'https://khela.test';
const linkage = (linkageType: 'NONE' | 'URL' | 'ROUTE' | 'GAME' | 'PROMOTION', value: string) =>
  resolveLinkage({ linkageType, linkage: value }, ORIGIN);

describe('banner linkage (§4: click opens the linked target)', () => {
  it('URL opens the address in a new tab', () => {
    expect(linkage('URL', 'https://example.com/offer?a=1')).toEqual({
      kind: 'external',
      href: 'https://example.com/offer?a=1',
    });
  });

  it('URL refuses anything that is not http(s)', () => {
    expect(linkage('URL', 'javascript:alert(1)')).toEqual({ kind: 'none' });
    expect(linkage('URL', 'data:text/html,hi')).toEqual({ kind: 'none' });
    expect(linkage('URL', '/relative')).toEqual({ kind: 'none' });
  });

  it('ROUTE navigates inside the site, never to another host', () => {
    expect(linkage('ROUTE', '/rng?vassalage=JL')).toEqual({ kind: 'route', to: '/rng?vassalage=JL' });
    expect(linkage('ROUTE', 'https://khela.test/promotions#x')).toEqual({ kind: 'route', to: '/promotions#x' });
    expect(linkage('ROUTE', '//evil.test/path')).toEqual({ kind: 'none' });
    expect(linkage('ROUTE', '/\\evil.test')).toEqual({ kind: 'none' });
    expect(linkage('ROUTE', 'https://evil.test/promotions')).toEqual({ kind: 'none' });
  });

  it('PROMOTION goes to /promotions, on the named promotion when it has an id', () => {
    expect(linkage('PROMOTION', '42')).toEqual({ kind: 'route', to: '/promotions#promotion-42' });
    expect(linkage('PROMOTION', '')).toEqual({ kind: 'route', to: '/promotions' });
  });

  it('GAME and NONE do nothing (game launch comes with the games issue)', () => {
    expect(linkage('GAME', 'JL_SUPER_ACE')).toEqual({ kind: 'none' });
    expect(linkage('NONE', 'https://example.com')).toEqual({ kind: 'none' });
  });
});

describe('video banner source', () => {
  it('uses the linkage when it is a web address, else the url', () => {
    expect(videoSource({ linkage: 'https://player.test/embed/9', url: 'https://cdn.test/a.jpg' })).toEqual({
      kind: 'iframe',
      src: 'https://player.test/embed/9',
    });
    expect(videoSource({ linkage: '', url: 'https://cdn.test/clip.mp4' })).toEqual({
      kind: 'file',
      src: 'https://cdn.test/clip.mp4',
    });
  });

  it('turns YouTube page links into embeds and refuses other schemes', () => {
    expect(videoSource({ linkage: 'https://www.youtube.com/watch?v=abc123', url: '' })?.src).toBe(
      'https://www.youtube-nocookie.com/embed/abc123',
    );
    expect(videoSource({ linkage: 'https://youtu.be/xyz', url: '' })?.src).toBe(
      'https://www.youtube-nocookie.com/embed/xyz',
    );
    expect(videoSource({ linkage: 'javascript:alert(1)', url: 'data:video/mp4,1' })).toBeNull();
  });

  it('gives YouTube videos a still to show until play is pressed', () => {
    expect(videoSource({ linkage: 'https://youtu.be/xyz', url: '' })).toEqual({
      kind: 'iframe',
      src: 'https://www.youtube-nocookie.com/embed/xyz',
      poster: 'https://i.ytimg.com/vi/xyz/hqdefault.jpg',
    });
    expect(videoSource({ linkage: 'https://player.test/embed/9', url: '' })).not.toHaveProperty('poster');
  });
});
