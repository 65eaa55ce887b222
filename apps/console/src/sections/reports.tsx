import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  reportAdminEndpoints,
  type AgentReportRow,
  type CashierReportRow,
  type GgrReportRow,
  type MemberReportRow,
} from '@khela/contracts';
import { call } from '../api.ts';
import { productTypeName, useI18n, type Translate } from '../i18n.tsx';
import { formatAmount, formatCount, type Language } from '../format.ts';
import { DataTable, type Column, type Sort } from '../components/data-table.tsx';
import { useListControls } from '../components/paged-table.tsx';
import { Pager } from '../components/pager.tsx';
import { Failed, Loading } from '../components/states.tsx';
import { fieldError } from '../members-logic.ts';
import type { MessageKey } from '../locales/en.ts';
import { allPages, downloadCsv, toCsv, type CsvColumn } from './reports-logic.ts';

const PAGE_SIZE = 25;
const KINDS = ['ggr', 'members', 'agents', 'cashier'] as const;
type Kind = (typeof KINDS)[number];

interface Filters {
  from?: string | undefined;
  to?: string | undefined;
  period: 'day' | 'month';
  productType?: string | undefined;
  /** GGR only: rows per product type and vendor, optionally one vendor's. */
  byVendor?: boolean;
  vendor?: string | undefined;
  username?: string | undefined;
}
interface ReportPage<Row> {
  list: Row[];
  total: number;
  currency: string;
  from: string;
  to: string;
  productTypes?: string[];
  vendors?: { code: string; name: string }[];
}
type Fetch<Row> = (filters: Filters, sort: Sort, pageNo: number, pageSize: number) => Promise<ReportPage<Row>>;

/** A report column: shown in the table and written to the CSV export. */
interface ReportColumn<Row> extends Column<Row> {
  csvHeader: MessageKey;
  csv: (row: Row) => string | number;
}

const DEFAULT_SORT: Record<Kind, Sort> = {
  ggr: { key: 'period', order: 'desc' },
  members: { key: 'ggr', order: 'desc' },
  agents: { key: 'ggr', order: 'desc' },
  cashier: { key: 'period', order: 'desc' },
};

const fetchers = {
  ggr: ((f, sort, pageNo, pageSize) =>
    call(reportAdminEndpoints.ggr, {
      query: {
        from: f.from,
        to: f.to,
        period: f.period,
        productType: f.productType,
        ...(f.byVendor && { groupBy: 'vendor' as const, vendor: f.vendor }),
        sort: sort.key as 'period',
        order: sort.order,
        pageNo: String(pageNo),
        pageSize: String(pageSize),
      },
    })) satisfies Fetch<GgrReportRow>,
  members: ((f, sort, pageNo, pageSize) =>
    call(reportAdminEndpoints.members, {
      query: {
        from: f.from,
        to: f.to,
        username: f.username,
        sort: sort.key as 'ggr',
        order: sort.order,
        pageNo: String(pageNo),
        pageSize: String(pageSize),
      },
    })) satisfies Fetch<MemberReportRow>,
  agents: ((f, sort, pageNo, pageSize) =>
    call(reportAdminEndpoints.agents, {
      query: {
        from: f.from,
        to: f.to,
        username: f.username,
        sort: sort.key as 'ggr',
        order: sort.order,
        pageNo: String(pageNo),
        pageSize: String(pageSize),
      },
    })) satisfies Fetch<AgentReportRow>,
  cashier: ((f, sort, pageNo, pageSize) =>
    call(reportAdminEndpoints.cashier, {
      query: {
        from: f.from,
        to: f.to,
        period: f.period,
        sort: sort.key as 'period',
        order: sort.order,
        pageNo: String(pageNo),
        pageSize: String(pageSize),
      },
    })) satisfies Fetch<CashierReportRow>,
};

function money<Row>(
  id: string,
  header: MessageKey,
  read: (row: Row) => string,
  t: Translate,
  language: Language,
  currency: string,
  sortKey?: string,
  wide?: boolean,
): ReportColumn<Row> {
  return {
    id,
    header: t(header),
    csvHeader: header,
    cell: (row) => <span className="num">{formatAmount(read(row), language, currency)}</span>,
    csv: read,
    ...(sortKey && { sortKey }),
    ...(wide && { wide }),
  };
}
function count<Row>(
  id: string,
  header: MessageKey,
  read: (row: Row) => number,
  t: Translate,
  language: Language,
  sortKey?: string,
  wide?: boolean,
): ReportColumn<Row> {
  return {
    id,
    header: t(header),
    csvHeader: header,
    cell: (row) => <span className="num">{formatCount(read(row), language)}</span>,
    csv: read,
    ...(sortKey && { sortKey }),
    ...(wide && { wide }),
  };
}
function text<Row>(id: string, header: MessageKey, read: (row: Row) => string, t: Translate, sortKey?: string) {
  return { id, header: t(header), csvHeader: header, cell: read, csv: read, ...(sortKey && { sortKey }) };
}

