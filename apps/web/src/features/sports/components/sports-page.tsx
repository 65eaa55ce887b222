import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SPORT_CODES, type SportKind } from '@khela/contracts';
import { ContentPage } from '../../../components/layouts/content-page.tsx';
import { useSession } from '../../auth/hooks/use-session.ts';
import { useBalance } from '../../wallet/api/get-balance.ts';
import { useLiveOdds } from '../api/live.ts';
import { SPORTS_POLL_MS, useAfterSportsChange, useSportsMenu } from '../api/sports.ts';
import { useSlipLegs } from '../utils/slip-store.ts';
import { BetSlip } from './bet-slip.tsx';
import { EventDetail } from './event-detail.tsx';
import { EventList } from './event-list.tsx';
import { MyBets } from './my-bets.tsx';
import '../../../components/ui/form.css';
import '../messages.ts';
import './sports.css';

type Tab = 'live' | 'upcoming' | 'mine';

/** The page's place, from its query (§2 style links: `?kind=ESPORTS`, `?event=<id>`, `?tab=mine`). */
function usePlace() {
  const [params] = useSearchParams();
  const kind: SportKind = params.get('kind')?.toUpperCase() === 'ESPORTS' ? 'ESPORTS' : 'SPORTS';
  const tabParam = params.get('tab');
  const tab: Tab = tabParam === 'live' || tabParam === 'mine' ? tabParam : 'upcoming';
  const sportParam = params.get('sport')?.toUpperCase();
  const sport = SPORT_CODES.find((code) => code === sportParam);
  const competition = /^\d{1,10}$/.test(params.get('competition') ?? '') ? params.get('competition')! : undefined;
  const eventParam = params.get('event');
  const event = eventParam && /^\d{1,15}$/.test(eventParam) ? Number(eventParam) : null;
  return { kind, tab, sport, competition, event };
}

/** A link to another place of the page; `kind` is kept unless changed, the rest only when given. */
function href(place: { kind: SportKind; tab?: Tab; sport?: string; competition?: string; event?: number }) {
  const search = new URLSearchParams();
  if (place.kind === 'ESPORTS') search.set('kind', 'ESPORTS');
  if (place.tab && place.tab !== 'upcoming') search.set('tab', place.tab);
  if (place.sport) search.set('sport', place.sport);
  if (place.competition) search.set('competition', place.competition);
  if (place.event !== undefined) search.set('event', String(place.event));
  const qs = search.toString();
  return qs ? `/sportsbook?${qs}` : '/sportsbook';
}

/** The events a menu entry holds: the tab's count shown, both read out. */
function Count({ live, upcoming, tab }: { live: number; upcoming: number; tab: 'live' | 'upcoming' }) {
  const { t } = useTranslation();
  return (
    <span className="sb-count">
      <span aria-hidden="true">{tab === 'live' ? live : upcoming}</span>
      <span className="visually-hidden">{t('sports.counts', { live, upcoming })}</span>
    </span>
  );
}

