import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CATALOGUE_STATUSES,
  GAME_TRANSFER_STATES,
  gamesAdminEndpoints as catalogue,
  transferAdminEndpoints as transfers,
  type ADMIN_GAME_SORTS,
  type AdminGame,
  type AdminGameTransfer,
  type AdminGameVendor,
} from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatAmount, formatCount, formatTime } from '../format.ts';
import { Failed, Loading } from '../components/states.tsx';
import { PagedTable, useListControls } from '../components/paged-table.tsx';
import { DataTable, type Column } from '../components/data-table.tsx';
import { Pager } from '../components/pager.tsx';
import { Dialog } from '../components/dialog.tsx';
import { formErrors } from './operators-form.ts';
import { gameChanges, type GameForm } from './games-logic.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { InhouseGames } from './games-inhouse.tsx';
import { StatusBadge, StatusMenu, useStatusChange } from './games-status.tsx';

const PAGE_SIZE = 25;
type Status = AdminGame['status'];
type GameSort = (typeof ADMIN_GAME_SORTS)[number];

/** Issue 16 item 5: the catalogue — its vendors and games, maintenance, hot flags, order, icons and limits. */
export default function GamesSection({ permissions }: { permissions: readonly string[] }) {
  const { t } = useI18n();
  // The transfers are members' money: the cashier's read (permissions.ts).
  const tabs = permissions.includes('cashier')
    ? (['games', 'inhouse', 'vendors', 'transfers'] as const)
    : (['games', 'inhouse', 'vendors'] as const);
  const [tab, setTab] = useState<'games' | 'inhouse' | 'vendors' | 'transfers'>('games');
  return (
    <section aria-labelledby="games-title" className="section">
      <h1 id="games-title">{t('games.title')}</h1>
      <div className="tabs" role="group" aria-label={t('games.title')}>
        {tabs.map((v) => (
          <button key={v} type="button" aria-pressed={tab === v} onClick={() => setTab(v)}>
            {t(`games.tab.${v}`)}
          </button>
        ))}
      </div>
      {tab === 'games' && <GamesList />}
      {tab === 'inhouse' && <InhouseGames />}
      {tab === 'vendors' && <Vendors canChange={permissions.includes('gameVendors')} />}
      {tab === 'transfers' && <Transfers />}
    </section>
  );
}

interface Filters {
  q?: string | undefined;
  vendorId?: string | undefined;
  status?: Status | undefined;
  hot?: 'true' | 'false' | undefined;
}

function GamesList() {
  const { t, language } = useI18n();
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<Filters>({ key: 'lobby', order: 'asc' });
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const { askStatus, dialog } = useStatusChange();
  const vendors = useQuery({ queryKey: ['games', 'vendors'], queryFn: () => call(catalogue.vendorsList) });
  const query = useQuery({
    queryKey: ['games', 'list', filters, sort, pageNo],
    queryFn: () =>
      call(catalogue.gamesList, {
        query: {
          ...filters,
          sort: sort.key as GameSort,
          order: sort.order,
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
        },
      }),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    filter({
      q: text('q'),
      vendorId: text('vendorId'),
      status: text('status') as Status | undefined,
      hot: text('hot') as Filters['hot'],
    });
  };
  const setStatus = (game: AdminGame, status: Status) =>
    askStatus({
      name: game.name[language],
      status,
      run: () => call(catalogue.gamesUpdate, { params: { id: String(game.id) }, body: { status } }),
    });
  const columns: Column<AdminGame>[] = [
    {
      id: 'icon',
      header: <span className="visually-hidden">{t('games.icon')}</span>,
      cell: (g) => (g.iconUrl ? <img src={g.iconUrl} alt="" width={32} height={32} loading="lazy" /> : null),
      wide: true,
    },
    {
      id: 'name',
      header: t('games.name'),
      sortKey: 'name',
      cell: (g) => (
        <button type="button" className="link" onClick={() => setEditing(g)}>
          {g.name[language]}
        </button>
      ),
    },
    { id: 'vendor', header: t('games.vendor'), cell: (g) => g.vassalage, wide: true },
    { id: 'code', header: t('games.code'), sortKey: 'code', cell: (g) => g.gameCode, wide: true },
    { id: 'status', header: t('games.statusLabel'), sortKey: 'status', cell: (g) => <StatusBadge status={g.status} /> },
    {
      id: 'hot',
      header: t('games.hot'),
      cell: (g) => (g.hot ? (g.hotRank !== null ? `★ ${formatCount(g.hotRank, language)}` : '★') : '—'),
    },
    {
      id: 'limits',
      header: t('games.limits'),
      cell: (g) => `${formatAmount(g.minBet, language)} – ${formatAmount(g.maxBet, language)}`,
      wide: true,
    },
    {
      id: 'order',
      header: t('games.sortOrder'),
      sortKey: 'sortOrder',
      cell: (g) => formatCount(g.sortOrder, language),
    },
    {
      id: 'actions',
      header: t('games.actions'),
      cell: (g) => <StatusMenu name={g.name[language]} status={g.status} onChoose={(s) => setStatus(g, s)} />,
    },
  ];
  return (
    <>
      <form className="filters" role="search" onSubmit={submit}>
        <label className="inline grow">
          {t('games.search')}
          <input type="search" name="q" maxLength={64} />
        </label>
        <FilterSelect
          label={t('games.vendor')}
          anyLabel={t('games.any')}
          options={(vendors.data ?? []).map((v) => ({ value: v.id, label: v.displayName[language] }))}
          name="vendorId"
          defaultValue=""
        />
        <FilterSelect
          label={t('games.statusLabel')}
          anyLabel={t('games.any')}
          options={CATALOGUE_STATUSES.map((s) => ({ value: s, label: t(`games.status.${s}`) }))}
          name="status"
          defaultValue=""
        />
        <FilterSelect
          label={t('games.hot')}
          anyLabel={t('games.any')}
          options={[
            { value: 'true', label: t('games.hotOnly') },
            { value: 'false', label: t('games.notHot') },
          ]}
          name="hot"
          defaultValue=""
        />
        <button type="submit" className="primary">
          {t('games.apply')}
        </button>
      </form>
      {query.isPending && <Loading />}
      {query.isError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <DataTable
            caption={t('games.tab.games')}
            columns={columns}
            rows={query.data.games}
            rowKey={(g) => g.id}
            rowTestId={(g) => `game-${g.id}`}
            sort={sort}
            onSort={sortBy}
            empty={t('games.none')}
          />
          <Pager total={query.data.totalCount} pageNo={pageNo} pageSize={PAGE_SIZE} onPage={setPageNo} />
        </>
      )}
      {editing && <GameEditor game={editing} onClose={() => setEditing(null)} />}
      {dialog}
    </>
  );
}