function columnsOf(
  kind: Kind,
  t: Translate,
  language: Language,
  currency: string,
  byVendor: boolean,
): ReportColumn<never>[] {
  type Bets = { betCount: number; bets: string; wins: string; ggr: string };
  type Cash = { deposits: string; depositCount: number; withdrawals: string; withdrawalCount: number };
  const bets = <Row extends Bets>(): ReportColumn<Row>[] => [
    count<Row>('betCount', 'reports.betCount', (r) => r.betCount, t, language, 'betCount', true),
    money<Row>('bets', 'reports.bets', (r) => r.bets, t, language, currency, 'bets'),
    money<Row>('wins', 'reports.wins', (r) => r.wins, t, language, currency, undefined, true),
    money<Row>('ggr', 'reports.ggr', (r) => r.ggr, t, language, currency, 'ggr'),
  ];
  const cash = <Row extends Cash>(withSort: boolean): ReportColumn<Row>[] => [
    money<Row>(
      'deposits',
      'reports.deposits',
      (r) => r.deposits,
      t,
      language,
      currency,
      withSort ? 'deposits' : undefined,
    ),
    count<Row>('depositCount', 'reports.depositCount', (r) => r.depositCount, t, language, undefined, true),
    money<Row>(
      'withdrawals',
      'reports.withdrawals',
      (r) => r.withdrawals,
      t,
      language,
      currency,
      withSort ? 'withdrawals' : undefined,
    ),
    count<Row>('withdrawalCount', 'reports.withdrawalCount', (r) => r.withdrawalCount, t, language, undefined, true),
  ];
  const columns = {
    ggr: [
      text<GgrReportRow>('period', 'reports.period', (r) => r.period, t, 'period'),
      // The table names the product type; the CSV keeps its code, stable for spreadsheets.
      {
        ...text<GgrReportRow>('productType', 'reports.productType', (r) => r.productType, t),
        cell: (r: GgrReportRow) => productTypeName(t, r.productType),
      },
      ...(byVendor ? [text<GgrReportRow>('vendor', 'reports.vendor', (r) => r.vendorName ?? r.vendor ?? '', t)] : []),
      ...bets<GgrReportRow>(),
    ],
    members: [
      text<MemberReportRow>('username', 'reports.username', (r) => r.username, t, 'username'),
      ...bets<MemberReportRow>(),
      ...cash<MemberReportRow>(true),
    ],
    agents: [
      text<AgentReportRow>('username', 'reports.agent', (r) => r.username, t, 'username'),
      ...bets<AgentReportRow>(),
      ...cash<AgentReportRow>(true),
    ],
    cashier: [
      text<CashierReportRow>('period', 'reports.period', (r) => r.period, t, 'period'),
      ...cash<CashierReportRow>(true),
      money<CashierReportRow>('net', 'reports.net', (r) => r.net, t, language, currency, 'net'),
    ],
  };
  return columns[kind] as unknown as ReportColumn<never>[];
}

/** Issue 16 item 9: GGR, member, agent and cashier reports from the summary tables, paged, sorted and exported. */
export default function ReportsSection() {
  const { t } = useI18n();
  const [kind, setKind] = useState<Kind>('ggr');
  return (
    <section aria-labelledby="reports-title" className="section">
      <h1 id="reports-title">{t('reports.title')}</h1>
      <div className="tabs" role="group" aria-label={t('reports.title')}>
        {KINDS.map((k) => (
          <button key={k} type="button" aria-pressed={kind === k} onClick={() => setKind(k)}>
            {t(`reports.${k}`)}
          </button>
        ))}
      </div>
      {/* A fresh view (filters, sort, page) per report. */}
      <ReportView key={kind} kind={kind} />
    </section>
  );
}

