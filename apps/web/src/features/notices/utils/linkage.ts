import type { Banner } from '../api/get-notices.ts';

/** What a banner click does, decided from its `linkageType` and `linkage` (§4 Carousel). */
export type LinkageAction = { kind: 'external'; href: string } | { kind: 'route'; to: string } | { kind: 'none' };

const NONE: LinkageAction = { kind: 'none' };

function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** An in-site path: starts with one slash (never `//host` or `/\host`, which leave the site). */
function sitePath(text: string, origin?: string): string | null {
  const trimmed = text.trim();
  if (/^\/(?![/\\])/.test(trimmed)) return trimmed;
  const url = httpUrl(trimmed);
  if (url && origin && url.origin === origin) return `${url.pathname}${url.search}${url.hash}`;
  return null;
}

/**
 * URL → a new tab (rel noopener); ROUTE → router navigation inside the site; PROMOTION → the
 * promotions page (on the promotion's card when the linkage names its id); GAME → nothing until
 * game launch exists; NONE → nothing. Anything unsafe (javascript:, data:, another host for a
 * route) does nothing rather than navigate.
 */
export function resolveLinkage(
  banner: Pick<Banner, 'linkage' | 'linkageType'>,
  origin: string | undefined = typeof window === 'undefined' ? undefined : window.location.origin,
): LinkageAction {
  const linkage = banner.linkage.trim();
  switch (banner.linkageType) {
    case 'URL': {
      const url = httpUrl(linkage);
      return url ? { kind: 'external', href: url.href } : NONE;
    }
    case 'ROUTE': {
      const to = sitePath(linkage, origin);
      return to ? { kind: 'route', to } : NONE;
    }
    case 'PROMOTION':
      return { kind: 'route', to: /^\d+$/.test(linkage) ? `/promotions#promotion-${linkage}` : '/promotions' };
    case 'GAME': // launched once the games issue brings game launch
    case 'NONE':
    default:
      return NONE;
  }
}

/** `poster`: a still of the video, shown until the visitor starts it (YouTube only). */
export type VideoSource = { kind: 'iframe'; src: string; poster?: string } | { kind: 'file'; src: string };

function youTube(id: string): VideoSource {
  const video = encodeURIComponent(id);
  return {
    kind: 'iframe',
    src: `https://www.youtube-nocookie.com/embed/${video}`,
    poster: `https://i.ytimg.com/vi/${video}/hqdefault.jpg`,
  };
}

/**
 * The video of a video banner (§4: "embedded from a video link"). The link is the banner's
 * `linkage` when that is a web address, else its `url`. YouTube page links become their embed
 * address; direct video files play in a <video> element; anything not http(s) is refused.
 */
export function videoSource(banner: Pick<Banner, 'linkage' | 'url'>): VideoSource | null {
  const url = httpUrl(banner.linkage) ?? httpUrl(banner.url);
  if (!url) return null;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  if (host === 'youtu.be' && url.pathname.length > 1) return youTube(url.pathname.slice(1));
  if (host === 'youtube.com' && url.pathname === '/watch' && url.searchParams.get('v')) {
    return youTube(url.searchParams.get('v')!);
  }
  if (/\.(mp4|webm|ogg|m4v)$/i.test(url.pathname)) return { kind: 'file', src: url.href };
  return { kind: 'iframe', src: url.href };
}
