import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openModal } from '../../../stores/modals.ts';
import type { NoticeItem } from '../api/get-notices.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import { plainText } from '../utils/plain-text.ts';
import { PauseIcon, PlayIcon } from './icons.tsx';
import './notices.css';

/** Seconds per character of scrolling text: slow enough to read, at least 20 s a pass. */
const SECONDS_PER_CHAR = 0.22;

/**
 * §2 notice marquee of the player notices (PL). The notices are one list in the page, so a
 * screen reader reads them once, in order, like any list; the scrolling is decoration. It
 * pauses on hover and focus and with its own button, and stands still under reduced motion
 * (the list then scrolls sideways by hand).
 */
export function NoticeMarquee({ notices }: { notices: NoticeItem[] }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  const reducedMotion = useReducedMotion();
  const headingId = useId();
  if (notices.length === 0) return null;

  const items = notices.map((notice) => ({ id: notice.id, title: notice.title, text: plainText(notice.content) }));
  const length = items.reduce((sum, item) => sum + item.title.length + item.text.length + 6, 0);
  const seconds = Math.max(20, Math.round(length * SECONDS_PER_CHAR));

  return (
    <section className="marquee" aria-labelledby={headingId}>
      <h2 id={headingId} className="marquee__label">
        <svg className="marquee__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M3 10v4a1 1 0 0 0 1 1h3l5 4V5L7 9H4a1 1 0 0 0-1 1Zm13.5 2A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4ZM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6Z"
          />
        </svg>
        <span className="marquee__label-text">{t('home.notices')}</span>
      </h2>
      <div className="marquee__viewport" tabIndex={0} aria-label={t('home.noticeList')} role="group">
        <ul
          className="marquee__track"
          data-paused={paused ? 'true' : undefined}
          style={{ '--marquee-duration': `${seconds}s` } as React.CSSProperties}
        >
          {items.map((item) => (
            <li key={item.id} className="marquee__item">
              <strong>{item.title}</strong>
              {item.text && item.text !== item.title ? <span> — {item.text}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      {reducedMotion ? null : (
        <button
          type="button"
          className="marquee__button"
          onClick={() => setPaused((value) => !value)}
          aria-label={paused ? t('home.playNotices') : t('home.pauseNotices')}
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
      )}
      <button type="button" className="marquee__button marquee__more" onClick={() => openModal('announcements')}>
        {t('home.allNotices')}
      </button>
    </section>
  );
}
