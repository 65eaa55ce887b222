import { useTranslation } from 'react-i18next';
import type { SportsEvent } from '@khela/contracts';
import { formatDateTime } from '../../../lib/format.ts';

/** The event's state: the score and a live badge while it runs, else its start time. */
export function EventStatus({ event }: { event: SportsEvent }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="sb-status">
      {event.status === 'scheduled' ? (
        <time dateTime={event.startsAt}>{formatDateTime(event.startsAt, i18n.language)}</time>
      ) : (
        <span className={`sb-badge sb-badge--${event.status}`}>{t(`sports.states.${event.status}`)}</span>
      )}
      {event.score ? (
        <span className="sb-score">
          <span aria-hidden="true">
            {event.score.home}–{event.score.away}
          </span>
          <span className="visually-hidden">{t('sports.score', event.score)}</span>
        </span>
      ) : null}
    </span>
  );
}
