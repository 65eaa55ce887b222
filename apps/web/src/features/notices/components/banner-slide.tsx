import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Banner } from '../api/get-notices.ts';
import { resolveLinkage, videoSource } from '../utils/linkage.ts';
import { PlayIcon } from './icons.tsx';

/** The embed address that starts playing at once (the visitor has just asked for it). */
function autoplaying(src: string): string {
  const url = new URL(src);
  url.searchParams.set('autoplay', '1');
  return url.href;
}

/**
 * The video of a video banner, embedded from its link (§4 Carousel). An embedded player costs
 * a phone hundreds of kilobytes of someone else's scripts, so until the visitor presses play
 * it is a still with a play button (issue 3 item 11); direct video files load nothing before
 * play anyway.
 */
export function VideoBanner({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const [posterFailed, setPosterFailed] = useState(false);
  const source = videoSource(banner);
  const title = banner.title || t('home.videoBanner');
  if (!source) return <div className="banner banner--fallback">{title}</div>;
  if (source.kind === 'file') {
    return (
      <div className="banner banner--video">
        <video src={source.src} controls preload="none" playsInline aria-label={title} />
      </div>
    );
  }
  if (!playing) {
    return (
      <button
        type="button"
        className="banner banner--video banner--video-facade"
        onClick={() => setPlaying(true)}
        aria-label={t('home.playVideo', { title })}
      >
        {source.poster && !posterFailed ? (
          <img
            className="banner__image"
            src={source.poster}
            alt=""
            loading="lazy"
            decoding="async"
            onError={() => setPosterFailed(true)}
          />
        ) : (
          <span className="banner__video-title">{title}</span>
        )}
        <span className="banner__play" aria-hidden="true">
          <PlayIcon />
        </span>
      </button>
    );
  }
  return (
    <div className="banner banner--video">
      <iframe
        src={autoplaying(source.src)}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
      />
    </div>
  );
}

/** One image banner; a click follows its linkage (URL, ROUTE, PROMOTION) or does nothing. */
export function BannerSlide({
  banner,
  loading = 'lazy',
  fetchPriority = 'auto',
}: {
  banner: Banner;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'auto';
}) {
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
      loading={loading}
      fetchPriority={fetchPriority}
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
