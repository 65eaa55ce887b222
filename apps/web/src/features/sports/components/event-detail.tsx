import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SportsEvent, SportsMarket } from '@khela/contracts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { useSportsEvent } from '../api/sports.ts';
import { marketTitle, pickLabel } from '../utils/labels.ts';
import { EventStatus } from './event-parts.tsx';
import { OddsButton } from './odds-button.tsx';

function MarketCard({
  event,
  market,
  picked,
}: {
  event: SportsEvent;
  market: SportsMarket;
  picked: ReadonlySet<number>;
}) {
  const { t } = useTranslation();
  const title = marketTitle(t, market);
  const id = `sb-market-${market.id}`;
  return (
    <section className="sb-market" aria-labelledby={id}>
      <h3 id={id} className="sb-market__title">
        {title}
        {market.status === 'suspended' ? (
          <span className="sb-badge sb-badge--suspended">{t('sports.suspended')}</span>
        ) : null}
      </h3>
      <div className={`sb-market__odds sb-market__odds--${market.selections.length}`} role="group" aria-label={title}>
        {market.selections.map((selection) => (
          <OddsButton
            key={selection.id}
            event={event}
            market={market}
            selection={selection}
            label={pickLabel(t, event, market, selection.code)}
            selected={picked.has(selection.id)}
          />
        ))}
      </div>
    </section>
  );
}

/** `?event=<id>`: one event with every market (1X2, handicaps with their lines, totals, BTTS, e-sports winners). */
export function EventDetail({
  eventId,
  poll,
  picked,
  backHref,
}: {
  eventId: number;
  poll: number | false;
  picked: ReadonlySet<number>;
  backHref: string;
}) {
  const { t } = useTranslation();
  const query = useSportsEvent(eventId, poll);
  const event = query.data;
  const notFound = query.error?.status === 404;
  return (
    <section className="sb-detail" aria-labelledby="sb-detail-title">
      <Link className="sb-back" to={backHref}>
        ‹ {t('sports.backToList')}
      </Link>
      {notFound ? (
        <EmptyState title={t('sports.eventNotFound')} />
      ) : (
        <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
          {event ? (
            <>
              <header className="sb-detail__head">
                <p className="sb-muted">{event.competition}</p>
                <h2 id="sb-detail-title">{t('sports.vs', { home: event.home, away: event.away })}</h2>
                <EventStatus event={event} />
              </header>
              {event.markets.length === 0 ? (
                <p className="sb-muted">{t('sports.noMarkets')}</p>
              ) : (
                event.markets.map((market) => (
                  <MarketCard key={market.id} event={event} market={market} picked={picked} />
                ))
              )}
            </>
          ) : null}
        </LoadState>
      )}
    </section>
  );
}
