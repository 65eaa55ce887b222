import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { formatCountdown } from '../../../lib/countdown.ts';

/**
 * The draw now open: its issue number and a live countdown to the close of betting (then to the
 * draw, once closed). `now` is the server's clock as seen here (useServerNow).
 */
export function IssueClock({
  issue,
  closesAt,
  drawAt,
  now,
}: {
  issue: string;
  closesAt: string;
  drawAt: string;
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const closeMs = Date.parse(closesAt) - now;
  const open = closeMs > 0;
  const days = (count: number) => t('lottery.issue.days', { count });
  return (
    <section className="lottery-issue" aria-labelledby="lottery-issue-title" data-open={open || undefined}>
      <h2 id="lottery-issue-title" className="lottery-issue__title">
        {t('lottery.issue.current', { issue })}
      </h2>
      <p className="lottery-issue__clock">
        <span className="lottery-issue__label">{open ? t('lottery.issue.closesIn') : t('lottery.issue.drawIn')}</span>{' '}
        <span className="lottery-issue__time" role="timer" data-testid="lottery-countdown">
          {formatCountdown(open ? closeMs : Date.parse(drawAt) - now, days)}
        </span>
      </p>
      <p className="lottery-issue__meta">
        {open
          ? t('lottery.issue.closesAt', { time: formatDateTime(closesAt, i18n.language) })
          : t('lottery.issue.drawAt', { time: formatDateTime(drawAt, i18n.language) })}
      </p>
      {open ? null : (
        <p className="lottery-issue__closed" role="status">
          {t('lottery.issue.closed')}
        </p>
      )}
    </section>
  );
}
