import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cashierAdminEndpoints as cashier,
  type CASHIER_QUEUE_SORTS,
  CASHIER_SEARCH_BY,
  DEPOSIT_STATUSES,
  WITHDRAWAL_STATUSES,
  type ValueOf,
} from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatAmount, formatTime } from '../format.ts';
import { actionsFor, arrivedSince, type Action } from '../queue.ts';
import { fieldError } from '../members-logic.ts';
import { Failed, Loading } from '../components/states.tsx';
import { ConfirmDialog } from '../components/dialog.tsx';
import type { Column, Sort } from '../components/data-table.tsx';
import { PagedTable, useListControls } from '../components/paged-table.tsx';
import type { MessageKey } from '../locales/en.ts';
import { CashierSettings } from './cashier-settings.tsx';

/** New requests show up without a refresh: the open queue is read again this often. */
const POLL_MS = 4_000;
const PAGE_SIZE = 20;

type Deposit = ValueOf<typeof cashier.depositApprove>;
type Withdrawal = ValueOf<typeof cashier.withdrawalApprove>;
type Kind = 'deposits' | 'withdrawals';
type SearchBy = (typeof CASHIER_SEARCH_BY)[number];
/** The queue's status ('' for every status) and the search the server runs (issue 16 item 3). */
interface QueueFilters {
  status: string;
  by: SearchBy;
  q?: string | undefined;
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
}
type Row = (Deposit & { kind: 'deposits' }) | (Withdrawal & { kind: 'withdrawals' });
type QueueSort = (typeof CASHIER_QUEUE_SORTS)[number];

const ACTION_LABEL: Record<Action, MessageKey> = {
  approve: 'cashier.approve',
  reject: 'cashier.reject',
  pay: 'cashier.pay',
  fail: 'cashier.fail',
};

