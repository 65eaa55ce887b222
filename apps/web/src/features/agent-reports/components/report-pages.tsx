import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_TRANSACTION_TYPES } from '@khela/contracts';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useMerchantTimeZone } from '../../agent/api/agent-team.ts';
import { AgentPageFrame } from '../../agent/components/agent-page.tsx';
import { PagedTable, type TableColumn } from '../../agent/components/paged-table.tsx';
import { reportRows, useAgentReport } from '../api/reports.ts';
import { ReportFilter, useReportFilter } from './report-filter.tsx';
import { TrendChart } from './trend-chart.tsx';
import '../../agent/components/agent-ui.css';
import './reports.css';
import '../messages.ts';

/** A signed amount, coloured by sign (the text keeps the sign for screen readers and CSV). */
function Signed({ value }: { value: string }) {
  const cls = value.startsWith('-') ? 'report-negative' : value === '0.00' ? undefined : 'report-positive';
  return <span className={cls}>{formatAmount(value)}</span>;
}

function useColumns() {
  const { t, i18n } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const col = t as (key: string) => string;
  const amount = <T,>(key: string, get: (row: T) => string, signed = false): TableColumn<T> => ({
    key,
    header: col(`agentReports.columns.${key}`),
    value: get,
    render: signed ? (row) => <Signed value={get(row)} /> : (row) => formatAmount(get(row)),
    numeric: true,
  });
  const text = <T,>(key: string, get: (row: T) => string | number | null): TableColumn<T> => ({
    key,
    header: col(`agentReports.columns.${key}`),
    value: get,
  });
  /** A product type (LIVE, RNG, …) under the name the site's categories use; CSV keeps the code. */
  const product = <T,>(get: (row: T) => string): TableColumn<T> => ({
    key: 'productType',
    header: col('agentReports.columns.productType'),
    value: get,
    render: (row) => t(`nav.${get(row)}`, { defaultValue: get(row) }),
  });
  const time = <T,>(key: string, get: (row: T) => string | null): TableColumn<T> => ({
    key,
    header: col(`agentReports.columns.${key}`),
    value: get,
    render: (row) => {
      const v = get(row);
      return v ? formatDateTime(v, i18n.language, timeZone) : '—';
    },
  });
  return { amount, text, product, time, t: col };
}

