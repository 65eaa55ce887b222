import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ADMIN_PAYOUT_SORTS,
  agentSettlementAdminEndpoints as settlement,
  CONTRACT_KINDS,
  PAYOUT_STATUSES,
  type ValueOf,
} from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatAmount, formatTime, localDigits } from '../format.ts';
import { PagedTable, useListControls } from '../components/paged-table.tsx';
import type { Column } from '../components/data-table.tsx';
import { ConfirmDialog } from '../components/dialog.tsx';
import { payoutActions, type PayoutAction } from './agents-logic.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { ContractsView } from './agents-contracts.tsx';

const PAGE_SIZE = 20;
type Payout = ValueOf<typeof settlement.payoutsList>['list'][number];
type Kind = (typeof CONTRACT_KINDS)[number];
type Status = (typeof PAYOUT_STATUSES)[number];
interface Filters {
  member?: string | undefined;
  kind?: Kind | undefined;
  status?: Status | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

type View = 'contracts' | 'payouts';

/** Issue 16 item 6: agent contracts (§3) and their payouts per period, held and re-run by the operator (§4). */
export default function AgentsSection() {
  const { t } = useI18n();
  const [view, setView] = useState<View>('contracts');
  return (
    <section aria-labelledby="agents-title" className="section">
      <h1 id="agents-title">{t('agents.title')}</h1>
      <p className="hint">
        {t('agents.treeHint')} <a href="/console/members">{t('agents.treeLink')}</a>
      </p>
      <div className="tabs" role="group" aria-label={t('agents.title')}>
        {(['contracts', 'payouts'] as const).map((item) => (
          <button key={item} type="button" aria-pressed={view === item} onClick={() => setView(item)}>
            {t(`agents.view.${item}`)}
          </button>
        ))}
      </div>
      {view === 'contracts' ? <ContractsView /> : <Payouts />}
    </section>
  );
}

/** Payouts per contract period (no run ids: each period of each contract settles on its own, keyed by both). */
function Payouts() {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<Filters>({
    key: 'periodStart',
    order: 'desc',
  });
  const [asked, setAsked] = useState<{ action: PayoutAction; payout: Payout } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const query = useQuery({
    queryKey: ['agent-payouts', filters, sort, pageNo],
    queryFn: () =>
      call(settlement.payoutsList, {
        query: {
          ...filters,
          sort: sort.key as (typeof ADMIN_PAYOUT_SORTS)[number],
          order: sort.order,
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
        },
      }),
    placeholderData: keepPreviousData,
  });

  const mutation = useMutation({
    mutationFn: ({ action, payout }: { action: PayoutAction; payout: Payout }) =>
      call(action === 'hold' ? settlement.payoutHold : settlement.payoutRerun, {
        body: { contractId: payout.contractId, periodStart: payout.periodStart },
      }),
    onSuccess: ({ payout }, { action }) => {
      setAsked(null);
      setDone(
        t('agents.done', {
          action: t(`agents.${action}`),
          member: payout.member,
          status: t(`agents.status.${payout.status}`),
          amount: formatAmount(payout.amount, language),
        }),
      );
      void queryClient.invalidateQueries({ queryKey: ['agent-payouts'] });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    filter({
      member: text('member'),
      kind: text('kind') as Kind | undefined,
      status: text('status') as Status | undefined,
      from: text('from'),
      to: text('to'),
    });
  };

  const columns: Column<Payout>[] = [
    {
      id: 'period',
      header: t('agents.period'),
      sortKey: 'periodStart',
      cell: (p) => (
        <>
          <time dateTime={p.periodStart}>{formatTime(p.periodStart, language)}</time> –{' '}
          <time dateTime={p.periodEnd}>{formatTime(p.periodEnd, language)}</time>
        </>
      ),
    },
    { id: 'member', header: t('agents.member'), sortKey: 'member', cell: (p) => p.member },
    { id: 'kind', header: t('agents.kind'), wide: true, cell: (p) => t(`agents.kind.${p.kind}`) },
    {
      id: 'basis',
      header: t('agents.basis'),
      wide: true,
      cell: (p) => (
        <span className="num">
          {formatAmount(p.basis, language)} × {localDigits(p.rate, language)} %
        </span>
      ),
    },
    {
      id: 'amount',
      header: t('agents.amount'),
      sortKey: 'amount',
      cell: (p) => <span className="num">{formatAmount(p.amount, language)}</span>,
    },
    {
      id: 'status',
      header: t('agents.status'),
      cell: (p) => (
        <span className={`badge ${p.status}`}>
          {t(`agents.status.${p.status}`)}
          {p.heldReason && ` · ${t(`agents.heldReason.${p.heldReason}`)}`}
        </span>
      ),
    },
    { id: 'payer', header: t('agents.payer'), wide: true, cell: (p) => p.payer ?? t('agents.house') },
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('agents.actions')}</span>,
      cell: (p) => (
        <span className="row-actions">
          {payoutActions(p.status).map((action) => (
            <button
              key={action}
              type="button"
              aria-label={`${t(`agents.${action}`)} ${p.member} ${formatTime(p.periodStart, language)}`}
              onClick={() => {
                mutation.reset();
                setAsked({ action, payout: p });
              }}
            >
              {t(`agents.${action}`)}
            </button>
          ))}
        </span>
      ),
    },
  ];

  return (
    <>
      <form className="filters" role="search" aria-label={t('agents.filters')} onSubmit={submit}>
        <label className="inline">
          {t('agents.member')}
          <input name="member" maxLength={64} size={12} autoComplete="off" />
        </label>
        <FilterSelect
          label={t('agents.kind')}
          anyLabel={t('agents.any')}
          options={CONTRACT_KINDS.map((kind) => ({ value: kind, label: t(`agents.kind.${kind}`) }))}
          name="kind"
          defaultValue=""
        />
        <FilterSelect
          label={t('agents.status')}
          anyLabel={t('agents.any')}
          options={PAYOUT_STATUSES.map((status) => ({ value: status, label: t(`agents.status.${status}`) }))}
          name="status"
          defaultValue=""
        />
        <label className="inline">
          {t('agents.from')}
          <input name="from" type="date" />
        </label>
        <label className="inline">
          {t('agents.to')}
          <input name="to" type="date" />
        </label>
        <button type="submit">{t('agents.apply')}</button>
      </form>
      <p className="hint">{t('agents.windowHint')}</p>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <PagedTable
        query={query}
        caption={t('agents.title')}
        columns={columns}
        rowKey={(p) => p.id}
        rowTestId={(p) => `payout-${p.id}`}
        sort={sort}
        onSort={sortBy}
        empty={t('agents.empty')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
      />
      {asked && (
        <ConfirmDialog
          title={t(`agents.${asked.action}Title`, { member: asked.payout.member })}
          consequence={
            <p>
              {t(`agents.${asked.action}Consequence`, {
                member: asked.payout.member,
                kind: t(`agents.kind.${asked.payout.kind}`),
                period: `${formatTime(asked.payout.periodStart, language)} – ${formatTime(asked.payout.periodEnd, language)}`,
                amount: formatAmount(asked.payout.amount, language),
                basis: formatAmount(asked.payout.basis, language),
                rate: localDigits(asked.payout.rate, language),
              })}
            </p>
          }
          confirmLabel={t(`agents.${asked.action}`)}
          tone={asked.action === 'hold' ? 'danger' : 'primary'}
          pending={mutation.isPending}
          error={mutation.error}
          onConfirm={() => mutation.mutate(asked)}
          onCancel={() => setAsked(null)}
        />
      )}
    </>
  );
}