export default function CashierSection() {
  const { t } = useI18n();
  const [kind, setKind] = useState<Kind>('deposits');
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<QueueFilters>(
    { key: 'id', order: 'desc' },
    { status: 'pending', by: 'username' },
  );
  const searchId = useId();
  const [openId, setOpenId] = useState<number | null>(null);
  const [showSettings, setShowSettings] = useState(false);
  // Outside the detail: a request that leaves the shown queue (approved from pending) closes it.
  const [done, setDone] = useState<string | null>(null);
  const newestSeen = useRef(new Map<string, number>());
  const statuses = kind === 'deposits' ? DEPOSIT_STATUSES : WITHDRAWAL_STATUSES;

  const query = useQuery({
    queryKey: ['cashier', kind, filters, sort, pageNo],
    queryFn: async (): Promise<{ list: Row[]; total: number }> => {
      const query = {
        ...filters,
        status: filters.status === '' ? undefined : filters.status,
        sort: sort.key as QueueSort,
        order: sort.order,
        pageNo: String(pageNo),
        pageSize: String(PAGE_SIZE),
      };
      if (kind === 'deposits') {
        const page = await call(cashier.depositsList, {
          query: query as typeof query & { status?: (typeof DEPOSIT_STATUSES)[number] },
        });
        return { ...page, list: page.list.map((row) => ({ ...row, kind: 'deposits' as const })) };
      }
      const page = await call(cashier.withdrawalsList, {
        query: query as typeof query & { status?: (typeof WITHDRAWAL_STATUSES)[number] },
      });
      return { ...page, list: page.list.map((row) => ({ ...row, kind: 'withdrawals' as const })) };
    },
    // A refused search (a field error) is not asked again until the operator changes it.
    refetchInterval: (current) => (current.state.error ? false : POLL_MS),
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    enabled: !showSettings,
  });
  const rows = query.data?.list ?? [];
  // Per queue (kind, status and search, whatever the page or order): what was there when the
  // operator first saw it; the previous queue's rows, kept on screen while this one loads, do not count.
  const queueKey = `${kind}:${JSON.stringify(filters)}`;
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && !newestSeen.current.has(queueKey)) {
      newestSeen.current.set(
        queueKey,
        query.data.list.reduce((max, row) => Math.max(max, row.id), 0),
      );
    }
  }, [query.data, query.isPlaceholderData, queueKey]);
  const arrived = arrivedSince(rows, newestSeen.current.get(queueKey) ?? null);
  const qError = fieldError(query.error, 'q');
  const amountError = fieldError(query.error, 'minAmount') ?? fieldError(query.error, 'maxAmount');
  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    filter({
      by: (value('by') ?? 'username') as SearchBy,
      q: value('q'),
      minAmount: value('minAmount'),
      maxAmount: value('maxAmount'),
    });
  };
  const open = rows.find((row) => row.id === openId) ?? null;

  return (
    <section aria-labelledby="cashier-title" className="section">
      <h1 id="cashier-title">{t('cashier.title')}</h1>
      <div className="tabs" role="group" aria-label={t('cashier.title')}>
        {(['deposits', 'withdrawals'] as const).map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={!showSettings && kind === k}
            onClick={() => {
              setShowSettings(false);
              setKind(k);
              setOpenId(null);
              filter({ status: 'pending' });
            }}
          >
            {t(`cashier.${k}`)}
          </button>
        ))}
        <button type="button" aria-pressed={showSettings} onClick={() => setShowSettings(true)}>
          {t('cashierSettings.tab')}
        </button>
      </div>
      {showSettings ? (
        <CashierSettings />
      ) : (
        <>
          <form className="filters" role="search" aria-label={t('cashier.searchTitle')} onSubmit={submitSearch}>
            <label className="inline">
              {t('cashier.status')}
              <select value={filters.status} onChange={(event) => filter({ status: event.target.value })}>
                <option value="">{t('cashier.all')}</option>
                {statuses.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="inline">
              {t('cashier.searchBy')}
              <select name="by" defaultValue={filters.by}>
                {CASHIER_SEARCH_BY.map((by) => (
                  <option key={by} value={by}>
                    {t(`cashier.by.${by}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="inline grow">
              <span className="visually-hidden">{t('cashier.search')}</span>
              <input
                type="search"
                name="q"
                maxLength={64}
                placeholder={t('cashier.search')}
                defaultValue={filters.q}
                aria-invalid={qError ? true : undefined}
                aria-describedby={qError ? `${searchId}-q` : undefined}
              />
              {qError && (
                <span id={`${searchId}-q`} className="error">
                  {qError}
                </span>
              )}
            </label>
            <label className="inline">
              {t('cashier.minAmount')}
              <input
                name="minAmount"
                inputMode="decimal"
                size={8}
                defaultValue={filters.minAmount}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={amountError ? `${searchId}-amount` : undefined}
              />
            </label>
            <label className="inline">
              {t('cashier.maxAmount')}
              <input name="maxAmount" inputMode="decimal" size={8} defaultValue={filters.maxAmount} />
            </label>
            {amountError && (
              <span id={`${searchId}-amount`} className="error">
                {amountError}
              </span>
            )}
            <button type="submit">{t('cashier.find')}</button>
          </form>
          <p className="live" role="status" aria-live="polite">
            {arrived > 0 ? t('cashier.newArrived', { count: arrived }) : t('cashier.live')}
          </p>
          {done && (
            <p className="notice" role="status">
              {done}
            </p>
          )}
          {/* A refused search shows its field error beside the input, not the table's failure. */}
          {query.isError && (qError || amountError) ? null : (
            <QueueTable
              query={query}
              sort={sort}
              onSort={sortBy}
              pageNo={pageNo}
              onPage={setPageNo}
              onOpen={setOpenId}
            />
          )}
          {open && <Detail row={open} onClose={() => setOpenId(null)} onDone={setDone} />}
        </>
      )}
    </section>
  );
}

/** The queue as a page of the server's list: sortable by arrival (id), amount and time; the open button per row. */
function QueueTable({
  query,
  sort,
  onSort,
  pageNo,
  onPage,
  onOpen,
}: {
  query: Parameters<typeof PagedTable<Row>>[0]['query'];
  sort: Sort;
  onSort: (sort: Sort) => void;
  pageNo: number;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
}) {
  const { t, language } = useI18n();
  const columns: Column<Row>[] = [
    { id: 'id', header: t('cashier.id'), cell: (row) => `#${row.id}`, sortKey: 'id' },
    { id: 'member', header: t('cashier.member'), cell: (row) => row.username },
    {
      id: 'amount',
      header: t('cashier.amount'),
      cell: (row) => formatAmount(row.amount, language, row.currency),
      sortKey: 'amount',
    },
    {
      id: 'status',
      header: t('cashier.status'),
      cell: (row) => <span className={`badge ${row.status}`}>{t(`status.${row.status}` as MessageKey)}</span>,
    },
    {
      id: 'created',
      header: t('cashier.created'),
      cell: (row) => formatTime(row.createdAt, language),
      wide: true,
      sortKey: 'createdAt',
    },
    {
      id: 'open',
      header: <span className="visually-hidden">{t('cashier.open')}</span>,
      cell: (row) => (
        <button type="button" onClick={() => onOpen(row.id)} aria-label={`${t('cashier.open')} #${row.id}`}>
          {t('cashier.open')}
        </button>
      ),
    },
  ];
  return (
    <PagedTable
      query={query}
      caption={t('cashier.title')}
      columns={columns}
      rowKey={(row) => row.id}
      rowTestId={(row) => `row-${row.id}`}
      sort={sort}
      onSort={onSort}
      empty={t('cashier.empty')}
      pageNo={pageNo}
      pageSize={PAGE_SIZE}
      onPage={onPage}
    />
  );
}

function Receipt({ id, request }: { id: number; request: number }) {
  const { t } = useI18n();
  const query = useQuery({
    queryKey: ['upload', id],
    queryFn: () => call(cashier.uploadGet, { params: { id: String(id) } }),
    staleTime: Infinity,
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <Failed message={query.error.message} onRetry={() => void query.refetch()} />;
  return (
    <img
      className="receipt"
      src={`data:${query.data.contentType};base64,${query.data.dataBase64}`}
      alt={t('cashier.receiptAlt', { id, request })}
    />
  );
}

function Detail({ row, onClose, onDone }: { row: Row; onClose: () => void; onDone: (message: string) => void }) {
  const { t, language } = useI18n();
  const [action, setAction] = useState<Action | null>(null);
  const titleId = useId();
  const uploads = row.kind === 'deposits' ? row.receiptUploadIds : row.proofUploadIds;
  const kindLabel = t(row.kind === 'deposits' ? 'cashier.deposit' : 'cashier.withdrawal');
  return (
    <section className="detail card" aria-labelledby={titleId}>
      <div className="block-head">
        <h2 id={titleId}>{t('cashier.detail', { kind: kindLabel, id: row.id })}</h2>
        <button type="button" className="ghost" onClick={onClose}>
          {t('cashier.close')}
        </button>
      </div>
      <dl className="facts">
        <dt>{t('cashier.member')}</dt>
        <dd>
          {row.username} (#{row.memberId})
        </dd>
        <dt>{t('cashier.amount')}</dt>
        <dd>{formatAmount(row.amount, language, row.currency)}</dd>
        <dt>{t('cashier.status')}</dt>
        <dd>{t(`status.${row.status}` as MessageKey)}</dd>
        {row.kind === 'deposits' ? (
          <>
            <dt>{t('cashier.channel')}</dt>
            <dd>
              {row.channelCode} ({row.method})
            </dd>
            <dt>{t('cashier.reference')}</dt>
            <dd>{row.referenceNumber ?? '—'}</dd>
          </>
        ) : (
          <>
            <dt>{t('cashier.payee')}</dt>
            <dd>
              {row.payeeAccount.payeeName} · {row.payeeAccount.method} {row.payeeAccount.accountNumber}
            </dd>
          </>
        )}
        <dt>{t('cashier.created')}</dt>
        <dd>{formatTime(row.createdAt, language)}</dd>
        {row.reason && (
          <>
            <dt>{t('cashier.reason')}</dt>
            <dd>{row.reason}</dd>
          </>
        )}
      </dl>
      <h3>{t('cashier.receipts')}</h3>
      {uploads.length === 0 ? (
        <p className="empty">{t('cashier.noReceipts')}</p>
      ) : (
        <div className="receipts">
          {uploads.map((id) => (
            <Receipt key={id} id={id} request={row.id} />
          ))}
        </div>
      )}
      <div className="actions">
        {actionsFor(row).map((a) => (
          <button
            key={a}
            type="button"
            className={a === 'approve' || a === 'pay' ? 'primary' : 'danger'}
            onClick={() => setAction(a)}
          >
            {t(ACTION_LABEL[a])}
          </button>
        ))}
      </div>
      {action && (
        <ConfirmAction
          row={row}
          action={action}
          onClose={(result) => {
            setAction(null);
            if (result)
              onDone(
                t('cashier.done', {
                  action: t(ACTION_LABEL[action]),
                  id: row.id,
                  status: t(`status.${result}` as MessageKey),
                }),
              );
          }}
        />
      )}
    </section>
  );
}

function consequence(row: Row, action: Action): MessageKey {
  if (row.kind === 'deposits')
    return action === 'approve' ? 'cashier.confirm.approveDeposit' : 'cashier.confirm.rejectDeposit';
  return (
    {
      approve: 'cashier.confirm.approveWithdrawal',
      pay: 'cashier.confirm.payWithdrawal',
      reject: 'cashier.confirm.rejectWithdrawal',
      fail: 'cashier.confirm.failWithdrawal',
    } as const
  )[action];
}

async function perform(row: Row, action: Action, reason: string): Promise<string> {
  const params = { id: String(row.id) };
  if (row.kind === 'deposits') {
    const done =
      action === 'approve'
        ? await call(cashier.depositApprove, { params })
        : await call(cashier.depositReject, { params, body: { reason } });
    return done.status;
  }
  const done =
    action === 'approve'
      ? await call(cashier.withdrawalApprove, { params })
      : action === 'pay'
        ? await call(cashier.withdrawalPay, { params })
        : action === 'reject'
          ? await call(cashier.withdrawalReject, { params, body: { reason } })
          : await call(cashier.withdrawalFail, { params, body: { reason } });
  return done.status;
}

function ConfirmAction({
  row,
  action,
  onClose,
}: {
  row: Row;
  action: Action;
  onClose: (status: string | null) => void;
}) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (reason: string) => perform(row, action, reason),
    onSuccess: async (status) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['cashier'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
      onClose(status);
    },
  });
  const amount = formatAmount(row.amount, language, row.currency);
  const payee = row.kind === 'withdrawals' ? row.payeeAccount.payeeName : '';
  const needsReason = action === 'reject' || action === 'fail';
  return (
    <ConfirmDialog
      title={t('cashier.confirmTitle', { action: t(ACTION_LABEL[action]), id: row.id })}
      consequence={<p>{t(consequence(row, action), { amount, member: row.username, payee })}</p>}
      confirmLabel={t(ACTION_LABEL[action])}
      tone={action === 'approve' || action === 'pay' ? 'primary' : 'danger'}
      reasonLabel={needsReason ? t('cashier.reason') : undefined}
      reasonHint={t('cashier.reasonRequired')}
      pending={mutation.isPending}
      error={mutation.isError ? mutation.error : null}
      onConfirm={(reason) => mutation.mutate(reason)}
      onCancel={() => onClose(null)}
    />
  );
}
