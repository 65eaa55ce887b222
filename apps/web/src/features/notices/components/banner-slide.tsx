import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Banner } from '../api/get-notices.ts';
import { resolveLinkage, videoSource } from '../utils/linkage.ts';

/** The video of a video banner, embedded lazily from its link (§4 Carousel). */
export function VideoBanner({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  const source = videoSource(banner);
  const title = banner.title || t('home.videoBanner');
  if (!source) return <div className="banner banner--fallback">{title}</div>;
  return (
    <div className="banner banner--video">
      {source.kind === 'iframe' ? (
        <iframe
          src={source.src}
          title={title}
          loading="lazy"
          allow="encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        />
      ) : (
        <video src={source.src} controls preload="none" playsInline aria-label={title} />
      )}
    </div>
  );
}

/** One image banner; a click follows its linkage (URL, ROUTE, PROMOTION) or does nothing. */
export function BannerSlide({ banner, priority = false }: { banner: Banner; priority?: boolean }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (banner.video) return <VideoBanner banner={banner} />;

  const action = resolveLinkage(banner);
  const picture = failed ? (
    <span className="banner__fallback-title">{banner.title}</span>
  ) : (
    <img
      className="banner__image"
      src={banner.url}
      alt={banner.title || t('home.banner')}
      width={640}
      height={320}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
  const className = failed ? 'banner banner--fallback' : 'banner';

  if (action.kind === 'external') {
    return (
      <a className={className} href={action.href} target="_blank" rel="noopener noreferrer">
        {picture}
        <span className="visually-hidden">{t('home.opensInNewTab')}</span>
      </a>
    );
  }
  if (action.kind === 'route') {
    return (
      <Link className={className} to={action.to}>
        {picture}
      </Link>
    );
  }
  return <div className={className}>{picture}</div>;
}
