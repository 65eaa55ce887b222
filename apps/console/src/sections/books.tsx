import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COCKFIGHT_FIGHT_STATES,
  COCKFIGHT_SIDES,
  LOTTERY_DRAW_STATES,
  SPORTS_EVENT_STATES,
  cockfightAdminEndpoints as cockfight,
  lotteryAdminEndpoints as lottery,
  sportsAdminEndpoints as sports,
  type ADMIN_CORRECTION_SORTS,
  type ADMIN_FIGHT_SORTS,
  type CockfightSide,
  type QueryOf,
  type ValueOf,
} from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatAmount, formatCount, formatTime } from '../format.ts';
import { PagedTable, useListControls } from '../components/paged-table.tsx';
import type { Column } from '../components/data-table.tsx';
import { fieldError } from '../members-logic.ts';
import { useConfirmedAction } from './books-confirm.tsx';
import { fightActions, sumStakes } from './books-logic.ts';
import { FilterSelect } from '../components/filter-select.tsx';

const PAGE_SIZE = 20;
type SportsEvent = ValueOf<typeof sports.events>['list'][number];
type Fight = ValueOf<typeof cockfight.fightsList>['list'][number];
type Draw = ValueOf<typeof lottery.draws>['list'][number];
type DrawQuery = NonNullable<QueryOf<typeof lottery.draws>>;
type EventQuery = NonNullable<QueryOf<typeof sports.events>>;
type Book = 'sports' | 'cockfight' | 'lottery';
type FightSort = (typeof ADMIN_FIGHT_SORTS)[number];
type CorrectionSort = (typeof ADMIN_CORRECTION_SORTS)[number];

/** Issue 16 item 5: the house's books — sports events, cockfight fights, lottery draws — and what settles them. */
export default function BooksSection({ permissions }: { permissions: readonly string[] }) {
  const { t } = useI18n();
  // The draws list is the catalogue's read (permissions.ts); voiding is the cashier's.
  const books: Book[] = permissions.includes('games') ? ['sports', 'cockfight', 'lottery'] : ['sports', 'cockfight'];
  const [book, setBook] = useState<Book>('sports');
  return (
    <section aria-labelledby="books-title" className="section">
      <h1 id="books-title">{t('books.title')}</h1>
      <div className="tabs" role="group" aria-label={t('books.title')}>
        {books.map((b) => (
          <button key={b} type="button" aria-pressed={book === b} onClick={() => setBook(b)}>
            {t(`books.tab.${b}`)}
          </button>
        ))}
      </div>
      {book === 'sports' && <SportsBook />}
      {book === 'cockfight' && <CockfightBook />}
      {book === 'lottery' && <LotteryBook />}
    </section>
  );
}

function ScoreText({ score }: { score: { home: number; away: number } | null }) {
  const { language } = useI18n();
  return <>{score ? `${formatCount(score.home, language)} – ${formatCount(score.away, language)}` : '—'}</>;
}

