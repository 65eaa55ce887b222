import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminEndpoints,
  cashierAdminEndpoints as cashier,
  gamesAdminEndpoints as games,
  MEMBER_NOTE_SORTS,
  MEMBER_SEARCH_FIELDS,
  MEMBER_SORTS,
  memberAdminEndpoints as desk,
  type AdminMemberDetail,
  type AGENT_TREE_SORTS,
  type QueryOf,
  type ValueOf,
} from '@khela/contracts';
import { ApiError, call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatAmount, formatCount, formatTime } from '../format.ts';
import {
  deviceOf,
  fieldError,
  normalizeAmount,
  resultingBalance,
  statusActions,
  type MemberStatus,
} from '../members-logic.ts';
import { Failed, Loading } from '../components/states.tsx';
import { Pager } from '../components/pager.tsx';
import { useListControls } from '../components/paged-table.tsx';
import { SortableHeader } from '../components/data-table.tsx';
import { Dialog } from '../components/dialog.tsx';
import type { MessageKey } from '../locales/en.ts';

const PAGE_SIZE = 20;
type SearchBy = (typeof MEMBER_SEARCH_FIELDS)[number];
type MemberSort = (typeof MEMBER_SORTS)[number];
type NoteSort = (typeof MEMBER_NOTE_SORTS)[number];
type TreeSort = (typeof AGENT_TREE_SORTS)[number];

const STATUS_VERB: Record<MemberStatus, MessageKey> = {
  active: 'members.unfreeze',
  frozen: 'members.freeze',
  closed: 'members.closeAccount',
};