function ReportView({ kind }: { kind: Kind }) {
  const { t, language } = useI18n();
  const formId = useId();
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<Filters>(DEFAULT_SORT[kind], {
    period: 'day',
  });
  const [groupChoice, setGroupChoice] = useState('productType');
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'failed'>('idle');
  const fetchPage = fetchers[kind] as Fetch<Record<string, unknown>>;
  const query = useQuery({
    queryKey: ['reports', kind, filters, sort, pageNo],
    queryFn: () => fetchPage(filters, sort, pageNo, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const byVendor = kind === 'ggr' && filters.byVendor === true;
  const columns = columnsOf(kind, t, language, data?.currency ?? 'BDT', byVendor) as ReportColumn<
    Record<string, unknown>
  >[];
  const hasPeriod = kind === 'ggr' || kind === 'cashier';
  const hasName = kind === 'members' || kind === 'agents';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    filter({
      from: value('from'),
      to: value('to'),
      period: value('period') === 'month' ? 'month' : 'day',
      productType: value('productType'),
      byVendor: value('groupBy') === 'vendor',
      vendor: value('groupBy') === 'vendor' ? value('vendor') : undefined,
      username: value('username'),
    });
  };
  const exportAll = async () => {
    setExporting('busy');
    try {
      const rows = await allPages((page, size) => fetchPage(filters, sort, page, size));
      const csvColumns: CsvColumn<Record<string, unknown>>[] = columns.map((c) => ({
        header: t(c.csvHeader),
        value: c.csv,
      }));
      const window = data ? `${data.from}_${data.to}` : 'report';
      downloadCsv(`${kind}-${filters.period}-${window}.csv`, toCsv(csvColumns, rows));
      setExporting('idle');
    } catch {
      setExporting('failed');
    }
  };
  const fromError = fieldError(query.error, 'from');
  const toError = fieldError(query.error, 'to');

  return (
    <>
      <form className="filters" role="search" aria-label={t('reports.filters')} onSubmit={submit}>
        <DateField name="from" label={t('reports.from')} error={fromError} formId={formId} />
        <DateField name="to" label={t('reports.to')} error={toError} formId={formId} />
        {hasPeriod && (
          <label className="inline">
            {t('reports.periodBy')}
            <select name="period" defaultValue={filters.period}>
              <option value="day">{t('reports.byDay')}</option>
              <option value="month">{t('reports.byMonth')}</option>
            </select>
          </label>
        )}
        {kind === 'ggr' && (
          <label className="inline">
            {t('reports.productType')}
            <select name="productType" defaultValue={filters.productType ?? ''}>
              <option value="">{t('reports.allProducts')}</option>
              {(data?.productTypes ?? []).map((type) => (
                <option key={type} value={type}>
                  {productTypeName(t, type)}
                </option>
              ))}
            </select>
          </label>
        )}
        {kind === 'ggr' && (
          <label className="inline">
            {t('reports.groupBy')}
            <select name="groupBy" value={groupChoice} onChange={(event) => setGroupChoice(event.target.value)}>
              <option value="productType">{t('reports.byProduct')}</option>
              <option value="vendor">{t('reports.byVendor')}</option>
            </select>
          </label>
        )}
        {kind === 'ggr' && groupChoice === 'vendor' && (
          <label className="inline">
            {t('reports.vendor')}
            <select name="vendor" defaultValue={filters.vendor ?? ''} data-testid="report-vendor">
              <option value="">{t('reports.allVendors')}</option>
              {(data?.vendors ?? []).map((vendor) => (
                <option key={vendor.code} value={vendor.code}>
                  {vendor.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {hasName && (
          <label className="inline">
            {t('reports.usernameStarts')}
            <input name="username" maxLength={64} size={12} defaultValue={filters.username} autoComplete="off" />
          </label>
        )}
        <button type="submit">{t('reports.apply')}</button>
        <button type="button" onClick={() => void exportAll()} disabled={!data || exporting === 'busy'}>
          {exporting === 'busy' ? t('reports.exporting') : t('reports.export')}
        </button>
      </form>
      {exporting === 'failed' && (
        <p className="error" role="alert">
          {t('reports.exportFailed')}
        </p>
      )}
      {data && (
        <p className="hint" role="status">
          {t('reports.window', { from: data.from, to: data.to })}
        </p>
      )}
      {query.isPending && <Loading />}
      {query.isError && !fromError && !toError && (
        <Failed message={query.error.message} onRetry={() => void query.refetch()} />
      )}
      {data && !query.isError && (
        <>
          <div className="report-table">
            <DataTable
              caption={t('reports.caption', { report: t(`reports.${kind}`) })}
              columns={columns}
              rows={data.list}
              rowKey={(row) =>
                String(
                  row.memberId ??
                    row.agentId ??
                    `${String(row.period)}:${String(row.productType ?? '')}:${String(row.vendor ?? '')}`,
                )
              }
              rowTestId={() => `report-row`}
              sort={sort}
              onSort={sortBy}
              empty={t('reports.empty')}
            />
          </div>
          <Pager total={data.total} pageNo={pageNo} pageSize={PAGE_SIZE} onPage={setPageNo} />
        </>
      )}
    </>
  );
}

function DateField({
  name,
  label,
  error,
  formId,
}: {
  name: string;
  label: string;
  error: string | null;
  formId: string;
}): ReactNode {
  const errorId = `${formId}-${name}-error`;
  return (
    <label className="inline">
      {label}
      <input
        type="date"
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <span id={errorId} className="error">
          {error}
        </span>
      )}
    </label>
  );
}
