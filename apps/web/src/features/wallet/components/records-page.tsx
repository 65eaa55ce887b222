import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { MoneySelect } from '../../../components/ui/money-select.tsx';
import { PagedRecords, Pager, usePaging, type PagedQuery, type RecordsPage } from '../../../components/ui/pager.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useBetRecords } from '../api/get-bets.ts';
import { useBonusRecords } from '../api/get-bonus.ts';
import { useProfit } from '../api/get-profit.ts';
import { useTransactions } from '../api/get-transactions.ts';
import { DATE_SHORTCUTS, dateWindow, type DateShortcut } from '../utils/date-window.ts';
import '../../../components/ui/form.css';
import '../../../components/ui/money.css';
import '../messages.ts';

export type RecordsKind = 'transactionHistory' | 'personalProfit' | 'bonusDetails' | 'personalHistoryCopy';

/** Ledger kinds a member can filter the account record by. */
export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_pay',
  'transfer_upline',
  'transfer_downline',
  'wallet_transfer',
  'bet',
  'win',
  'rollback',
  'adjustment',
  'rebate',
] as const;

/**
 * §2 records pages (issue 5 item 7): account record, profit and loss, bonus details and betting
 * records, each with the §9 date shortcuts (today, previous 7 and 30 days) and paging.
 */
export default function RecordsPage({ kind }: { kind: RecordsKind }) {
  const { t } = useTranslation();
  const [shortcut, setShortcut] = useState<DateShortcut>('last7');
  const [type, setType] = useState('');
  const { query: page, setPageNo } = usePaging();
  const query = { ...dateWindow(shortcut), ...page };
  return (
    <div className="cashier-page">
      <div className="records-filters" role="group" aria-label={t('wallet.records.filters')}>
        <div className="records-shortcuts" role="radiogroup" aria-label={t('wallet.records.period')}>
          {DATE_SHORTCUTS.map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={shortcut === s}
              className={`button${shortcut === s ? ' button--primary' : ''}`}
              onClick={() => {
                setShortcut(s);
                setPageNo(1);
              }}
            >
              {t(`wallet.records.shortcuts.${s}`)}
            </button>
          ))}
        </div>
        {kind === 'transactionHistory' ? (
          <div className="form">
            <MoneySelect
              id="records-type"
              label={t('wallet.records.type')}
              value={type}
              options={[
                { value: '', label: t('wallet.records.allTypes') },
                ...TRANSACTION_TYPES.map((ty) => ({ value: ty, label: t(`wallet.records.types.${ty}`) })),
              ]}
              onChange={(value) => {
                setType(value);
                setPageNo(1);
              }}
            />
          </div>
        ) : null}
      </div>
      {kind === 'transactionHistory' ? (
        <Transactions query={{ ...query, ...(type ? { type } : {}) }} onPage={setPageNo} />
      ) : kind === 'bonusDetails' ? (
        <Bonus query={query} onPage={setPageNo} />
      ) : kind === 'personalProfit' ? (
        <Profit query={query} onPage={setPageNo} />
      ) : (
        <Bets query={query} onPage={setPageNo} />
      )}
    </div>
  );
}

type Query = ReturnType<typeof dateWindow> & { pageNo: string; pageSize: string };