/** Issue 16 item 4: find a member, their page, and the agent tree. */
/** `?tree=<agent id>`: the agent tree opened at that agent (the agents section links here). */
function linkedAgent(): number | undefined {
  const id = Number(new URLSearchParams(location.search).get('tree'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export default function MembersSection({ permissions }: { permissions: readonly string[] }) {
  const { t } = useI18n();
  const [view, setView] = useState<'search' | 'tree'>(() => (linkedAgent() ? 'tree' : 'search'));
  const [memberId, setMemberId] = useState<number | null>(null);
  return (
    <section aria-labelledby="members-title" className="section">
      <h1 id="members-title">{t('members.title')}</h1>
      <div className="tabs" role="group" aria-label={t('members.title')}>
        {(['search', 'tree'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v && memberId === null}
            onClick={() => {
              setView(v);
              setMemberId(null);
            }}
          >
            {t(v === 'search' ? 'members.search' : 'members.tree')}
          </button>
        ))}
      </div>
      {memberId !== null ? (
        <MemberPage id={memberId} permissions={permissions} onOpen={setMemberId} onBack={() => setMemberId(null)} />
      ) : null}
      <div hidden={memberId !== null}>
        {view === 'search' ? <Search onOpen={setMemberId} /> : <AgentTree onOpen={setMemberId} />}
      </div>
    </section>
  );
}

function StatusBadge({ status }: { status: MemberStatus }) {
  const { t } = useI18n();
  return <span className={`badge member-${status}`}>{t(`members.status.${status}`)}</span>;
}

function Search({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, language } = useI18n();
  const [by, setBy] = useState<SearchBy>('username');
  const [text, setText] = useState('');
  // `asked`: what was last submitted (the inputs above change nothing until then).
  const list = useListControls<{ by: SearchBy; q: string }>({ key: 'id', order: 'desc' }, { by: 'username', q: '' });
  const { pageNo, setPageNo, filters: asked, sort } = list;
  const errorId = useId();
  const query = useQuery({
    queryKey: ['members', 'search', asked, sort, pageNo],
    queryFn: () =>
      call(desk.search, {
        query: {
          ...asked,
          sort: sort.key as MemberSort,
          order: sort.order,
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
        },
      }),
    placeholderData: keepPreviousData,
  });
  const qError = fieldError(query.error, 'q');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.filter({ by, q: text.trim() });
  };
  return (
    <>
      <form className="filters member-search" role="search" onSubmit={submit}>
        <label className="inline">
          {t('members.searchBy')}
          <select value={by} onChange={(event) => setBy(event.target.value as SearchBy)}>
            {MEMBER_SEARCH_FIELDS.map((field) => (
              <option key={field} value={field}>
                {t(`members.by.${field}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="inline grow">
          <span className="visually-hidden">{t('members.searchFor')}</span>
          <input
            type="search"
            name="q"
            value={text}
            placeholder={t(`members.hint.${by}`)}
            inputMode={by === 'username' ? 'text' : by === 'ip' ? 'text' : 'numeric'}
            aria-invalid={qError ? true : undefined}
            aria-describedby={qError ? errorId : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <button type="submit" className="primary">
          {t('members.find')}
        </button>
        <label className="inline">
          {t('members.sortBy')}
          <select
            value={`${sort.key}:${sort.order}`}
            onChange={(event) => {
              const [key, order] = event.target.value.split(':') as [MemberSort, 'asc' | 'desc'];
              list.sortBy({ key, order });
            }}
          >
            {MEMBER_SORTS.flatMap((s) =>
              (['desc', 'asc'] as const).map((o) => (
                <option key={`${s}:${o}`} value={`${s}:${o}`}>
                  {t(`members.sort.${s}`)} {o === 'asc' ? '↑' : '↓'}
                </option>
              )),
            )}
          </select>
        </label>
      </form>
      {qError && (
        <p id={errorId} className="error" role="alert">
          {qError}
        </p>
      )}
      {query.isPending && <Loading />}
      {query.isError && !qError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data && query.data.list.length === 0 && <p className="empty">{t('members.none')}</p>}
      {query.data && query.data.list.length > 0 && (
        <>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">{t('members.results')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('members.id')}</th>
                  <th scope="col">{t('members.username')}</th>
                  <th scope="col">{t('members.statusLabel')}</th>
                  <th scope="col">{t('members.mobile')}</th>
                  <th scope="col" className="wide">
                    {t('members.lastLogin')}
                  </th>
                  <th scope="col" className="wide">
                    {t('members.created')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.list.map((row) => (
                  <tr key={row.id} data-testid={`member-${row.id}`}>
                    <td>#{row.id}</td>
                    <td>
                      <button type="button" className="link" onClick={() => onOpen(row.id)}>
                        {row.username}
                      </button>
                    </td>
                    <td>
                      <StatusBadge status={row.status} />
                    </td>
                    <td>{row.mobile ?? '—'}</td>
                    <td className="wide">
                      {row.lastLoginAt
                        ? [formatTime(row.lastLoginAt, language), row.lastLoginIp].filter(Boolean).join(' · ')
                        : '—'}
                    </td>
                    <td className="wide">{formatTime(row.createdAt, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager total={query.data.total} pageNo={pageNo} pageSize={PAGE_SIZE} onPage={setPageNo} />
        </>
      )}
    </>
  );
}

function AgentTree({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, language } = useI18n();
  // The agent whose downline shows (none: the top of the tree) is the list's one filter.
  const tree = useListControls<{ parentId?: number | undefined }>(
    { key: 'id', order: 'asc' },
    { parentId: linkedAgent() },
  );
  const { pageNo, setPageNo, sort, sortBy } = tree;
  const { parentId } = tree.filters;
  const query = useQuery({
    queryKey: ['members', 'tree', parentId, pageNo, sort],
    queryFn: () =>
      call(desk.tree, {
        query: {
          parentId,
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
          sort: sort.key as TreeSort,
          order: sort.order,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const descend = (id: number | undefined) => tree.filter({ parentId: id });
  return (
    <>
      <nav aria-label={t('members.treePath')} className="crumbs">
        <ol>
          <li>
            {parentId === undefined ? (
              <span aria-current="location">{t('members.treeTop')}</span>
            ) : (
              <button type="button" className="link" onClick={() => descend(undefined)}>
                {t('members.treeTop')}
              </button>
            )}
          </li>
          {query.data?.path.map((step) => (
            <li key={step.id}>
              {step.id === parentId ? (
                <span aria-current="location">{step.username}</span>
              ) : (
                <button type="button" className="link" onClick={() => descend(step.id)}>
                  {step.username}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {query.isPending && <Loading />}
      {query.isError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data && query.data.list.length === 0 && <p className="empty">{t('members.noDownlines')}</p>}
      {query.data && query.data.list.length > 0 && (
        <>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">{t('members.tree')}</caption>
              <thead>
                <tr>
                  <SortableHeader sortKey="id" sort={sort} onSort={sortBy}>
                    {t('members.id')}
                  </SortableHeader>
                  <SortableHeader sortKey="username" sort={sort} onSort={sortBy}>
                    {t('members.username')}
                  </SortableHeader>
                  <th scope="col">{t('members.type')}</th>
                  <th scope="col">{t('members.statusLabel')}</th>
                  <th scope="col" className="num">
                    {t('members.downlines')}
                  </th>
                  <SortableHeader sortKey="createdAt" sort={sort} onSort={sortBy} className="wide">
                    {t('members.created')}
                  </SortableHeader>
                  <th scope="col">
                    <span className="visually-hidden">{t('members.open')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.list.map((row) => (
                  <tr key={row.id} data-testid={`tree-${row.id}`}>
                    <td>#{row.id}</td>
                    <td>
                      {row.downlines > 0 ? (
                        <button
                          type="button"
                          className="link"
                          onClick={() => descend(row.id)}
                          aria-label={t('members.descend', { name: row.username })}
                        >
                          {row.username} ›
                        </button>
                      ) : (
                        row.username
                      )}
                    </td>
                    <td>{t(typeLabel(row.type))}</td>
                    <td>
                      <StatusBadge status={row.status} />
                    </td>
                    <td className="num">{formatCount(row.downlines, language)}</td>
                    <td className="wide">{formatTime(row.createdAt, language)}</td>
                    <td>
                      <button
                        type="button"
                        onClick={() => onOpen(row.id)}
                        aria-label={`${t('members.open')} ${row.username}`}
                      >
                        {t('members.open')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager total={query.data.total} pageNo={pageNo} pageSize={PAGE_SIZE} onPage={setPageNo} />
        </>
      )}
    </>
  );
}

function typeLabel(type: number): MessageKey {
  if (type === 4) return 'members.typeTrial';
  if (type === 0) return 'members.typeMember';
  return 'members.typeAgent';
}

function MemberPage({
  id,
  permissions,
  onOpen,
  onBack,
}: {
  id: number;
  permissions: readonly string[];
  onOpen: (id: number) => void;
  onBack: () => void;
}) {
  const { t, language } = useI18n();
  const [tab, setTab] = useState<'ledger' | 'bets' | 'logins' | 'notes'>('ledger');
  const [dialog, setDialog] = useState<'status' | 'password' | 'adjust' | null>(null);
  const [nextStatus, setNextStatus] = useState<MemberStatus>('frozen');
  const [done, setDone] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['members', 'detail', id],
    queryFn: () => call(desk.detail, { params: { id: String(id) } }),
  });
  useEffect(() => setDone(null), [id]);
  if (query.isPending) return <Loading />;
  if (query.isError) return <Failed message={query.error.message} onRetry={() => void query.refetch()} />;
  const member = query.data;
  const money = (amount: string) => formatAmount(amount, language, member.currency);
  const protection = member.protection;
  return (
    <article className="member" aria-labelledby="member-title">
      <div className="block-head">
        <h2 id="member-title">
          {member.username} <span className="muted">#{member.id}</span> <StatusBadge status={member.status} />
        </h2>
        <button type="button" className="ghost" onClick={onBack}>
          {t('members.back')}
        </button>
      </div>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <div className="member-grid">
        <div className="card">
          <h3>{t('members.profile')}</h3>
          <dl className="facts">
            <dt>{t('members.type')}</dt>
            <dd>{t(typeLabel(member.type))}</dd>
            <dt>{t('members.mobile')}</dt>
            <dd>{member.mobile ?? '—'}</dd>
            <dt>{t('members.email')}</dt>
            <dd>{member.email ?? '—'}</dd>
            <dt>{t('members.nickname')}</dt>
            <dd>{member.nickname ?? '—'}</dd>
            <dt>{t('members.payee')}</dt>
            <dd>{member.payeeName ?? '—'}</dd>
            <dt>{t('members.upline')}</dt>
            <dd>
              {member.upline ? (
                <button type="button" className="link" onClick={() => onOpen(member.upline!.id)}>
                  {member.upline.username}
                </button>
              ) : (
                '—'
              )}
            </dd>
            <dt>{t('members.registered')}</dt>
            <dd>
              {[formatTime(member.createdAt, language), member.registerIp, member.registerDomain]
                .filter(Boolean)
                .join(' · ')}
            </dd>
            <dt>{t('members.lastLogin')}</dt>
            <dd>
              {member.lastLoginAt
                ? [formatTime(member.lastLoginAt, language), member.lastLoginIp].filter(Boolean).join(' · ')
                : '—'}
            </dd>
          </dl>
        </div>
        <div className="card">
          <h3>{t('members.balances')}</h3>
          <dl className="facts">
            <dt>{t('members.main')}</dt>
            <dd>{money(member.balances.main)}</dd>
            <dt>{t('members.bonus')}</dt>
            <dd>{money(member.balances.bonus)}</dd>
            <dt>{t('members.held')}</dt>
            <dd>{money(member.balances.held)}</dd>
            {member.balances.games.map((game) => (
              <Fact key={game.vendorCode} term={game.vendorCode}>
                {money(game.balance)}
              </Fact>
            ))}
          </dl>
          <h3 className="spaced">{t('members.protection')}</h3>
          <p>
            {protection.selfExcludedUntil
              ? t('members.selfExcludedUntil', { until: formatTime(protection.selfExcludedUntil, language) })
              : protection.coolingOffUntil
                ? t('members.coolingOffUntil', { until: formatTime(protection.coolingOffUntil, language) })
                : t('members.noProtection')}
          </p>
          <p className="hint">{t('members.protectionReadOnly')}</p>
        </div>
      </div>
      <div className="actions">
        {statusActions(member.status).map((status) => (
          <button
            key={status}
            type="button"
            className={status === 'active' ? 'primary' : 'danger'}
            onClick={() => {
              setNextStatus(status);
              setDialog('status');
            }}
          >
            {t(STATUS_VERB[status])}
          </button>
        ))}
        {member.type !== 4 && (
          <button type="button" onClick={() => setDialog('password')}>
            {t('members.resetPassword')}
          </button>
        )}
        {permissions.includes('cashier') && (
          <button type="button" onClick={() => setDialog('adjust')}>
            {t('members.adjust')}
          </button>
        )}
      </div>
      <div className="tabs member-tabs" role="group" aria-label={t('members.records')}>
        {(['ledger', 'bets', 'logins', 'notes'] as const).map((k) => (
          <button key={k} type="button" aria-pressed={tab === k} onClick={() => setTab(k)}>
            {t(`members.tab.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'ledger' && <Ledger id={id} currency={member.currency} />}
      {tab === 'bets' && <Bets id={id} currency={member.currency} mayRecall={permissions.includes('games')} />}
      {tab === 'logins' && <Logins id={id} />}
      {tab === 'notes' && <Notes id={id} />}
      {dialog === 'status' && (
        <StatusDialog member={member} status={nextStatus} onClose={() => setDialog(null)} onDone={setDone} />
      )}
      {dialog === 'password' && <PasswordDialog member={member} onClose={() => setDialog(null)} />}
      {dialog === 'adjust' && <AdjustDialog member={member} onClose={() => setDialog(null)} onDone={setDone} />}
    </article>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** A window of days, as the member's records take it (the server's default: the last 7 days). */
function useWindow() {
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<{ from: string; to: string }>(
    { key: 'time', order: 'desc' },
    { from: '', to: '' },
  );
  return { ...filters, pageNo, setPageNo, filter, sort, sortBy };
}

function WindowFilters({ window: w, error }: { window: ReturnType<typeof useWindow>; error: unknown }) {
  const { t } = useI18n();
  const fromError = fieldError(error, 'from');
  const toError = fieldError(error, 'to');
  return (
    <div className="filters">
      <label className="inline">
        {t('members.from')}
        <input
          type="date"
          value={w.from}
          aria-invalid={fromError ? true : undefined}
          onChange={(event) => w.filter({ from: event.target.value })}
        />
      </label>
      <label className="inline">
        {t('members.to')}
        <input
          type="date"
          value={w.to}
          aria-invalid={toError ? true : undefined}
          onChange={(event) => w.filter({ to: event.target.value })}
        />
      </label>
      {(fromError || toError) && (
        <p className="error" role="alert">
          {fromError ?? toError}
        </p>
      )}
    </div>
  );
}

const windowQuery = (w: ReturnType<typeof useWindow>) => ({
  from: w.from || undefined,
  to: w.to || undefined,
  pageNo: String(w.pageNo),
  pageSize: String(PAGE_SIZE),
  order: w.sort.order,
});

function Ledger({ id, currency }: { id: number; currency: string }) {
  const { t, language } = useI18n();
  const w = useWindow();
  const query = useQuery({
    queryKey: ['members', 'ledger', id, w.from, w.to, w.pageNo, w.sort],
    queryFn: () =>
      call(desk.ledger, {
        params: { id: String(id) },
        query: { ...windowQuery(w), sort: w.sort.key as NonNullable<QueryOf<typeof desk.ledger>>['sort'] },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <WindowFilters window={w} error={query.error} />
      <Records query={query} empty={t('members.noLedger')} page={w.pageNo} onPage={w.setPageNo}>
        {(data: ValueOf<typeof desk.ledger>) => (
          <table>
            <caption className="visually-hidden">{t('members.tab.ledger')}</caption>
            <thead>
              <tr>
                <SortableHeader sortKey="time" sort={w.sort} onSort={w.sortBy}>
                  {t('members.time')}
                </SortableHeader>
                <th scope="col">{t('members.kind')}</th>
                <th scope="col">{t('members.wallet')}</th>
                <SortableHeader sortKey="amount" sort={w.sort} onSort={w.sortBy} className="num">
                  {t('members.amount')}
                </SortableHeader>
                <th scope="col" className="num">
                  {t('members.balanceAfter')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => (
                <tr key={row.id}>
                  <td>{formatTime(row.time, language)}</td>
                  <td>{row.type}</td>
                  <td>{row.vendorCode ?? row.wallet ?? '—'}</td>
                  <td className="num">{formatAmount(row.amount, language, currency)}</td>
                  <td className="num">{formatAmount(row.balanceAfter, language, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Records>
    </>
  );
}

function Records<T extends { list: unknown[]; total: number }>({
  query,
  empty,
  page,
  onPage,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined; refetch: () => unknown };
  empty: string;
  page: number;
  onPage: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError && !(query.error instanceof ApiError && query.error.fields.length > 0))
    return <Failed message={query.error?.message} onRetry={() => void query.refetch()} />;
  if (!query.data) return null;
  if (query.data.list.length === 0) return <p className="empty">{empty}</p>;
  return (
    <>
      <div className="table-wrap">{children(query.data)}</div>
      <Pager total={query.data.total} pageNo={page} pageSize={PAGE_SIZE} onPage={onPage} />
    </>
  );
}

function Bets({ id, currency, mayRecall }: { id: number; currency: string; mayRecall: boolean }) {
  const { t, language } = useI18n();
  const w = useWindow();
  const [roundId, setRoundId] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['members', 'bets', id, w.from, w.to, w.pageNo, w.sort],
    queryFn: () =>
      call(desk.bets, {
        params: { id: String(id) },
        query: { ...windowQuery(w), sort: w.sort.key as NonNullable<QueryOf<typeof desk.bets>>['sort'] },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <WindowFilters window={w} error={query.error} />
      <Records query={query} empty={t('members.noBets')} page={w.pageNo} onPage={w.setPageNo}>
        {(data: ValueOf<typeof desk.bets>) => (
          <table>
            <caption className="visually-hidden">{t('members.tab.bets')}</caption>
            <thead>
              <tr>
                <SortableHeader sortKey="time" sort={w.sort} onSort={w.sortBy}>
                  {t('members.time')}
                </SortableHeader>
                <th scope="col">{t('members.round')}</th>
                <th scope="col">{t('members.game')}</th>
                <SortableHeader sortKey="betAmount" sort={w.sort} onSort={w.sortBy} className="num">
                  {t('members.stake')}
                </SortableHeader>
                <SortableHeader sortKey="winAmount" sort={w.sort} onSort={w.sortBy} className="num">
                  {t('members.win')}
                </SortableHeader>
                <SortableHeader sortKey="profit" sort={w.sort} onSort={w.sortBy} className="num">
                  {t('members.profit')}
                </SortableHeader>
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => (
                <tr key={`${row.vendor}:${row.roundId}`}>
                  <td>{formatTime(row.time, language)}</td>
                  <td>
                    {row.inhouse && mayRecall ? (
                      <button
                        type="button"
                        className="link"
                        onClick={() => setRoundId(row.roundId)}
                        aria-label={t('members.recall', { round: row.roundId })}
                      >
                        {row.roundId}
                      </button>
                    ) : (
                      row.roundId
                    )}
                  </td>
                  <td>
                    {row.gameType} · {row.inhouse ? t('members.inhouse') : row.vendor}
                  </td>
                  <td className="num">{formatAmount(row.betAmount, language, currency)}</td>
                  <td className="num">{formatAmount(row.winAmount, language, currency)}</td>
                  <td className="num">{formatAmount(row.profit, language, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Records>
      {roundId && <RoundRecall roundId={roundId} currency={currency} onClose={() => setRoundId(null)} />}
    </>
  );
}

function RoundRecall({ roundId, currency, onClose }: { roundId: string; currency: string; onClose: () => void }) {
  const { t, language } = useI18n();
  const query = useQuery({
    queryKey: ['inhouse-round', roundId],
    queryFn: () => call(games.inhouseRound, { params: { roundId } }),
    staleTime: Infinity,
  });
  const round = query.data;
  return (
    <Dialog title={t('members.recallTitle', { round: roundId })} onClose={onClose}>
      {query.isPending && <Loading />}
      {query.isError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
      {round && (
        <dl className="facts">
          <Fact term={t('members.game')}>
            {round.game} · {round.gameCode}
          </Fact>
          <Fact term={t('members.statusLabel')}>{round.state}</Fact>
          <Fact term={t('members.stake')}>{formatAmount(round.stake, language, currency)}</Fact>
          <Fact term={t('members.win')}>{round.payout ? formatAmount(round.payout, language, currency) : '—'}</Fact>
          <Fact term={t('members.balanceAfter')}>{formatAmount(round.balanceAfter, language, currency)}</Fact>
          <Fact term={t('members.bet')}>
            <code>{JSON.stringify(round.bet)}</code>
          </Fact>
          <Fact term={t('members.outcome')}>
            <code>{round.outcome ? JSON.stringify(round.outcome) : '—'}</code>
          </Fact>
          <Fact term={t('members.seeds')}>
            <code>{round.seeds ? JSON.stringify(round.seeds) : '—'}</code>
          </Fact>
          <Fact term={t('members.time')}>{formatTime(round.createdAt, language)}</Fact>
        </dl>
      )}
      <div className="actions">
        <button type="button" autoFocus onClick={onClose}>
          {t('members.close')}
        </button>
      </div>
    </Dialog>
  );
}

function Logins({ id }: { id: number }) {
  const { t, language } = useI18n();
  const { pageNo, setPageNo, sort, sortBy } = useListControls<object>({ key: 'at', order: 'desc' });
  const query = useQuery({
    queryKey: ['members', 'logins', id, pageNo, sort],
    queryFn: () =>
      call(desk.logins, {
        params: { id: String(id) },
        query: {
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
          sort: sort.key as NonNullable<QueryOf<typeof desk.logins>>['sort'],
          order: sort.order,
        },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <Records query={query} empty={t('members.noLogins')} page={pageNo} onPage={setPageNo}>
      {(data: ValueOf<typeof desk.logins>) => (
        <table>
          <caption className="visually-hidden">{t('members.tab.logins')}</caption>
          <thead>
            <tr>
              <SortableHeader sortKey="at" sort={sort} onSort={sortBy}>
                {t('members.time')}
              </SortableHeader>
              <SortableHeader sortKey="ip" sort={sort} onSort={sortBy}>
                {t('members.ip')}
              </SortableHeader>
              <th scope="col">{t('members.device')}</th>
              <SortableHeader sortKey="lastSeen" sort={sort} onSort={sortBy} className="wide">
                {t('members.lastSeen')}
              </SortableHeader>
            </tr>
          </thead>
          <tbody>
            {data.list.map((row, index) => (
              <tr key={`${row.at}:${index}`}>
                <td>{formatTime(row.at, language)}</td>
                <td>{row.ip ?? '—'}</td>
                <td title={row.userAgent ?? undefined}>{deviceOf(row.userAgent)}</td>
                <td className="wide">
                  {formatTime(row.lastSeen, language)}
                  {row.endedAt ? ` · ${t('members.ended')}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Records>
  );
}

function Notes({ id }: { id: number }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const { pageNo, setPageNo, sort, sortBy } = useListControls<object>({ key: 'createdAt', order: 'desc' });
  const [text, setText] = useState('');
  const errorId = useId();
  const query = useQuery({
    queryKey: ['members', 'notes', id, pageNo, sort],
    queryFn: () =>
      call(desk.notes, {
        params: { id: String(id) },
        query: {
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
          sort: sort.key as NoteSort,
          order: sort.order,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const add = useMutation({
    mutationFn: () => call(desk.noteAdd, { params: { id: String(id) }, body: { text } }),
    onSuccess: async () => {
      setText('');
      setPageNo(1);
      await queryClient.invalidateQueries({ queryKey: ['members', 'notes', id] });
    },
  });
  const textError = fieldError(add.error, 'text') ?? (add.isError ? add.error.message : null);
  return (
    <>
      <form
        className="note-form"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate();
        }}
      >
        <label>
          {t('members.newNote')}
          <textarea
            value={text}
            rows={2}
            maxLength={2000}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? errorId : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        {textError && (
          <p id={errorId} className="error" role="alert">
            {textError}
          </p>
        )}
        <div>
          <button type="submit" className="primary" disabled={add.isPending}>
            {t('members.addNote')}
          </button>
        </div>
      </form>
      <div className="filters">
        <label className="inline">
          {t('members.sortBy')}
          <select
            value={`${sort.key}:${sort.order}`}
            onChange={(event) => {
              const [key, order] = event.target.value.split(':') as [NoteSort, 'asc' | 'desc'];
              sortBy({ key, order });
            }}
          >
            {MEMBER_NOTE_SORTS.flatMap((s) =>
              (['desc', 'asc'] as const).map((o) => (
                <option key={`${s}:${o}`} value={`${s}:${o}`}>
                  {t(`members.noteSort.${s}`)} {o === 'asc' ? '↑' : '↓'}
                </option>
              )),
            )}
          </select>
        </label>
      </div>
      <Records query={query} empty={t('members.noNotes')} page={pageNo} onPage={setPageNo}>
        {(data: ValueOf<typeof desk.notes>) => (
          <ul className="notes">
            {data.list.map((note) => (
              <li key={note.id} className="card">
                <p>{note.text}</p>
                <p className="hint">
                  {note.operatorUsername ?? '—'} · {formatTime(note.createdAt, language)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Records>
    </>
  );
}

function StatusDialog({
  member,
  status,
  onClose,
  onDone,
}: {
  member: AdminMemberDetail;
  status: MemberStatus;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const hintId = useId();
  const mutation = useMutation({
    mutationFn: () =>
      call(desk.setStatus, { params: { id: String(member.id) }, body: { status, reason: reason.trim() } }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: ['members'] });
      onDone(t('members.statusDone', { name: member.username, status: t(`members.status.${result.status}`) }));
      onClose();
    },
  });
  const reasonError = fieldError(mutation.error, 'reason');
  return (
    <Dialog
      title={t('members.statusTitle', { action: t(STATUS_VERB[status]), name: member.username })}
      onClose={onClose}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate();
        }}
      >
        <p>{t(`members.statusEffect.${status}`)}</p>
        <label>
          {t('members.reason')}
          <textarea
            value={reason}
            rows={3}
            required
            minLength={3}
            maxLength={500}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={hintId}
            onChange={(event) => setReason(event.target.value)}
          />
          <span id={hintId} className={reasonError ? 'error' : 'hint'}>
            {reasonError ?? t('members.reasonHint')}
          </span>
        </label>
        {mutation.isError && !reasonError && (
          <p className="error" role="alert">
            {mutation.error.message}
          </p>
        )}
        <div className="actions">
          <button type="submit" className={status === 'active' ? 'primary' : 'danger'} disabled={mutation.isPending}>
            {t(STATUS_VERB[status])}
          </button>
          <button type="button" onClick={onClose}>
            {t('members.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function PasswordDialog({ member, onClose }: { member: AdminMemberDetail; onClose: () => void }) {
  const { t } = useI18n();
  const mutation = useMutation({
    mutationFn: () => call(adminEndpoints.memberPasswordReset, { params: { id: String(member.id) } }),
  });
  return (
    <Dialog title={t('members.resetTitle', { name: member.username })} onClose={onClose}>
      {mutation.data ? (
        <>
          <p>{t('members.resetDone')}</p>
          <p>
            <code className="secret">{mutation.data.temporaryPassword}</code>
          </p>
        </>
      ) : (
        <p>{t('members.resetEffect')}</p>
      )}
      {mutation.isError && (
        <p className="error" role="alert">
          {mutation.error.message}
        </p>
      )}
      <div className="actions">
        {!mutation.data && (
          <button type="button" className="danger" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
            {t('members.resetPassword')}
          </button>
        )}
        <button type="button" onClick={onClose}>
          {mutation.data ? t('members.close') : t('members.cancel')}
        </button>
      </div>
    </Dialog>
  );
}

function AdjustDialog({
  member,
  onClose,
  onDone,
}: {
  member: AdminMemberDetail;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  // One request id per confirmation: a retried click cannot move the money twice.
  const [requestId] = useState(() => crypto.randomUUID());
  const amount = normalizeAmount(amountText);
  const money = (value: string) => formatAmount(value, language, member.currency);
  const mutation = useMutation({
    mutationFn: () =>
      call(cashier.adjustmentCreate, {
        body: { requestId, memberId: member.id, direction, amount: amount!, reason: reason.trim() },
      }),
    onSuccess: async (adjustment) => {
      await queryClient.invalidateQueries({ queryKey: ['members'] });
      onDone(
        t(adjustment.status === 'pending' ? 'members.adjustPending' : 'members.adjustApplied', {
          amount: money(adjustment.amount),
          name: member.username,
        }),
      );
      onClose();
    },
  });
  const amountError = fieldError(mutation.error, 'amount');
  const reasonError = fieldError(mutation.error, 'reason');
  return (
    <Dialog title={t('members.adjustTitle', { name: member.username })} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!amount || reason.trim().length < 3) return;
          if (!confirming) setConfirming(true);
          else mutation.mutate();
        }}
      >
        <fieldset className="inline-set" disabled={confirming}>
          <legend>{t('members.direction')}</legend>
          {(['credit', 'debit'] as const).map((d) => (
            <label key={d} className="inline">
              <input type="radio" name="direction" checked={direction === d} onChange={() => setDirection(d)} />
              {t(`members.${d}`)}
            </label>
          ))}
        </fieldset>
        <label>
          {t('members.amount')}
          <input
            inputMode="decimal"
            value={amountText}
            disabled={confirming}
            aria-invalid={amountText !== '' && !amount ? true : undefined}
            onChange={(event) => setAmountText(event.target.value)}
          />
          <span className={amountError || (amountText !== '' && !amount) ? 'error' : 'hint'}>
            {amountError ?? (amountText !== '' && !amount ? t('members.amountInvalid') : t('members.amountHint'))}
          </span>
        </label>
        <label>
          {t('members.reason')}
          <textarea
            value={reason}
            rows={2}
            minLength={3}
            maxLength={500}
            required
            disabled={confirming}
            onChange={(event) => setReason(event.target.value)}
          />
          {reasonError && <span className="error">{reasonError}</span>}
        </label>
        {confirming && amount && (
          <p className="confirm" role="status">
            {t(direction === 'credit' ? 'members.confirmCredit' : 'members.confirmDebit', {
              amount: money(amount),
              name: member.username,
              before: money(member.balances.main),
              after: money(resultingBalance(member.balances.main, direction, amount)),
            })}{' '}
            {t('members.secondOperator')}
          </p>
        )}
        {mutation.isError && !amountError && !reasonError && (
          <p className="error" role="alert">
            {mutation.error.message}
          </p>
        )}
        <div className="actions">
          <button type="submit" className={confirming ? 'danger' : 'primary'} disabled={mutation.isPending || !amount}>
            {confirming ? t('members.confirmAdjust') : t('members.review')}
          </button>
          <button type="button" onClick={() => (confirming ? setConfirming(false) : onClose())}>
            {confirming ? t('members.change') : t('members.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
