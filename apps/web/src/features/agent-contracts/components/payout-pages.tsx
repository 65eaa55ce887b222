import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  agentContractEndpoints,
  type ContractAction,
  type ContractHistoryEntry,
  type ContractKind,
  type ContractView,
  type PayoutView,
} from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';
import { allPages } from '../../agent/components/export-csv.ts';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useMerchantTimeZone } from '../../agent/api/agent-team.ts';
import { AgentPageFrame } from '../../agent/components/agent-page.tsx';
import { DateRangeFilter } from '../../agent/components/date-range-filter.tsx';
import { lastDays, type DateRange } from '../../agent/components/date-range.ts';
import { PagedTable, type TableColumn } from '../../agent/components/paged-table.tsx';
import { useContractHistory, useDecideContract, useIncome, useMyContracts, usePayouts } from '../api/contracts.ts';
import { periodLabel } from '../utils.ts';
import { TermsView } from './terms-view.tsx';
import '../../agent/components/agent-ui.css';
import '../messages.ts';
import './agent-contracts.css';

const PAGE_SIZE = 20;
const HISTORY_PAGE_SIZE = 10;

/** The member's live contract of a kind with its terms, and the termination request and answers. */
function MyContractCard({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const mine = useMyContracts();
  const decide = useDecideContract();
  const [confirming, setConfirming] = useState<ContractAction | null>(null);
  const contract: ContractView | undefined = mine.data?.list.find(
    (c) => c.kind === kind && (c.state === 'active' || c.state === 'termination_requested'),
  );
  const kindName = t(`agentContracts.kinds.${kind}`);
  if (mine.isPending) return null;
  if (!contract) {
    return (
      <section className="contract-card">
        <h2 className="contract-card__title">{t('agentContracts.mine.title')}</h2>
        <p>{t('agentContracts.mine.none', { kind: kindName })}</p>
      </section>
    );
  }
  const run = (action: ContractAction) =>
    decide.mutate({ kind, contractId: contract.id, action }, { onSettled: () => setConfirming(null) });
  const requested = contract.state === 'termination_requested';
  const byMe = contract.terminationRequestedBy === 'member';
  return (
    <section className="contract-card">
      <h2 className="contract-card__title">
        {t('agentContracts.mine.title')} · {t(`agentContracts.states.${contract.state}`)}
      </h2>
      <p className="contract-popup__meta">
        {contract.offerer
          ? t('agentContracts.terms.from', { name: contract.offerer })
          : t('agentContracts.terms.house')}
      </p>
      <TermsView contract={contract} />
      {requested ? (
        <p role="status">{t(byMe ? 'agentContracts.mine.requestedByMe' : 'agentContracts.mine.requestedByOther')}</p>
      ) : null}
      {confirming === 'terminate' ? (
        <p className="contract-popup__confirm" role="alert">
          {t('agentContracts.mine.confirmTerminate')}
        </p>
      ) : null}
      <div className="contract-card__actions">
        {!requested && confirming !== 'terminate' ? (
          <button type="button" className="button" onClick={() => setConfirming('terminate')}>
            {t('agentContracts.mine.terminate')}
          </button>
        ) : null}
        {confirming === 'terminate' ? (
          <>
            <button type="button" className="button" onClick={() => setConfirming(null)}>
              {t('agentContracts.popup.back')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={decide.isPending}
              onClick={() => run('terminate')}
            >
              {t('agentContracts.popup.confirm')}
            </button>
          </>
        ) : null}
        {requested && byMe ? (
          <button type="button" className="button" disabled={decide.isPending} onClick={() => run('reject')}>
            {t('agentContracts.mine.withdraw')}
          </button>
        ) : null}
        {requested && !byMe ? (
          <>
            <button type="button" className="button" disabled={decide.isPending} onClick={() => run('reject')}>
              {t('agentContracts.mine.refuseEnd')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={decide.isPending}
              onClick={() => run('accept')}
            >
              {t('agentContracts.mine.confirmEnd')}
            </button>
          </>
        ) : null}
      </div>
      {decide.error ? (
        <p className="contract-offer__error" role="alert">
          {decide.error.message}
        </p>
      ) : null}
    </section>
  );
}

function usePayoutColumns(kind: ContractKind): TableColumn<PayoutView>[] {
  const { t, i18n } = useTranslation();
  // The merchant's calendar (the agent account says which).
  const timeZone = useMerchantTimeZone();
  const amount = (key: string, get: (row: PayoutView) => string): TableColumn<PayoutView> => ({
    key,
    header: t(`agentContracts.records.${key}`),
    value: get,
    render: (row) => formatAmount(get(row)),
    numeric: true,
  });
  return [
    {
      key: 'period',
      header: t('agentContracts.records.period'),
      value: (row) => `${row.periodStart} – ${row.periodEnd}`,
      render: (row) => periodLabel(kind, row.periodStart, row.periodEnd, i18n.language, timeZone),
    },
    {
      key: 'activeMembers',
      header: t('agentContracts.records.activeMembers'),
      value: (row) => row.activeMembers,
      numeric: true,
    },
    amount('validBet', (row) => row.validBet),
    ...(kind === 'dividend' ? [amount('profitLoss', (row) => row.profitLoss)] : []),
    amount('basis', (row) => row.basis),
    { key: 'rate', header: t('agentContracts.records.rate'), value: (row) => `${row.rate}%`, numeric: true },
    amount('amount', (row) => row.amount),
    {
      key: 'status',
      header: t('agentContracts.records.status'),
      value: (row) => t(`agentContracts.statuses.${row.status}`),
    },
  ];
}

/** §3 "every change is kept as history": the changes to the agent's contracts of a kind, either side. */
export function ContractHistoryTable({ kind }: { kind: ContractKind }) {
  const { t, i18n } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const [pageNo, setPageNo] = useState(1);
  const history = useContractHistory({ kind, pageNo: String(pageNo), pageSize: String(HISTORY_PAGE_SIZE) });
  const by = (row: ContractHistoryEntry) =>
    typeof row.by === 'object' ? row.by.member : t(`agentContracts.history.${row.by}`);
  const columns: TableColumn<ContractHistoryEntry>[] = [
    {
      key: 'at',
      header: t('agentContracts.history.at'),
      value: (row) => row.at,
      render: (row) => formatDateTime(row.at, i18n.language, timeZone),
    },
    {
      key: 'parties',
      header: t('agentContracts.history.parties'),
      value: (row) => `${row.offerer ?? t('agentContracts.history.house')} → ${row.member}`,
    },
    {
      key: 'action',
      header: t('agentContracts.history.action'),
      value: (row) => t(`agentContracts.history.actions.${row.action}`),
    },
    { key: 'by', header: t('agentContracts.history.by'), value: by },
    {
      key: 'state',
      header: t('agentContracts.history.state'),
      value: (row) => (row.state ? t(`agentContracts.states.${row.state}`) : '—'),
    },
  ];
  return (
    <PagedTable
      caption={t('agentContracts.history.caption')}
      columns={columns}
      rows={history.data?.list}
      rowKey={(row) => row.id}
      loading={history.isPending}
      error={history.error}
      onRetry={() => void history.refetch()}
      empty={t('agentContracts.history.empty')}
      pageNo={pageNo}
      pageSize={HISTORY_PAGE_SIZE}
      total={history.data?.total}
      onPage={setPageNo}
      csvName={`contract-history-${kind}`}
      exportAll={() =>
        allPages((page, size) =>
          call(agentContractEndpoints.history, { query: { kind, pageNo: String(page), pageSize: String(size) } }),
        )
      }
    />
  );
}

function PayoutsPage({ kind, page, intro }: { kind: ContractKind; page: string; intro: string }) {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const [range, setRange] = useState<DateRange>(() => lastDays(30, new Date(), timeZone));
  const [pageNo, setPageNo] = useState(1);
  const payouts = usePayouts({
    kind,
    from: range.from,
    to: range.to,
    pageNo: String(pageNo),
    pageSize: String(PAGE_SIZE),
  });
  const columns = usePayoutColumns(kind);
  return (
    <AgentPageFrame title={t(`agentContracts.pages.${page}`)} intro={t(`agentContracts.pages.${intro}`)}>
      <MyContractCard kind={kind} />
      <DateRangeFilter
        value={range}
        timeZone={timeZone}
        onChange={(next) => {
          setRange(next);
          setPageNo(1);
        }}
      />
      <PagedTable
        caption={t('agentContracts.records.caption')}
        columns={columns}
        rows={payouts.data?.list}
        rowKey={(row) => row.id}
        loading={payouts.isPending}
        error={payouts.error}
        onRetry={() => void payouts.refetch()}
        empty={t('agentContracts.records.empty')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        total={payouts.data?.total}
        onPage={setPageNo}
        csvName={`${page}-${range.from}-${range.to}`}
        exportAll={() =>
          allPages((next, size) =>
            call(agentContractEndpoints.payouts, {
              query: { kind, from: range.from, to: range.to, pageNo: String(next), pageSize: String(size) },
            }),
          )
        }
      />
      <ContractHistoryTable kind={kind} />
    </AgentPageFrame>
  );
}

/** /agentHome/agentDividendRecordCopy2 (shown in the menu only while the dividend contract is on). */
export function DividendRecordPage() {
  return <PayoutsPage kind="dividend" page="agentDividendRecordCopy2" intro="dividendIntro" />;
}
/** /agentHome/agentDailyWages2 */
export function DailyWagesPage() {
  return <PayoutsPage kind="daily_salary" page="agentDailyWages2" intro="dailyIntro" />;
}
/** /agentHome/agentHourSalary */
export function HourSalaryPage() {
  return <PayoutsPage kind="hourly_salary" page="agentHourSalary" intro="hourIntro" />;
}
/** /agentHome/agentRealtimeSalary */
export function RealtimeSalaryPage() {
  return <PayoutsPage kind="realtime_salary" page="agentRealtimeSalary" intro="realtimeIntro" />;
}

/** /agentHome/myIncome: received and paid out per contract kind in a period. */
export function MyIncomePage() {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const [range, setRange] = useState<DateRange>(() => lastDays(30, new Date(), timeZone));
  const income = useIncome({ from: range.from, to: range.to });
  type Row = NonNullable<typeof income.data>['kinds'][number];
  const columns: TableColumn<Row>[] = [
    { key: 'kind', header: t('agentContracts.income.kind'), value: (row) => t(`agentContracts.kinds.${row.kind}`) },
    { key: 'count', header: t('agentContracts.income.count'), value: (row) => row.count, numeric: true },
    {
      key: 'received',
      header: t('agentContracts.income.received'),
      value: (row) => row.received,
      render: (row) => formatAmount(row.received),
      numeric: true,
    },
    {
      key: 'paidOut',
      header: t('agentContracts.income.paidOut'),
      value: (row) => row.paidOut,
      render: (row) => formatAmount(row.paidOut),
      numeric: true,
    },
  ];
  const v = income.data;
  return (
    <AgentPageFrame title={t('agentContracts.pages.myIncome')} intro={t('agentContracts.pages.incomeIntro')}>
      <DateRangeFilter value={range} onChange={setRange} timeZone={timeZone} />
      {v ? (
        <dl className="contract-terms__rates contract-card">
          <div>
            <dt>{t('agentContracts.income.received')}</dt>
            <dd>{formatAmount(v.received)}</dd>
          </div>
          <div>
            <dt>{t('agentContracts.income.paidOut')}</dt>
            <dd>{formatAmount(v.paidOut)}</dd>
          </div>
          <div>
            <dt>{t('agentContracts.income.net')}</dt>
            <dd>{formatAmount(v.net)}</dd>
          </div>
        </dl>
      ) : null}
      <PagedTable
        caption={t('agentContracts.pages.myIncome')}
        columns={columns}
        rows={v?.kinds}
        rowKey={(row) => row.kind}
        loading={income.isPending}
        error={income.error}
        onRetry={() => void income.refetch()}
        csvName={`myIncome-${range.from}-${range.to}`}
      />
    </AgentPageFrame>
  );
}