function SportsBook() {
  const { t, language } = useI18n();
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<{ status?: string }>({
    key: 'startsAt',
    order: 'desc',
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['books', 'sports', filters, pageNo, sort],
    queryFn: () =>
      call(sports.events, {
        query: {
          status: (filters.status || undefined) as SportsEvent['status'] | undefined,
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
          sort: sort.key as EventQuery['sort'],
          order: sort.order,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const opened = query.data?.list.find((event) => event.id === openId) ?? null;
  const columns: Column<SportsEvent>[] = [
    { id: 'id', header: t('books.id'), sortKey: 'id', cell: (e) => `#${e.id}` },
    {
      id: 'match',
      header: t('books.match'),
      cell: (e) => (
        <button type="button" className="link" aria-expanded={openId === e.id} onClick={() => setOpenId(e.id)}>
          {e.home} – {e.away}
        </button>
      ),
    },
    { id: 'competition', header: t('books.competition'), cell: (e) => e.competition, wide: true },
    {
      id: 'starts',
      header: t('books.startsAt'),
      sortKey: 'startsAt',
      cell: (e) => formatTime(e.startsAt, language),
      wide: true,
    },
    {
      id: 'status',
      header: t('books.status'),
      sortKey: 'status',
      cell: (e) => <span className="badge">{t(`books.event.${e.status}`)}</span>,
    },
    { id: 'score', header: t('books.score'), cell: (e) => <ScoreText score={e.result ?? e.score} /> },
    {
      id: 'open',
      header: t('books.openSlips'),
      cell: (e) => `${formatCount(e.openSlips, language)} · ${formatAmount(e.openStake, language)}`,
    },
  ];
  return (
    <>
      <form className="filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <FilterSelect
          label={t('books.status')}
          anyLabel={t('books.any')}
          options={SPORTS_EVENT_STATES.map((s) => ({ value: s, label: t(`books.event.${s}`) }))}
          value={filters.status ?? ''}
          onChange={(event) => filter({ status: event.target.value })}
        />
      </form>
      <PagedTable
        query={query}
        caption={t('books.tab.sports')}
        columns={columns}
        rowKey={(e) => e.id}
        rowTestId={(e) => `event-${e.id}`}
        empty={t('books.noEvents')}
        sort={sort}
        onSort={sortBy}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
      />
      {opened && <EventDesk key={opened.id} event={opened} onClose={() => setOpenId(null)} />}
      <Corrections />
    </>
  );
}

function EventDesk({ event, onClose }: { event: SportsEvent; onClose: () => void }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const { ask, dialog } = useConfirmedAction(['books', 'sports']);
  const [home, setHome] = useState(String(event.result?.home ?? event.score?.home ?? 0));
  const [away, setAway] = useState(String(event.result?.away ?? event.score?.away ?? 0));
  const params = { id: String(event.id) };
  const quick = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['books', 'sports'] }),
  });
  const score = { home: Number(home), away: Number(away) };
  const scoreValid = /^\d{1,5}$/.test(home) && /^\d{1,5}$/.test(away);
  const name = `${event.home} – ${event.away}`;
  const slips = t('books.slipsTouched', {
    count: formatCount(event.openSlips, language),
    stake: formatAmount(event.openStake, language),
  });
  const recordable = event.status === 'scheduled' || event.status === 'live' || event.status === 'ended';
  const submitScore = (e: FormEvent) => {
    e.preventDefault();
    if (!scoreValid) return;
    const shown = `${formatCount(score.home, language)} – ${formatCount(score.away, language)}`;
    if (event.status === 'settled') {
      ask({
        title: t('books.correctTitle', { name }),
        consequence: (
          <p>
            {t('books.correctBody', {
              before: event.result ? `${event.result.home} – ${event.result.away}` : '—',
              after: shown,
              corrections: formatCount(event.corrections, language),
            })}
          </p>
        ),
        confirmLabel: t('books.correct'),
        tone: 'danger',
        run: () => call(sports.correct, { params, body: score }),
      });
    } else {
      ask({
        title: t('books.resultTitle', { name }),
        consequence: <p>{t('books.resultBody', { score: shown, slips })}</p>,
        confirmLabel: t('books.recordResult'),
        run: () => call(sports.result, { params, body: score }),
      });
    }
  };
  return (
    <article className="card detail" aria-labelledby={`event-${event.id}-title`} data-testid="event-desk">
      <div className="block-head">
        <h2 id={`event-${event.id}-title`}>
          #{event.id} {name}
        </h2>
        <button type="button" className="link" onClick={onClose}>
          {t('books.close')}
        </button>
      </div>
      <dl className="facts">
        <dt>{t('books.status')}</dt>
        <dd>{t(`books.event.${event.status}`)}</dd>
        <dt>{t('books.openSlips')}</dt>
        <dd>{slips}</dd>
        <dt>{t('books.result')}</dt>
        <dd>
          <ScoreText score={event.result} />
          {event.corrections > 0 && ` (${t('books.corrections', { count: formatCount(event.corrections, language) })})`}
        </dd>
      </dl>
      <div className="actions">
        {recordable &&
          (['scheduled', 'live', 'ended'] as const)
            .filter((s) => s !== event.status)
            .map((s) => (
              <button
                key={s}
                type="button"
                disabled={quick.isPending}
                onClick={() => quick.mutate(() => call(sports.eventStatus, { params, body: { status: s } }))}
              >
                {t(`books.moveTo.${s}`)}
              </button>
            ))}
        {recordable && (
          <button
            type="button"
            disabled={quick.isPending}
            aria-pressed={event.isHot}
            onClick={() => quick.mutate(() => call(sports.eventUpdate, { params, body: { isHot: !event.isHot } }))}
          >
            {t('books.hot')}
          </button>
        )}
        {recordable && (
          <button
            type="button"
            className="danger"
            onClick={() =>
              ask({
                title: t('books.cancelEventTitle', { name }),
                consequence: <p>{t('books.cancelEventBody', { slips })}</p>,
                confirmLabel: t('books.cancelEvent'),
                tone: 'danger',
                run: () => call(sports.cancel, { params }),
              })
            }
          >
            {t('books.cancelEvent')}
          </button>
        )}
      </div>
      {quick.isError && (
        <p className="error" role="alert">
          {quick.error.message}
        </p>
      )}
      {(recordable || event.status === 'settled') && (
        <form className="filters" onSubmit={submitScore} aria-label={t('books.result')}>
          <label className="inline">
            {event.home}
            <input inputMode="numeric" size={4} value={home} onChange={(e) => setHome(e.target.value)} required />
          </label>
          <label className="inline">
            {event.away}
            <input inputMode="numeric" size={4} value={away} onChange={(e) => setAway(e.target.value)} required />
          </label>
          <button type="submit" className="primary" disabled={!scoreValid}>
            {event.status === 'settled' ? t('books.correct') : t('books.recordResult')}
          </button>
        </form>
      )}
      <h3>{t('books.markets')}</h3>
      {event.markets.length === 0 && <p className="empty">{t('books.noMarkets')}</p>}
      {event.markets.map((market) => (
        <MarketRow key={market.id} market={market} editable={recordable} />
      ))}
      {dialog}
    </article>
  );
}

function MarketRow({ market, editable }: { market: SportsEvent['markets'][number]; editable: boolean }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const [odds, setOdds] = useState<Record<string, string>>(() =>
    Object.fromEntries(market.selections.map((s) => [s.code, s.odds])),
  );
  const mutation = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['books', 'sports'] }),
  });
  const params = { id: String(market.id) };
  const open = market.status === 'open' || market.status === 'suspended';
  const oddsError = fieldError(mutation.error, 'odds');
  return (
    <form
      className="filters card"
      aria-label={t(`books.market.${market.type}`)}
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate(() => call(sports.marketOdds, { params, body: { odds } }));
      }}
    >
      <strong>
        {t(`books.market.${market.type}`)}
        {market.line !== null && ` ${market.line}`}
      </strong>
      <span className="badge">{t(`books.marketState.${market.status}`)}</span>
      <span className="hint">
        {formatAmount(market.minStake, language)} – {formatAmount(market.maxStake, language)}
      </span>
      {market.selections.map((s) => (
        <label key={s.id} className="inline">
          {t(`books.selection.${s.code}`)}
          <input
            inputMode="decimal"
            size={6}
            value={odds[s.code] ?? ''}
            disabled={!editable || !open}
            onChange={(e) => setOdds({ ...odds, [s.code]: e.target.value })}
          />
        </label>
      ))}
      {editable && open && (
        <>
          <button type="submit" disabled={mutation.isPending}>
            {t('books.saveOdds')}
          </button>
          <button
            type="button"
            disabled={mutation.isPending}
            onClick={() =>
              mutation.mutate(() =>
                call(sports.marketStatus, {
                  params,
                  body: { status: market.status === 'open' ? 'suspended' : 'open' },
                }),
              )
            }
          >
            {market.status === 'open' ? t('books.suspend') : t('books.reopen')}
          </button>
        </>
      )}
      {mutation.isError && (
        <p className="error" role="alert">
          {oddsError ?? mutation.error.message}
        </p>
      )}
    </form>
  );
}

