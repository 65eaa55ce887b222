import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SportsEvent, SportsMarketType } from '@khela/contracts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { marketTitle, shortPick } from '../utils/labels.ts';
import { useSportsEvents, type EventsFilter } from '../api/sports.ts';
import { EventStatus } from './event-parts.tsx';
import { OddsButton } from './odds-button.tsx';

/** The market a row shows: the match result where there is one, else the match winner, else the first. */
const MAIN_MARKETS: readonly SportsMarketType[] = ['ONE_X_TWO', 'MATCH_WINNER', 'HANDICAP', 'MAP_HANDICAP'];

function mainMarket(event: SportsEvent) {
  for (const type of MAIN_MARKETS) {
    const market = event.markets.find((m) => m.type === type && m.status !== 'settled' && m.status !== 'void');
    if (market) return market;
  }
  return event.markets[0];
}

function EventRow({
  event,
  picked,
  eventHref,
}: {
  event: SportsEvent;
  picked: ReadonlySet<number>;
  eventHref: string;
}) {
  const { t } = useTranslation();
  const market = mainMarket(event);
  const match = t('sports.vs', { home: event.home, away: event.away });
  const more = event.markets.length - (market ? 1 : 0);
  return (
    <li className="sb-event" aria-label={match}>
      <div className="sb-event__info">
        <p className="sb-event__meta">
          <span className="sb-muted">{event.competition}</span>
          <EventStatus event={event} />
        </p>
        <Link className="sb-event__teams" to={eventHref}>
          <span>{event.home}</span>
          <span>{event.away}</span>
        </Link>
      </div>
      {market ? (
        <div className="sb-event__odds" role="group" aria-label={`${match}: ${marketTitle(t, market)}`}>
          {market.selections.map((selection) => (
            <OddsButton
              key={selection.id}
              event={event}
              market={market}
              selection={selection}
              label={shortPick(t, market, selection.code)}
              selected={picked.has(selection.id)}
            />
          ))}
        </div>
      ) : (
        <p className="sb-muted">{t('sports.noMarkets')}</p>
      )}
      <Link className="sb-event__more" to={eventHref} aria-label={t('sports.allMarkets', { match })}>
        {more > 0 ? t('sports.moreMarkets', { count: more }) : '›'}
      </Link>
    </li>
  );
}

/** Events of the chosen sport, competition and tab, with their main market's prices; "load more" pages on. */
export function EventList({
  filter,
  poll,
  picked,
  hrefOf,
}: {
  filter: EventsFilter;
  poll: number | false;
  picked: ReadonlySet<number>;
  hrefOf: (eventId: number) => string;
}) {
  const { t } = useTranslation();
  const events = useSportsEvents(filter, poll);
  const list = events.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <section className="sb-list" aria-labelledby="sb-events-title">
      <h2 id="sb-events-title" className="visually-hidden">
        {t('sports.events')}
      </h2>
      <LoadState pending={events.isPending} error={events.error} onRetry={() => void events.refetch()}>
        {list.length === 0 ? (
          <EmptyState title={t('sports.noEvents')} body={t('sports.noEventsBody')} />
        ) : (
          <>
            <ul className="sb-events">
              {list.map((event) => (
                <EventRow key={event.id} event={event} picked={picked} eventHref={hrefOf(event.id)} />
              ))}
            </ul>
            {events.hasNextPage ? (
              <button
                type="button"
                className="button sb-more"
                onClick={() => void events.fetchNextPage()}
                disabled={events.isFetchingNextPage}
              >
                {events.isFetchingNextPage ? t('sports.loadingMore') : t('sports.loadMore')}
              </button>
            ) : null}
          </>
        )}
      </LoadState>
    </section>
  );
}
