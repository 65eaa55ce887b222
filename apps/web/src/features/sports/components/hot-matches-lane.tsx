import i18next from 'i18next';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SportsHotMatch } from '@khela/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import bn from '../../../locales/hot-matches/bn.ts';
import en from '../../../locales/hot-matches/en.ts';
import { useHotMatches } from '../api/get-hot-matches.ts';
import './hot-matches-lane.css';

// The lane's strings travel in its own chunk (both languages), never in the home's first load.
const addMessages = () => {
  i18next.addResourceBundle('bn', 'translation', bn, true, true);
  i18next.addResourceBundle('en', 'translation', en, true, true);
};
if (i18next.isInitialized) addMessages();
else i18next.on('initialized', addMessages);

/** The 1X2 (or match winner) prices shown on a card, in their 1 / X / 2 order. */
const PRICED_MARKETS = ['ONE_X_TWO', 'MATCH_WINNER'];
const SHORT_PICK: Record<string, string> = { HOME: '1', DRAW: 'X', AWAY: '2' };
const GHOSTS = 4;

/** The minute a live football match is in, from its kick-off (the book keeps no match clock). */
export function liveMinute(startsAt: string, now: number): string | null {
  const minute = Math.floor((now - Date.parse(startsAt)) / 60_000) + 1;
  if (!Number.isFinite(minute) || minute < 1) return null;
  return minute > 90 ? '90+' : String(minute);
}

function startTime(value: string, language: string): string {
  return formatDateTime(value, language, undefined, 'noYear');
}

function MatchCard({ match, now }: { match: SportsHotMatch; now: number }) {
  const { t, i18n } = useTranslation();
  const live = match.status === 'live';
  const minute = live && match.sport === 'FOOTBALL' ? liveMinute(match.time, now) : null;
  const prices = match.bet && PRICED_MARKETS.includes(match.bet.type) ? match.bet.selections : [];
  const sides = { HOME: match.home, AWAY: match.away };
  return (
    <Link className="hot-match" to={`/sportsbook?event=${match.eventId}`} data-event={match.eventId}>
      <span className="hot-match__top">
        <span className="hot-match__league">{match.league}</span>
        {live ? (
          <span className="hot-match__live">
            {t('hotMatches.live')}
            {minute ? ` ${t('hotMatches.minute', { minute })}` : null}
          </span>
        ) : (
          <time className="hot-match__time" dateTime={match.time}>
            {startTime(match.time, i18n.language)}
          </time>
        )}
      </span>
      <span className="hot-match__teams">
        <span className="hot-match__team">{match.home}</span>
        {match.score ? (
          <span className="hot-match__score">
            <span aria-hidden="true">
              {match.score.home}–{match.score.away}
            </span>
            <span className="visually-hidden">{t('hotMatches.score', match.score)}</span>
          </span>
        ) : (
          <span className="hot-match__vs" aria-hidden="true">
            v
          </span>
        )}
        <span className="hot-match__team hot-match__team--away">{match.away}</span>
      </span>
      {prices.length > 0 ? (
        <span className="hot-match__prices">
          {prices.map((selection) => (
            <span key={selection.id} className="hot-match__price">
              <span className="hot-match__pick" aria-hidden="true">
                {SHORT_PICK[selection.code] ?? selection.code}
              </span>
              <span aria-hidden="true">{selection.odds}</span>
              <span className="visually-hidden">
                {t('hotMatches.odds', {
                  pick: sides[selection.code as keyof typeof sides] ?? t(`hotMatches.picks.${selection.code}`),
                  odds: selection.odds,
                })}
              </span>
            </span>
          ))}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The lane itself: a skeleton while loading, nothing at all without matches or on an error (the
 * home page simply has no lane then), else the cards, each opening its event in the sportsbook.
 */
export function HotMatchesList({
  matches,
  loading,
  now = Date.now(),
}: {
  matches: readonly SportsHotMatch[] | undefined;
  loading: boolean;
  now?: number;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  if (!loading && !matches?.length) return null;
  return (
    <section className="hot-matches" aria-labelledby={headingId} aria-busy={loading || undefined}>
      <div className="hot-matches__head">
        <h2 id={headingId} className="hot-matches__title">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path fill="currentColor" d="m12 7.2 3.6 2.6-1.4 4.2H9.8L8.4 9.8Z" />
          </svg>
          {t('hotMatches.title')}
        </h2>
        <Link className="hot-matches__all" to="/sportsbook">
          {t('hotMatches.all')}
        </Link>
      </div>
      {loading ? (
        <div className="hot-matches__track" role="status" aria-label={t('hotMatches.loading')}>
          {Array.from({ length: GHOSTS }, (_, i) => (
            <span key={i} className="hot-match hot-match--ghost" />
          ))}
        </div>
      ) : (
        <ul className="hot-matches__track">
          {matches!.map((match) => (
            <li key={match.eventId} className="hot-matches__slide">
              <MatchCard match={match} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Issue 15 item 3: the home page's hot matches (GCSGAME_getGameMatchV2), under the game lanes. */
export default function HotMatchesLane() {
  const hot = useHotMatches();
  return <HotMatchesList matches={hot.data?.list} loading={hot.isPending} />;
}
