import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../../../lib/sanitize.ts';
import type { Announcement } from '../api/get-notices.ts';
import { formatTime } from '../utils/format-time.ts';

/**
 * One announcement or notice: title, time, its images in sequence and the rich-text content
 * (§2 detail pane), sanitised with DOMPurify.
 */
export function AnnouncementDetail({
  announcement,
  headingLevel = 'h3',
  showTitle = true,
  headingRef,
}: {
  announcement: Announcement;
  headingLevel?: 'h2' | 'h3';
  showTitle?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t, i18n } = useTranslation();
  const html = useMemo(() => sanitizeHtml(announcement.content), [announcement.content]);
  const images = useMemo(
    () => [...announcement.announcementImages].sort((a, b) => a.sequence - b.sequence),
    [announcement.announcementImages],
  );
  const Heading = headingLevel;
  const time = formatTime(announcement.time, i18n.language);

  return (
    <article className="announcement-detail">
      {showTitle ? (
        <Heading ref={headingRef} className="announcement-detail__title" tabIndex={-1}>
          {announcement.title}
        </Heading>
      ) : null}
      {time ? (
        <p className="announcement-detail__time">
          {t('announcements.published')} <time dateTime={announcement.time}>{time}</time>
        </p>
      ) : null}
      {images.map((image, index) => (
        <img
          key={`${image.sequence}-${image.url}`}
          className="announcement-detail__image"
          src={image.url}
          // The first image usually carries the announcement itself; later ones decorate it.
          alt={index === 0 ? announcement.title : ''}
          loading="lazy"
          decoding="async"
          onError={(event) => {
            event.currentTarget.hidden = true;
          }}
        />
      ))}
      {html ? (
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
      ) : images.length === 0 ? (
        <p className="announcement-detail__empty">{t('announcements.noContent')}</p>
      ) : null}
    </article>
  );
}