function SportsMenu({ kind, tab, sport, competition }: ReturnType<typeof usePlace>) {
  const { t } = useTranslation();
  const menu = useSportsMenu(kind);
  const sports = menu.data?.sports.filter((s) => s.kind === kind) ?? [];
  const chosen = sports.find((s) => s.code === sport);
  const listTab = tab === 'mine' ? 'upcoming' : tab;
  return (
    <nav className="sb-menu" aria-label={t('sports.menu')}>
      <ul className="sb-menu__sports">
        <li>
          <Link to={href({ kind, tab: listTab })} aria-current={!sport ? 'page' : undefined}>
            {t('sports.allSports')}
          </Link>
        </li>
        {sports.map((s) => (
          <li key={s.code}>
            <Link to={href({ kind, tab: listTab, sport: s.code })} aria-current={s.code === sport ? 'page' : undefined}>
              <span>{s.name}</span>
              <Count live={s.live} upcoming={s.upcoming} tab={listTab} />
            </Link>
          </li>
        ))}
      </ul>
      {chosen && chosen.competitions.length > 0 ? (
        <ul className="sb-menu__competitions">
          <li>
            <Link
              to={href({ kind, tab: listTab, sport: chosen.code })}
              aria-current={!competition ? 'page' : undefined}
            >
              {t('sports.allCompetitions')}
            </Link>
          </li>
          {chosen.competitions.map((c) => (
            <li key={c.id}>
              <Link
                to={href({ kind, tab: listTab, sport: chosen.code, competition: String(c.id) })}
                aria-current={String(c.id) === competition ? 'page' : undefined}
              >
                <span>{c.name}</span>
                <Count live={c.live} upcoming={c.upcoming} tab={listTab} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}

/**
 * /sportsbook (issue 15 items 3 and 6): our own book of sports (`?kind=ESPORTS`: e-sports). The
 * sports and competitions menu, live and upcoming events with their main prices (`?event=<id>`:
 * every market of one), the bet slip beside them (a drawer with a count on phones) and my bets
 * (`?tab=mine`). Visitors browse; betting needs a log-in. Prices follow the live stream, or are
 * read every few seconds without it.
 */
export function SportsbookPage() {
  const { t } = useTranslation();
  const place = usePlace();
  const { kind, tab, event } = place;
  const { token, role } = useSession();
  const balance = useBalance(role === 'visitor' || role === 'trial' ? null : token).data;
  const legs = useSlipLegs();
  const picked = useMemo(() => new Set(legs.map((l) => l.selectionId)), [legs]);
  const live = useLiveOdds();
  const poll = live ? false : SPORTS_POLL_MS;
  const afterChange = useAfterSportsChange();
  const [drawer, setDrawer] = useState(false);
  const slipId = useId();

  useEffect(() => {
    if (!drawer) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawer(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawer]);

  const listTab = tab === 'mine' ? 'upcoming' : tab;
  const filter = { kind, tab: listTab, sport: place.sport, competition: place.competition } as const;
  const currency = balance?.currency ?? '';

  return (
    <ContentPage title={kind === 'ESPORTS' ? t('sports.titleEsports') : t('sports.title')} intro={t('sports.intro')}>
      <div className="sb">
        <nav className="sb-top" aria-label={t('sports.sections')}>
          <div className="sb-seg">
            {(['SPORTS', 'ESPORTS'] as const).map((k) => (
              <Link key={k} to={href({ kind: k, tab })} aria-current={k === kind ? 'page' : undefined}>
                {t(`sports.kinds.${k}`)}
              </Link>
            ))}
          </div>
          <div className="sb-seg">
            {(['live', 'upcoming', 'mine'] as const).map((value) => (
              <Link
                key={value}
                to={href({ kind, tab: value, sport: place.sport, competition: place.competition })}
                aria-current={value === tab && event === null ? 'page' : undefined}
              >
                {t(`sports.tabs.${value}`)}
              </Link>
            ))}
          </div>
          <p className="sb-muted sb-top__live">
            <span className={`sb-dot${live ? ' sb-dot--on' : ''}`} aria-hidden="true" />
            {live ? t('sports.live.pushed') : t('sports.live.polling')}
          </p>
        </nav>
        <div className="sb-grid">
          {tab === 'mine' ? null : <SportsMenu {...place} />}
          <div className={`sb-main${tab === 'mine' ? ' sb-main--wide' : ''}`}>
            {tab === 'mine' ? (
              <MyBets token={token} currency={currency} onChange={afterChange} />
            ) : event !== null ? (
              <EventDetail
                eventId={event}
                poll={poll}
                picked={picked}
                backHref={href({ kind, tab: listTab, sport: place.sport, competition: place.competition })}
              />
            ) : (
              <EventList
                filter={filter}
                poll={poll}
                picked={picked}
                hrefOf={(id) =>
                  href({ kind, tab: listTab, sport: place.sport, competition: place.competition, event: id })
                }
              />
            )}
          </div>
          <aside id={slipId} className={`sb-slip${drawer ? ' sb-slip--open' : ''}`} aria-labelledby={`${slipId}-title`}>
            <header className="sb-slip__head">
              <h2 id={`${slipId}-title`}>
                {t('sports.slip.title')} <span className="sb-badge sb-badge--count">{legs.length}</span>
              </h2>
              <button
                type="button"
                className="sb-slip__close"
                aria-label={t('sports.slip.close')}
                onClick={() => setDrawer(false)}
              >
                ×
              </button>
            </header>
            <BetSlip legs={legs} role={role} currency={currency} onPlaced={afterChange} />
          </aside>
        </div>
        {drawer ? <div className="sb-scrim" aria-hidden="true" onClick={() => setDrawer(false)} /> : null}
        <button
          type="button"
          className="sb-slip-toggle"
          aria-controls={slipId}
          aria-expanded={drawer}
          onClick={() => setDrawer((open) => !open)}
        >
          {t('sports.slip.title')}
          <span className="sb-badge sb-badge--count">
            <span aria-hidden="true">{legs.length}</span>
            <span className="visually-hidden">{t('sports.slip.count', { count: legs.length })}</span>
          </span>
        </button>
      </div>
    </ContentPage>
  );
}
