import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cashierAdminEndpoints as cashier,
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
import type { MessageKey } from '../locales/en.ts';
import { CashierSettings } from './cashier-settings.tsx';

/** New requests show up without a refresh: the open queue is read again this often. */
const POLL_MS = 4_000;

type Deposit = ValueOf<typeof cashier.depositApprove>;
type Withdrawal = ValueOf<typeof cashier.withdrawalApprove>;
type Kind = 'deposits' | 'withdrawals';
type SearchBy = (typeof CASHIER_SEARCH_BY)[number];
/** The queue search the server runs (issue 16 item 3). */
interface Search {
  by: SearchBy;
  q?: string | undefined;
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
}
type Row = (Deposit & { kind: 'deposits' }) | (Withdrawal & { kind: 'withdrawals' });

const ACTION_LABEL: Record<Action, MessageKey> = {
  approve: 'cashier.approve',
  reject: 'cashier.reject',
  pay: 'cashier.pay',
  fail: 'cashier.fail',
};

export default function CashierSection() {
  const { t } = useI18n();
  const [kind, setKind] = useState<Kind>('deposits');
  const [status, setStatus] = useState<string>('pending');
  const [search, setSearch] = useState<Search>({ by: 'username' });
  const searchId = useId();
  const [openId, setOpenId] = useState<number | null>(null);
  const [showSettings, setShowSettings] = useState(false);
  // Outside the detail: a request that leaves the shown queue (approved from pending) closes it.
  const [done, setDone] = useState<string | null>(null);
  const newestSeen = useRef(new Map<string, number>());
  const statuses = kind === 'deposits' ? DEPOSIT_STATUSES : WITHDRAWAL_STATUSES;

  const query = useQuery({
    queryKey: ['cashier', kind, status, search],
    queryFn: async (): Promise<Row[]> => {
      const filter = { limit: 200, status: status === '' ? undefined : status, ...search };
      return kind === 'deposits'
        ? (await call(cashier.depositsList, { query: filter as { status?: (typeof DEPOSIT_STATUSES)[number] } })).map(
            (row) => ({ ...row, kind: 'deposits' as const }),
          )
        : (
            await call(cashier.withdrawalsList, { query: filter as { status?: (typeof WITHDRAWAL_STATUSES)[number] } })
          ).map((row) => ({ ...row, kind: 'withdrawals' as const }));
    },
    // A refused search (a field error) is not asked again until the operator changes it.
    refetchInterval: (current) => (current.state.error ? false : POLL_MS),
    refetchIntervalInBackground: false,
    enabled: !showSettings,
  });
  const rows = query.data ?? [];
  // Per queue (kind and status): what was there when the operator first saw it.
  const queueKey = `${kind}:${status}:${JSON.stringify(search)}`;
  useEffect(() => {
    if (query.data && !newestSeen.current.has(queueKey)) {
      newestSeen.current.set(
        queueKey,
        query.data.reduce((max, row) => Math.max(max, row.id), 0),
      );
    }
  }, [query.data, queueKey]);
  const arrived = arrivedSince(rows, newestSeen.current.get(queueKey) ?? null);
  const shown = rows;
  const qError = fieldError(query.error, 'q');
  const amountError = fieldError(query.error, 'minAmount') ?? fieldError(query.error, 'maxAmount');
  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    setSearch({
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
              setStatus('pending');
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
              <select value={status} onChange={(event) => setStatus(event.target.value)}>
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
              <select name="by" defaultValue={search.by}>
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
                defaultValue={search.q}
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
                defaultValue={search.minAmount}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={amountError ? `${searchId}-amount` : undefined}
              />
            </label>
            <label className="inline">
              {t('cashier.maxAmount')}
              <input name="maxAmount" inputMode="decimal" size={8} defaultValue={search.maxAmount} />
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
          {query.isPending && <Loading />}
          {query.isError && !qError && !amountError && (
            <Failed message={query.error.message} onRetry={() => void query.refetch()} />
          )}
          {query.data && shown.length === 0 && <p className="empty">{t('cashier.empty')}</p>}
          {shown.length > 0 && <QueueTable rows={shown} onOpen={setOpenId} />}
          {open && <Detail row={open} onClose={() => setOpenId(null)} onDone={setDone} />}
        </>
      )}
    </section>
  );
}

function QueueTable({ rows, onOpen }: { rows: Row[]; onOpen: (id: number) => void }) {
  const { t, language } = useI18n();
  return (
    <div className="table-wrap">
      <table className="queue">
        <caption className="visually-hidden">{t('cashier.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('cashier.id')}</th>
            <th scope="col">{t('cashier.member')}</th>
            <th scope="col" className="num">
              {t('cashier.amount')}
            </th>
            <th scope="col">{t('cashier.status')}</th>
            <th scope="col" className="wide">
              {t('cashier.created')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('cashier.open')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`row-${row.id}`}>
              <td>#{row.id}</td>
              <td>{row.username}</td>
              <td className="num">{formatAmount(row.amount, language, row.currency)}</td>
              <td>
                <span className={`badge ${row.status}`}>{t(`status.${row.status}` as MessageKey)}</span>
              </td>
              <td className="wide">{formatTime(row.createdAt, language)}</td>
              <td>
                <button type="button" onClick={() => onOpen(row.id)} aria-label={`${t('cashier.open')} #${row.id}`}>
                  {t('cashier.open')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