function Table({ head, rows, label }: { head: string[]; rows: ReactNode[][]; label: string }) {
  return (
    <div className="money-table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="money-table">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((c, j) => (
                <td key={j} data-label={head[j]}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A movement with its sign and colour; zero has neither. */
function signed(value: string) {
  const zero = !/[1-9]/.test(value);
  const minus = value.startsWith('-');
  return (
    <span className="money-amount" data-sign={zero ? undefined : minus ? 'minus' : 'plus'}>
      {zero || minus ? '' : '+'}
      {formatAmount(value)}
    </span>
  );
}

function Transactions({ query, onPage }: { query: Query & { type?: string }; onPage: (n: number) => void }) {
  const { t, i18n } = useTranslation();
  const records = useTransactions(useSessionToken(), query);
  return (
    <MovementList
      records={records}
      onPage={onPage}
      label={t('wallet.records.transactionsLabel')}
      language={i18n.language}
    />
  );
}

function Bonus({ query, onPage }: { query: Query; onPage: (n: number) => void }) {
  const { t, i18n } = useTranslation();
  const records = useBonusRecords(useSessionToken(), query);
  return (
    <MovementList records={records} onPage={onPage} label={t('wallet.records.bonusLabel')} language={i18n.language} />
  );
}

/** A records page as a table, or the page's own empty state, and the Pager. */
function PagedTable<T>({
  records,
  onPage,
  emptyTitle,
  emptyBody,
  label,
  head,
  row,
}: {
  records: PagedQuery<RecordsPage<T>>;
  onPage: (n: number) => void;
  emptyTitle: string;
  emptyBody: string;
  label: string;
  head: string[];
  row: (record: T) => ReactNode[];
}) {
  return (
    <PagedRecords
      records={records}
      onPage={onPage}
      empty={<EmptyState variant="page" headingLevel={2} title={emptyTitle} body={emptyBody} />}
    >
      {(data) => <Table label={label} head={head} rows={data.list.map(row)} />}
    </PagedRecords>
  );
}

function MovementList({
  records,
  onPage,
  label,
  language,
}: {
  records: ReturnType<typeof useTransactions>;
  onPage: (n: number) => void;
  label: string;
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <PagedTable
      records={records}
      onPage={onPage}
      emptyTitle={t('wallet.records.emptyTitle')}
      emptyBody={t('wallet.records.empty')}
      label={label}
      head={[
        t('wallet.records.time'),
        t('wallet.records.type'),
        t('money.amountLabel'),
        t('wallet.records.balanceAfter'),
        t('wallet.records.reference'),
      ]}
      row={(r) => [
        formatDateTime(r.time, language),
        <span key="type">
          {t(`wallet.records.types.${r.type}`, { defaultValue: r.type })}
          <small className="money-table__sub">{t(`wallet.records.wallets.${r.wallet}`)}</small>
        </span>,
        signed(r.amount),
        formatAmount(r.balanceAfter),
        <code key="ref">{r.reference}</code>,
      ]}
    />
  );
}

function Profit({ query, onPage }: { query: Query; onPage: (n: number) => void }) {
  const { t } = useTranslation();
  const records = useProfit(useSessionToken(), query);
  const data = records.data;
  return (
    <LoadState pending={records.isPending} error={records.error} onRetry={() => void records.refetch()}>
      {data ? (
        <>
          <dl className="cashier-facts">
            <div>
              <dt>{t('wallet.records.betAmount')}</dt>
              <dd>{formatAmount(data.summary.betAmount)}</dd>
            </div>
            <div>
              <dt>{t('wallet.records.winAmount')}</dt>
              <dd>{formatAmount(data.summary.winAmount)}</dd>
            </div>
            <div>
              <dt>{t('wallet.records.profit')}</dt>
              <dd>{signed(data.summary.profit)}</dd>
            </div>
          </dl>
          {data.list.length === 0 ? (
            <EmptyState title={t('wallet.records.profitEmptyTitle')} body={t('wallet.records.profitEmpty')} />
          ) : (
            <>
              <Table
                label={t('wallet.records.profitLabel')}
                head={[
                  t('wallet.records.date'),
                  t('wallet.records.gameType'),
                  t('wallet.records.betAmount'),
                  t('wallet.records.winAmount'),
                  t('wallet.records.profit'),
                ]}
                rows={data.list.map((r) => [
                  r.date,
                  t(`nav.${r.gameType}`, { defaultValue: r.gameType }),
                  formatAmount(r.betAmount),
                  formatAmount(r.winAmount),
                  signed(r.profit),
                ])}
              />
              <Pager pageNo={data.pageNo} pageSize={data.pageSize} total={data.total} onPage={onPage} />
            </>
          )}
        </>
      ) : null}
    </LoadState>
  );
}

function Bets({ query, onPage }: { query: Query; onPage: (n: number) => void }) {
  const { t, i18n } = useTranslation();
  const records = useBetRecords(useSessionToken(), query);
  return (
    <PagedTable
      records={records}
      onPage={onPage}
      emptyTitle={t('wallet.records.betsEmptyTitle')}
      emptyBody={t('wallet.records.betsEmpty')}
      label={t('wallet.records.betsLabel')}
      head={[
        t('wallet.records.time'),
        t('wallet.records.vendor'),
        t('wallet.records.gameType'),
        t('wallet.records.betAmount'),
        t('wallet.records.winAmount'),
        t('wallet.records.profit'),
      ]}
      row={(r) => [
        formatDateTime(r.time, i18n.language),
        r.vendorName,
        t(`nav.${r.gameType}`, { defaultValue: r.gameType }),
        formatAmount(r.betAmount),
        r.resettled ? `${formatAmount(r.winAmount)} (${t('wallet.records.resettled')})` : formatAmount(r.winAmount),
        signed(r.profit),
      ]}
    />
  );
}