const EDITABLE = ['hot', 'hotRank', 'isNew', 'sortOrder', 'minBet', 'maxBet', 'iconUrl', 'largeIconUrl'] as const;

function GameEditor({ game, onClose }: { game: AdminGame; onClose: () => void }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<GameForm>({
    hot: game.hot,
    hotRank: game.hotRank === null ? '' : String(game.hotRank),
    isNew: game.isNew,
    sortOrder: String(game.sortOrder),
    minBet: game.minBet,
    maxBet: game.maxBet,
    iconUrl: game.iconUrl ?? '',
    largeIconUrl: game.largeIconUrl ?? '',
  });
  const changes = gameChanges(game, form);
  const mutation = useMutation({
    mutationFn: () => call(catalogue.gamesUpdate, { params: { id: String(game.id) }, body: changes! }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['games'] });
      onClose();
    },
  });
  const errors = mutation.isError ? formErrors(mutation.error, EDITABLE, t('app.error')) : { fields: {}, form: null };
  const fieldError = (name: string) =>
    (errors.fields as Record<string, string>)[name] ? (
      <span id={`game-${name}-error`} className="error">
        {(errors.fields as Record<string, string>)[name]}
      </span>
    ) : null;
  const described = (name: string) =>
    (errors.fields as Record<string, string>)[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `game-${name}-error` }
      : {};
  const text = (
    name: 'hotRank' | 'sortOrder' | 'minBet' | 'maxBet' | 'iconUrl' | 'largeIconUrl',
    inputMode: 'numeric' | 'decimal' | 'url',
  ) => (
    <label>
      {t(`games.field.${name}`)}
      <input
        inputMode={inputMode}
        type={inputMode === 'url' ? 'url' : 'text'}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        {...described(name)}
      />
      {fieldError(name)}
    </label>
  );
  return (
    <Dialog title={t('games.editTitle', { name: game.name[language] })} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (changes) mutation.mutate();
        }}
      >
        <label className="inline">
          <input type="checkbox" checked={form.hot} onChange={(e) => setForm({ ...form, hot: e.target.checked })} />
          {t('games.field.hot')}
        </label>
        {text('hotRank', 'numeric')}
        <label className="inline">
          <input type="checkbox" checked={form.isNew} onChange={(e) => setForm({ ...form, isNew: e.target.checked })} />
          {t('games.field.isNew')}
        </label>
        {text('sortOrder', 'numeric')}
        {text('minBet', 'decimal')}
        {text('maxBet', 'decimal')}
        {text('iconUrl', 'url')}
        {form.iconUrl && <img src={form.iconUrl} alt={t('games.iconPreview')} width={64} height={64} />}
        {text('largeIconUrl', 'url')}
        {errors.form && (
          <p className="error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={!changes || mutation.isPending}>
            {t('games.save')}
          </button>
          <button type="button" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function Vendors({ canChange }: { canChange: boolean }) {
  const { t, language } = useI18n();
  const { askStatus, dialog } = useStatusChange();
  const query = useQuery({ queryKey: ['games', 'vendors'], queryFn: () => call(catalogue.vendorsList) });
  const setStatus = (vendor: AdminGameVendor, status: Status) =>
    askStatus({
      name: vendor.displayName[language],
      status,
      context: t('games.vendorStatusBody', { count: formatCount(vendor.gameCount, language) }),
      run: () => call(catalogue.vendorsUpdate, { params: { id: String(vendor.id) }, body: { status } }),
    });
  const columns: Column<AdminGameVendor>[] = [
    {
      id: 'logo',
      header: <span className="visually-hidden">{t('games.icon')}</span>,
      cell: (v) => (v.logoUrl ? <img src={v.logoUrl} alt="" width={32} height={32} loading="lazy" /> : null),
      wide: true,
    },
    { id: 'name', header: t('games.name'), cell: (v) => v.displayName[language] },
    { id: 'vassalage', header: t('games.code'), cell: (v) => v.vassalage, wide: true },
    { id: 'category', header: t('games.category'), cell: (v) => v.category, wide: true },
    { id: 'wallet', header: t('games.wallet'), cell: (v) => t(`games.walletMode.${v.walletMode}`) },
    { id: 'status', header: t('games.statusLabel'), cell: (v) => <StatusBadge status={v.status} /> },
    { id: 'games', header: t('games.gameCount'), cell: (v) => formatCount(v.gameCount, language) },
    { id: 'order', header: t('games.sortOrder'), cell: (v) => formatCount(v.sortOrder, language), wide: true },
    ...(canChange
      ? [
          {
            id: 'actions',
            header: t('games.actions'),
            cell: (v: AdminGameVendor) => (
              <StatusMenu name={v.displayName[language]} status={v.status} onChoose={(s) => setStatus(v, s)} />
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <p className="hint">{t('games.vendorsHint')}</p>
      {query.isPending && <Loading />}
      {query.isError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data && (
        <DataTable
          caption={t('games.tab.vendors')}
          columns={columns}
          rows={query.data}
          rowKey={(v) => v.id}
          rowTestId={(v) => `vendor-${v.id}`}
        />
      )}
      {dialog}
    </>
  );
}

interface TransferFilters {
  state?: AdminGameTransfer['state'] | undefined;
  username?: string | undefined;
}

/** The reconciliation view: what moved between main and vendor wallets, and what is still pending. */
function Transfers() {
  const { t, language } = useI18n();
  // Newest first by when the transfer was made, the one order the server offers.
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<TransferFilters>(
    { key: 'created', order: 'desc' },
    { state: 'pending' },
  );
  const query = useQuery({
    queryKey: ['games', 'transfers', filters, sort.order, pageNo],
    queryFn: () =>
      call(transfers.list, {
        query: { ...filters, order: sort.order, pageNo: String(pageNo), pageSize: String(PAGE_SIZE) },
      }),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    filter({
      state: (String(form.get('state') ?? '') || undefined) as TransferFilters['state'],
      username: String(form.get('username') ?? '').trim() || undefined,
    });
  };
  const columns: Column<AdminGameTransfer>[] = [
    { id: 'ref', header: t('games.transfer.reference'), cell: (r) => r.reference, wide: true },
    { id: 'member', header: t('books.member'), cell: (r) => r.username },
    { id: 'vendor', header: t('games.vendor'), cell: (r) => r.integrationCode },
    { id: 'direction', header: t('games.transfer.direction'), cell: (r) => t(`games.transfer.${r.direction}`) },
    { id: 'amount', header: t('games.transfer.amount'), cell: (r) => formatAmount(r.amount, language) },
    {
      id: 'state',
      header: t('games.statusLabel'),
      cell: (r) => <span className={`badge ${r.state}`}>{t(`games.transfer.state.${r.state}`)}</span>,
    },
    {
      id: 'attempts',
      header: t('games.transfer.attempts'),
      cell: (r) => `${formatCount(r.attempts, language)}${r.lastError ? ` · ${r.lastError}` : ''}`,
      wide: true,
    },
    {
      id: 'created',
      header: t('games.transfer.created'),
      sortKey: 'created',
      cell: (r) => formatTime(r.createdAt, language),
    },
  ];
  return (
    <>
      <p className="hint">{t('games.transfer.hint')}</p>
      <form className="filters" role="search" onSubmit={submit}>
        <FilterSelect
          label={t('games.statusLabel')}
          anyLabel={t('games.any')}
          options={GAME_TRANSFER_STATES.map((s) => ({ value: s, label: t(`games.transfer.state.${s}`) }))}
          name="state"
          defaultValue="pending"
        />
        <label className="inline">
          {t('books.member')}
          <input name="username" maxLength={32} size={12} />
        </label>
        <button type="submit" className="primary">
          {t('games.apply')}
        </button>
      </form>
      {query.data && (
        <p role="status" data-testid="transfers-pending">
          {t('games.transfer.pending', { count: formatCount(query.data.pending, language) })}
        </p>
      )}
      <PagedTable
        query={query}
        caption={t('games.tab.transfers')}
        columns={columns}
        rowKey={(r) => r.id}
        sort={sort}
        onSort={sortBy}
        empty={t('games.transfer.none')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
      />
    </>
  );
}