function Corrections() {
  const { t, language } = useI18n();
  const { pageNo, setPageNo, sort, sortBy } = useListControls<object>({ key: 'updatedAt', order: 'desc' });
  const query = useQuery({
    queryKey: ['books', 'sports', 'corrections', sort, pageNo],
    queryFn: () =>
      call(sports.corrections, {
        query: {
          sort: sort.key as CorrectionSort,
          order: sort.order,
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
        },
      }),
    placeholderData: keepPreviousData,
  });
  type Row = ValueOf<typeof sports.corrections>['list'][number];
  const columns: Column<Row>[] = [
    { id: 'slip', header: t('books.slip'), cell: (r) => `#${r.slipId}`, sortKey: 'slipId' },
    { id: 'member', header: t('books.member'), cell: (r) => `#${r.memberId}` },
    {
      id: 'owed',
      header: t('books.outstanding'),
      cell: (r) => formatAmount(r.outstanding, language),
      sortKey: 'outstanding',
    },
    {
      id: 'when',
      header: t('books.updatedAt'),
      cell: (r) => formatTime(r.updatedAt, language),
      wide: true,
      sortKey: 'updatedAt',
    },
  ];
  return (
    <div className="block">
      <h2>{t('books.outstandingTitle')}</h2>
      <p className="hint">{t('books.outstandingHint')}</p>
      <PagedTable
        query={query}
        caption={t('books.outstandingTitle')}
        columns={columns}
        rowKey={(r) => r.slipId}
        sort={sort}
        onSort={sortBy}
        empty={t('books.noOutstanding')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
      />
    </div>
  );
}

function CockfightBook() {
  const { t, language } = useI18n();
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<{ arenaId?: string; state?: string }>({
    key: 'scheduledAt',
    order: 'desc',
  });
  const { arenaId = '', state = '' } = filters;
  const [oddsFor, setOddsFor] = useState<Fight | null>(null);
  const [sideFor, setSideFor] = useState<Record<number, string>>({});
  const { ask, dialog } = useConfirmedAction(['books', 'cockfight']);
  const queryClient = useQueryClient();
  const arenas = useQuery({ queryKey: ['books', 'cockfight', 'arenas'], queryFn: () => call(cockfight.arenasList) });
  const query = useQuery({
    queryKey: ['books', 'cockfight', 'fights', arenaId, state, sort, pageNo],
    queryFn: () =>
      call(cockfight.fightsList, {
        query: {
          arenaId: arenaId || undefined,
          state: (state || undefined) as Fight['state'] | undefined,
          sort: sort.key as FightSort,
          order: sort.order,
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
        },
      }),
    placeholderData: keepPreviousData,
  });
  const windowCall = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['books', 'cockfight'] }),
  });
  const arenaName = (id: number) => {
    const arena = arenas.data?.find((a) => a.id === id);
    return arena ? arena.name[language] : `#${id}`;
  };
  const label = (f: Fight) =>
    t('books.fightName', { no: formatCount(f.fightNo, language), arena: arenaName(f.arenaId) });
  const betsText = (f: Fight) =>
    t('books.betsTouched', {
      count: formatCount(f.bets, language),
      stake: formatAmount(sumStakes(Object.values(f.staked)), language),
    });
  const columns: Column<Fight>[] = [
    { id: 'fight', header: t('books.fight'), cell: label, sortKey: 'fightNo' },
    {
      id: 'when',
      header: t('books.startsAt'),
      cell: (f) => formatTime(f.scheduledAt, language),
      wide: true,
      sortKey: 'scheduledAt',
    },
    {
      id: 'state',
      header: t('books.status'),
      cell: (f) => <span className="badge">{t(`books.fightState.${f.state}`)}</span>,
    },
    {
      id: 'odds',
      header: t('books.odds'),
      cell: (f) => COCKFIGHT_SIDES.map((s) => `${t(`books.side.${s}`)} ${f.odds[s]}`).join(' · '),
      wide: true,
    },
    { id: 'bets', header: t('books.bets'), cell: betsText },
    { id: 'result', header: t('books.result'), cell: (f) => (f.result ? t(`books.side.${f.result}`) : '—') },
    {
      id: 'actions',
      header: t('books.actions'),
      cell: (f) => {
        const actions = fightActions(f.state);
        const side = sideFor[f.id] ?? '';
        return (
          <div className="actions">
            {actions.includes('open') && (
              <button
                type="button"
                disabled={windowCall.isPending}
                onClick={() => windowCall.mutate(() => call(cockfight.fightOpen, { params: { id: String(f.id) } }))}
              >
                {t('books.openWindow')}
              </button>
            )}
            {actions.includes('close') && (
              <button
                type="button"
                disabled={windowCall.isPending}
                onClick={() => windowCall.mutate(() => call(cockfight.fightClose, { params: { id: String(f.id) } }))}
              >
                {t('books.closeWindow')}
              </button>
            )}
            {actions.includes('odds') && (
              <button type="button" onClick={() => setOddsFor(f)}>
                {t('books.odds')}
              </button>
            )}
            {actions.includes('result') && (
              <>
                <label className="inline">
                  <span className="visually-hidden">{t('books.winner')}</span>
                  <select value={side} onChange={(e) => setSideFor({ ...sideFor, [f.id]: e.target.value })}>
                    <option value="">{t('books.winner')}</option>
                    {COCKFIGHT_SIDES.map((s) => (
                      <option key={s} value={s}>
                        {t(`books.side.${s}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  className="primary"
                  disabled={!side}
                  onClick={() =>
                    ask({
                      title: t('books.fightResultTitle', { name: label(f) }),
                      consequence: (
                        <p>
                          {t(side === 'DRAW' ? 'books.fightDrawBody' : 'books.fightResultBody', {
                            side: t(`books.side.${side as CockfightSide}`),
                            bets: betsText(f),
                          })}
                        </p>
                      ),
                      confirmLabel: t('books.recordResult'),
                      run: () =>
                        call(cockfight.fightResult, {
                          params: { id: String(f.id) },
                          body: { result: side as CockfightSide },
                        }),
                    })
                  }
                >
                  {t('books.recordResult')}
                </button>
              </>
            )}
            {actions.includes('cancel') && (
              <button
                type="button"
                className="danger"
                onClick={() =>
                  ask({
                    title: t('books.cancelFightTitle', { name: label(f) }),
                    consequence: <p>{t('books.cancelFightBody', { bets: betsText(f) })}</p>,
                    confirmLabel: t('books.cancelFight'),
                    tone: 'danger',
                    run: () => call(cockfight.fightCancel, { params: { id: String(f.id) } }),
                  })
                }
              >
                {t('books.cancelFight')}
              </button>
            )}
          </div>
        );
      },
    },
  ];
  return (
    <>
      <form className="filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <FilterSelect
          label={t('books.arena')}
          anyLabel={t('books.any')}
          options={(arenas.data ?? []).map((a) => ({ value: a.id, label: a.name[language] }))}
          value={arenaId}
          onChange={(event) => filter({ arenaId: event.target.value })}
        />
        <FilterSelect
          label={t('books.status')}
          anyLabel={t('books.any')}
          options={COCKFIGHT_FIGHT_STATES.map((s) => ({ value: s, label: t(`books.fightState.${s}`) }))}
          value={state}
          onChange={(event) => filter({ state: event.target.value })}
        />
      </form>
      {windowCall.isError && (
        <p className="error" role="alert">
          {windowCall.error.message}
        </p>
      )}
      <PagedTable
        query={query}
        caption={t('books.tab.cockfight')}
        columns={columns}
        rowKey={(f) => f.id}
        rowTestId={(f) => `fight-${f.id}`}
        sort={sort}
        onSort={sortBy}
        empty={t('books.noFights')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
      />
      {oddsFor && <FightOdds fight={oddsFor} name={label(oddsFor)} onDone={() => setOddsFor(null)} />}
      {dialog}
    </>
  );
}

function FightOdds({ fight, name, onDone }: { fight: Fight; name: string; onDone: () => void }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [odds, setOdds] = useState({ ...fight.odds });
  const mutation = useMutation({
    mutationFn: () => call(cockfight.fightOdds, { params: { id: String(fight.id) }, body: odds }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['books', 'cockfight'] });
      onDone();
    },
  });
  return (
    <form
      className="card filters"
      aria-label={t('books.oddsOf', { name })}
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate();
      }}
    >
      <strong>{t('books.oddsOf', { name })}</strong>
      {COCKFIGHT_SIDES.map((s) => (
        <label key={s} className="inline">
          {t(`books.side.${s}`)}
          <input
            inputMode="decimal"
            size={6}
            value={odds[s]}
            aria-invalid={fieldError(mutation.error, s) ? true : undefined}
            onChange={(e) => setOdds({ ...odds, [s]: e.target.value })}
          />
        </label>
      ))}
      <button type="submit" className="primary" disabled={mutation.isPending}>
        {t('books.saveOdds')}
      </button>
      <button type="button" onClick={onDone}>
        {t('dialog.cancel')}
      </button>
      {mutation.isError && (
        <p className="error" role="alert">
          {mutation.error.message}
        </p>
      )}
    </form>
  );
}

function LotteryBook() {
  const { t, language } = useI18n();
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<{ gameCode?: string; state?: string }>({
    key: 'drawAt',
    order: 'desc',
  });
  const { ask, dialog } = useConfirmedAction(['books', 'lottery']);
  const games = useQuery({ queryKey: ['books', 'lottery', 'games'], queryFn: () => call(lottery.games) });
  const query = useQuery({
    queryKey: ['books', 'lottery', 'draws', filters, pageNo, sort],
    queryFn: () =>
      call(lottery.draws, {
        query: {
          gameCode: filters.gameCode || undefined,
          state: (filters.state || undefined) as Draw['state'] | undefined,
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
          sort: sort.key as DrawQuery['sort'],
          order: sort.order,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<Draw>[] = [
    { id: 'issue', header: t('books.issue'), sortKey: 'issue', cell: (d) => `${d.gameCode} ${d.issue}` },
    {
      id: 'drawAt',
      header: t('books.drawAt'),
      sortKey: 'drawAt',
      cell: (d) => formatTime(d.drawAt, language),
      wide: true,
    },
    {
      id: 'state',
      header: t('books.status'),
      sortKey: 'state',
      cell: (d) => <span className="badge">{t(`books.drawState.${d.state}`)}</span>,
    },
    {
      id: 'result',
      header: t('books.result'),
      cell: (d) => (d.result ? d.result.map((tier) => tier.numbers.join('')).join(' · ') : (d.voidReason ?? '—')),
      wide: true,
    },
    { id: 'tickets', header: t('books.tickets'), cell: (d) => formatCount(d.tickets, language) },
    { id: 'staked', header: t('books.staked'), cell: (d) => formatAmount(d.staked, language) },
    { id: 'paid', header: t('books.paid'), cell: (d) => formatAmount(d.paid, language), wide: true },
    {
      id: 'actions',
      header: t('books.actions'),
      cell: (d) =>
        d.state === 'open' || d.state === 'drawn' ? (
          <button
            type="button"
            className="danger"
            onClick={() =>
              ask({
                title: t('books.voidTitle', { issue: `${d.gameCode} ${d.issue}` }),
                consequence: (
                  <p>
                    {t('books.voidBody', {
                      count: formatCount(d.tickets, language),
                      stake: formatAmount(d.staked, language),
                    })}
                  </p>
                ),
                confirmLabel: t('books.void'),
                tone: 'danger',
                reasonLabel: t('books.reason'),
                run: (reason) => call(lottery.voidDraw, { params: { id: d.drawId }, body: { reason } }),
              })
            }
          >
            {t('books.void')}
          </button>
        ) : null,
    },
  ];
  return (
    <>
      <form className="filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <FilterSelect
          label={t('books.game')}
          anyLabel={t('books.any')}
          options={(games.data ?? []).map((g) => ({ value: g.gameCode, label: g.name }))}
          value={filters.gameCode ?? ''}
          onChange={(event) => filter({ gameCode: event.target.value })}
        />
        <FilterSelect
          label={t('books.status')}
          anyLabel={t('books.any')}
          options={LOTTERY_DRAW_STATES.map((s) => ({ value: s, label: t(`books.drawState.${s}`) }))}
          value={filters.state ?? ''}
          onChange={(event) => filter({ state: event.target.value })}
        />
      </form>
      <PagedTable
        query={query}
        caption={t('books.tab.lottery')}
        columns={columns}
        rowKey={(d) => d.drawId}
        rowTestId={(d) => `draw-${d.drawId}`}
        empty={t('books.noDraws')}
        sort={sort}
        onSort={sortBy}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
      />
      {dialog}
    </>
  );
}