function Tiles({ items }: { items: { label: string; value: string; signed?: boolean }[] }) {
  return (
    <dl className="report-tiles">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.signed ? <Signed value={item.value} /> : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A paged report's rows, state and page for the PagedTable, the page number kept by the filter. */
function pagedTableOf<Row>(
  report: {
    data?: { list: Row[]; pageSize: number; total: number };
    isPending: boolean;
    error: { message?: string } | null;
    refetch: () => unknown;
  },
  filter: { pageNo: number; setPageNo: (page: number) => void },
  exportAll: () => Promise<readonly Row[]>,
) {
  return {
    exportAll,
    rows: report.data?.list,
    loading: report.isPending,
    error: report.error,
    onRetry: () => void report.refetch(),
    pageNo: filter.pageNo,
    pageSize: report.data?.pageSize,
    total: report.data?.total,
    onPage: filter.setPageNo,
  };
}

/** /agentHome/agentTeamOverview */
export function TeamOverviewPage() {
  const token = useSessionToken();
  const filter = useReportFilter();
  const { amount, text, t } = useColumns();
  const { pageNo: _pageNo, pageSize: _pageSize, ...query } = filter.query;
  const report = useAgentReport('teamOverview', token, query);
  const v = report.data;
  type Day = NonNullable<typeof v>['series'][number];
  const columns: TableColumn<Day>[] = [
    text<Day>('day', (r) => r.day),
    text<Day>('newMembers', (r) => r.newMembers),
    text<Day>('activeMembers', (r) => r.activeMembers),
    amount<Day>('deposits', (r) => r.deposits),
    amount<Day>('withdrawals', (r) => r.withdrawals),
    amount<Day>('validBet', (r) => r.validBet),
    amount<Day>('profitLoss', (r) => r.profitLoss, true),
  ];
  const series = v ? [...v.series].reverse() : undefined;
  return (
    <AgentPageFrame title={t('agentReports.overview.title')} intro={t('agentReports.overview.intro')}>
      <div className="report-page">
        <ReportFilter filter={filter} />
        {v ? (
          <>
            <Tiles
              items={[
                { label: t('agentReports.overview.teamSize'), value: String(v.teamSize) },
                { label: t('agentReports.overview.newMembers'), value: String(v.newMembers) },
                { label: t('agentReports.overview.activeMembers'), value: String(v.activeMembers) },
                { label: t('agentReports.overview.deposits'), value: formatAmount(v.deposits) },
                { label: t('agentReports.overview.withdrawals'), value: formatAmount(v.withdrawals) },
                { label: t('agentReports.overview.validBet'), value: formatAmount(v.validBet) },
                { label: t('agentReports.overview.profitLoss'), value: v.profitLoss, signed: true },
              ]}
            />
            <TrendChart points={v.series} label={t('agentReports.overview.chart')} />
          </>
        ) : null}
        <PagedTable
          caption={t('agentReports.overview.daily')}
          columns={columns}
          rows={series}
          rowKey={(r) => r.day}
          loading={report.isPending}
          error={report.error}
          onRetry={() => void report.refetch()}
          csvName={`team-overview-${filter.range.from}-${filter.range.to}`}
        />
      </div>
    </AgentPageFrame>
  );
}

/** /agentHome/palStatementsAgentCopy */
export function PalStatementsPage() {
  const token = useSessionToken();
  const filter = useReportFilter();
  const { amount, text, t } = useColumns();
  const report = useAgentReport('palStatements', token, filter.query);
  const exportAll = reportRows('palStatements', filter.query);
  type Row = NonNullable<typeof report.data>['list'][number];
  const columns: TableColumn<Row>[] = [
    text<Row>('username', (r) => r.username),
    {
      key: 'memberType',
      header: t('agentReports.columns.memberType'),
      value: (r) => t(`agentReports.memberTypes.${r.memberType}`),
    },
    text<Row>('depth', (r) => r.depth),
    text<Row>('betCount', (r) => r.betCount),
    amount<Row>('validBet', (r) => r.validBet),
    amount<Row>('payout', (r) => r.payout),
    amount<Row>('profitLoss', (r) => r.profitLoss, true),
    amount<Row>('deposits', (r) => r.deposits),
    amount<Row>('withdrawals', (r) => r.withdrawals),
  ];
  const s = report.data?.summary;
  return (
    <AgentPageFrame title={t('agentReports.pal.title')} intro={t('agentReports.pal.intro')}>
      <div className="report-page">
        <ReportFilter filter={filter} />
        {s ? (
          <Tiles
            items={[
              { label: t('agentReports.columns.validBet'), value: formatAmount(s.validBet) },
              { label: t('agentReports.columns.payout'), value: formatAmount(s.payout) },
              { label: t('agentReports.columns.profitLoss'), value: s.profitLoss, signed: true },
              { label: t('agentReports.columns.deposits'), value: formatAmount(s.deposits) },
              { label: t('agentReports.columns.withdrawals'), value: formatAmount(s.withdrawals) },
            ]}
          />
        ) : null}
        <PagedTable
          caption={t('agentReports.pal.title')}
          columns={columns}
          {...pagedTableOf(report, filter, exportAll)}
          rowKey={(r) => r.username}
          csvName={`pal-statements-${filter.range.from}-${filter.range.to}`}
        />
      </div>
    </AgentPageFrame>
  );
}

/** /agentHome/agentRevenueReport */
export function RevenueReportPage() {
  const token = useSessionToken();
  const filter = useReportFilter();
  const { amount, text, product, t } = useColumns();
  const { pageNo: _pageNo, pageSize: _pageSize, ...query } = filter.query;
  const report = useAgentReport('revenue', token, query);
  type Row = NonNullable<typeof report.data>['list'][number];
  const columns: TableColumn<Row>[] = [
    product<Row>((r) => r.productType),
    text<Row>('activeMembers', (r) => r.activeMembers),
    text<Row>('betCount', (r) => r.betCount),
    amount<Row>('validBet', (r) => r.validBet),
    amount<Row>('payout', (r) => r.payout),
    amount<Row>('profitLoss', (r) => r.profitLoss, true),
    amount<Row>('revenue', (r) => r.revenue, true),
  ];
  const rows = report.data
    ? report.data.list.length
      ? [...report.data.list, { productType: t('agentReports.revenue.total'), ...report.data.total }]
      : []
    : undefined;
  return (
    <AgentPageFrame title={t('agentReports.revenue.title')} intro={t('agentReports.revenue.intro')}>
      <div className="report-page">
        <ReportFilter filter={filter} />
        <PagedTable
          caption={t('agentReports.revenue.title')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.productType}
          loading={report.isPending}
          error={report.error}
          onRetry={() => void report.refetch()}
          csvName={`revenue-${filter.range.from}-${filter.range.to}`}
        />
      </div>
    </AgentPageFrame>
  );
}

/** /agentHome/agentDownlineTransactionDetailsCopy */
export function DownlineTransactionsPage() {
  const token = useSessionToken();
  const filter = useReportFilter();
  const { amount, text, time, t } = useColumns();
  const [type, setType] = useState<(typeof AGENT_TRANSACTION_TYPES)[number] | ''>('');
  const typeId = useId();
  const query = { ...filter.query, ...(type ? { type } : {}) };
  const report = useAgentReport('downlineTransactions', token, query);
  const exportAll = reportRows('downlineTransactions', query);
  type Row = NonNullable<typeof report.data>['list'][number];
  const columns: TableColumn<Row>[] = [
    time<Row>('time', (r) => r.time),
    text<Row>('username', (r) => r.username),
    { key: 'type', header: t('agentReports.columns.type'), value: (r) => t(`agentReports.transactionTypes.${r.type}`) },
    amount<Row>('amount', (r) => r.amount, true),
    amount<Row>('balanceAfter', (r) => r.balanceAfter),
  ];
  return (
    <AgentPageFrame title={t('agentReports.transactions.title')} intro={t('agentReports.transactions.intro')}>
      <div className="report-page">
        <ReportFilter filter={filter} />
        <PagedTable
          caption={t('agentReports.transactions.title')}
          columns={columns}
          {...pagedTableOf(report, filter, exportAll)}
          rowKey={(r) => r.id}
          csvName={`downline-transactions-${filter.range.from}-${filter.range.to}`}
          toolbar={
            <label htmlFor={typeId} className="agent-filter__field">
              <span>{t('agentReports.columns.type')}</span>
              <select
                id={typeId}
                className="report-select"
                value={type}
                onChange={(event) => {
                  setType(event.target.value as typeof type);
                  filter.setPageNo(1);
                }}
              >
                <option value="">{t('agentReports.transactionTypes.all')}</option>
                {AGENT_TRANSACTION_TYPES.map((ty) => (
                  <option key={ty} value={ty}>
                    {t(`agentReports.transactionTypes.${ty}`)}
                  </option>
                ))}
              </select>
            </label>
          }
        />
      </div>
    </AgentPageFrame>
  );
}

function BetsPage({ scope }: { scope: 'self' | 'team' }) {
  const token = useSessionToken();
  const filter = useReportFilter();
  const { amount, text, product, time, t } = useColumns();
  const report = useAgentReport('bets', token, { ...filter.query, scope });
  const exportAll = reportRows('bets', { ...filter.query, scope });
  type Row = NonNullable<typeof report.data>['list'][number];
  const columns: TableColumn<Row>[] = [
    time<Row>('time', (r) => r.settledAt),
    ...(scope === 'team' ? [text<Row>('username', (r) => r.username)] : []),
    product<Row>((r) => r.productType),
    text<Row>('betRef', (r) => r.betRef),
    amount<Row>('stake', (r) => r.stake),
    amount<Row>('payout', (r) => r.payout),
    amount<Row>('profitLoss', (r) => r.profitLoss, true),
  ];
  const key = scope === 'self' ? 'personal' : 'team';
  return (
    <AgentPageFrame title={t(`agentReports.${key}.title`)} intro={t(`agentReports.${key}.intro`)}>
      <div className="report-page">
        <ReportFilter filter={filter} withDownline={scope === 'team'} />
        <PagedTable
          caption={t(`agentReports.${key}.title`)}
          columns={columns}
          {...pagedTableOf(report, filter, exportAll)}
          rowKey={(r) => r.betRef}
          csvName={`${scope === 'self' ? 'my-bets' : 'team-bets'}-${filter.range.from}-${filter.range.to}`}
        />
      </div>
    </AgentPageFrame>
  );
}

/** /agentHome/personalHistoryCopy: the agent's own bets. */
export function PersonalHistoryPage() {
  return <BetsPage scope="self" />;
}

/** /agentHome/teamBetting: the team's bets. */
export function TeamBettingPage() {
  return <BetsPage scope="team" />;
}

/** /agentHome/userLoss */
export function UserLossPage() {
  const token = useSessionToken();
  const filter = useReportFilter();
  const { amount, text, time, t } = useColumns();
  const report = useAgentReport('userLoss', token, filter.query);
  const exportAll = reportRows('userLoss', filter.query);
  type Row = NonNullable<typeof report.data>['list'][number];
  const columns: TableColumn<Row>[] = [
    text<Row>('username', (r) => r.username),
    text<Row>('depth', (r) => r.depth),
    text<Row>('betCount', (r) => r.betCount),
    amount<Row>('validBet', (r) => r.validBet),
    amount<Row>('loss', (r) => r.loss),
    time<Row>('lastBetAt', (r) => r.lastBetAt),
  ];
  return (
    <AgentPageFrame title={t('agentReports.loss.title')} intro={t('agentReports.loss.intro')}>
      <div className="report-page">
        <ReportFilter filter={filter} />
        <PagedTable
          caption={t('agentReports.loss.title')}
          columns={columns}
          {...pagedTableOf(report, filter, exportAll)}
          rowKey={(r) => r.username}
          csvName={`user-loss-${filter.range.from}-${filter.range.to}`}
        />
      </div>
    </AgentPageFrame>
  );
}
