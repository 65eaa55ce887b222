import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ADMIN_CONTRACT_SORTS,
  type AdminContractView,
  agentSettlementAdminEndpoints as admin,
  CONTRACT_KINDS,
  CONTRACT_STATES,
  type ContractKind,
  type ContractState,
  DIVIDEND_PERIODS,
  MAX_CONTRACT_TIERS,
  type TermsView,
} from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatAmount, formatTime, localDigits } from '../format.ts';
import { PagedTable, useListControls } from '../components/paged-table.tsx';
import type { Column } from '../components/data-table.tsx';
import { ConfirmDialog, Dialog } from '../components/dialog.tsx';
import { FilterSelect } from '../components/filter-select.tsx';
import { Failed, Loading } from '../components/states.tsx';
import { canTerminate, offerErrors, termsOf, type OfferField, type TierDraft } from './agents-contracts-logic.ts';

const PAGE_SIZE = 20;
interface Filters {
  agent?: string | undefined;
  kind?: ContractKind | undefined;
  state?: ContractState | undefined;
}

/** Where the members section opens the agent tree at one agent. */
export const treeHref = (memberId: number) => `/console/members?tree=${memberId}`;

/** Issue 16 item 6 (§3, §4): every agent contract, its history, the house's offers and their end. */
export function ContractsView() {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<Filters>({
    key: 'offeredAt',
    order: 'desc',
  });
  const [open, setOpen] = useState<AdminContractView | null>(null);
  const [ending, setEnding] = useState<AdminContractView | null>(null);
  const [offering, setOffering] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const query = useQuery({
    queryKey: ['agent-contracts', filters, sort, pageNo],
    queryFn: () =>
      call(admin.contractsList, {
        query: {
          ...filters,
          sort: sort.key as (typeof ADMIN_CONTRACT_SORTS)[number],
          order: sort.order,
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
        },
      }),
    placeholderData: keepPreviousData,
  });

  const terminate = useMutation({
    mutationFn: ({ contract, reason }: { contract: AdminContractView; reason: string }) =>
      call(admin.houseTerminate, { body: { contractId: contract.id, reason } }),
    onSuccess: ({ contract }) => {
      setEnding(null);
      setDone(
        t('contracts.ended', {
          kind: t(`agents.kind.${contract.kind}`),
          member: contract.member,
          state: t(`contracts.state.${contract.state}`),
        }),
      );
      void queryClient.invalidateQueries({ queryKey: ['agent-contracts'] });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    filter({
      agent: text('agent'),
      kind: text('kind') as ContractKind | undefined,
      state: text('state') as ContractState | undefined,
    });
  };

  const columns: Column<AdminContractView>[] = [
    {
      id: 'offeredAt',
      header: t('contracts.offeredAt'),
      sortKey: 'offeredAt',
      wide: true,
      cell: (c) => <time dateTime={c.offeredAt}>{formatTime(c.offeredAt, language)}</time>,
    },
    { id: 'member', header: t('agents.member'), sortKey: 'member', cell: (c) => c.member },
    { id: 'kind', header: t('agents.kind'), sortKey: 'kind', cell: (c) => t(`agents.kind.${c.kind}`) },
    {
      id: 'offerer',
      header: t('contracts.offerer'),
      wide: true,
      cell: (c) => c.offerer ?? t('agents.house'),
    },
    { id: 'terms', header: t('contracts.terms'), wide: true, cell: (c) => <TermsSummary terms={c.terms} /> },
    {
      id: 'state',
      header: t('agents.status'),
      sortKey: 'state',
      cell: (c) => <span className={`badge contract-${c.state}`}>{t(`contracts.state.${c.state}`)}</span>,
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('agents.actions')}</span>,
      cell: (c) => (
        <span className="row-actions">
          <button
            type="button"
            aria-label={`${t('contracts.details')} ${c.member} ${t(`agents.kind.${c.kind}`)}`}
            onClick={() => setOpen(c)}
          >
            {t('contracts.details')}
          </button>
          {canTerminate(c) && (
            <button
              type="button"
              className="danger"
              aria-label={`${t('contracts.terminate')} ${c.member} ${t(`agents.kind.${c.kind}`)}`}
              onClick={() => {
                terminate.reset();
                setEnding(c);
              }}
            >
              {t('contracts.terminate')}
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <>
      <p className="hint">{t('contracts.hint')}</p>
      <form className="filters" role="search" aria-label={t('contracts.filters')} onSubmit={submit}>
        <label className="inline">
          {t('contracts.agent')}
          <input name="agent" maxLength={64} size={12} autoComplete="off" />
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
          options={CONTRACT_STATES.map((state) => ({ value: state, label: t(`contracts.state.${state}`) }))}
          name="state"
          defaultValue=""
        />
        <button type="submit">{t('agents.apply')}</button>
        <button type="button" className="primary" onClick={() => setOffering(true)}>
          {t('contracts.offer')}
        </button>
      </form>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <PagedTable
        query={query}
        caption={t('contracts.title')}
        columns={columns}
        rowKey={(c) => c.id}
        rowTestId={(c) => `contract-${c.id}`}
        sort={sort}
        onSort={sortBy}
        empty={t('contracts.empty')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
      />
      {open && <ContractDetail contract={open} onClose={() => setOpen(null)} />}
      {offering && (
        <OfferDialog
          onClose={(offered) => {
            setOffering(false);
            if (offered) {
              setDone(t('contracts.offered', { kind: t(`agents.kind.${offered.kind}`), member: offered.member }));
              void queryClient.invalidateQueries({ queryKey: ['agent-contracts'] });
            }
          }}
        />
      )}
      {ending && (
        <ConfirmDialog
          title={t('contracts.terminateTitle', { member: ending.member, kind: t(`agents.kind.${ending.kind}`) })}
          consequence={
            <p>
              {t(ending.state === 'offered' ? 'contracts.withdrawConsequence' : 'contracts.terminateConsequence', {
                member: ending.member,
                kind: t(`agents.kind.${ending.kind}`),
              })}
            </p>
          }
          confirmLabel={t('contracts.terminate')}
          tone="danger"
          reasonLabel={t('contracts.reason')}
          pending={terminate.isPending}
          error={terminate.error}
          onConfirm={(reason) => terminate.mutate({ contract: ending, reason })}
          onCancel={() => setEnding(null)}
        />
      )}
    </>
  );
}

function TermsSummary({ terms }: { terms: TermsView }) {
  const { t, language } = useI18n();
  if (terms.profitRate !== undefined || terms.lossRate !== undefined) {
    return (
      <span className="num">
        {t('contracts.realtimeRates', {
          profit: localDigits(terms.profitRate ?? '0', language),
          loss: localDigits(terms.lossRate ?? '0', language),
        })}
      </span>
    );
  }
  const rates = (terms.tiers ?? []).map((tier) => `${localDigits(tier.rate, language)} %`).join(' · ');
  return (
    <span className="num">
      {terms.period && `${t(`contracts.period.${terms.period}`)}: `}
      {rates}
    </span>
  );
}

function TermsDetail({ terms }: { terms: TermsView }) {
  const { t, language } = useI18n();
  if (!terms.tiers) return <TermsSummary terms={terms} />;
  return (
    <>
      {terms.period && <p>{t('contracts.periodIs', { period: t(`contracts.period.${terms.period}`) })}</p>}
      {/* Focusable: on a phone the tiers scroll sideways and have nothing else to focus. */}
      <div className="table-wrap" role="region" aria-label={t('contracts.tiers')} tabIndex={0}>
        <table>
          <caption className="visually-hidden">{t('contracts.tiers')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('contracts.activeMembers')}</th>
              <th scope="col">{t('contracts.validBet')}</th>
              <th scope="col">{t('contracts.rate')}</th>
            </tr>
          </thead>
          <tbody>
            {terms.tiers.map((tier, i) => (
              <tr key={i}>
                <td className="num">{localDigits(String(tier.activeMembers), language)}</td>
                <td className="num">{formatAmount(tier.validBet, language)}</td>
                <td className="num">{localDigits(tier.rate, language)} %</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function ContractDetail({ contract, onClose }: { contract: AdminContractView; onClose: () => void }) {
  const { t, language } = useI18n();
  const query = useQuery({
    queryKey: ['agent-contracts', 'detail', contract.id],
    queryFn: () => call(admin.contractDetail, { params: { id: contract.id } }),
  });
  const shown = query.data?.contract ?? contract;
  const when = (iso: string | null) => (iso ? formatTime(iso, language) : '—');
  return (
    <Dialog
      title={t('contracts.detailTitle', { member: shown.member, kind: t(`agents.kind.${shown.kind}`) })}
      onClose={onClose}
    >
      <div className="contract-detail">
        <dl className="facts">
          <dt>{t('agents.member')}</dt>
          <dd>
            {shown.member} · <a href={treeHref(shown.memberId)}>{t('contracts.inTree')}</a>
          </dd>
          <dt>{t('contracts.offerer')}</dt>
          <dd>{shown.offerer ?? t('agents.house')}</dd>
          <dt>{t('agents.status')}</dt>
          <dd>{t(`contracts.state.${shown.state}`)}</dd>
          <dt>{t('contracts.offeredAt')}</dt>
          <dd>{when(shown.offeredAt)}</dd>
          <dt>{t('contracts.activatedAt')}</dt>
          <dd>{when(shown.activatedAt)}</dd>
          <dt>{t('contracts.endedAt')}</dt>
          <dd>{when(shown.endedAt)}</dd>
        </dl>
        <h3>{t('contracts.terms')}</h3>
        <TermsDetail terms={shown.terms} />
        <h3>{t('contracts.history')}</h3>
        {query.isPending && <Loading />}
        {query.isError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
        {query.data && (
          <ol className="contract-history">
            {query.data.history.map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.at}>{formatTime(entry.at, language)}</time> —{' '}
                {t(`contracts.action.${entry.action}`)} ·{' '}
                {typeof entry.by === 'object'
                  ? entry.by.member
                  : entry.by === 'platform'
                    ? t('contracts.byOperator', { operator: entry.operator ?? t('agents.house') })
                    : t('contracts.bySystem')}
                {entry.periodStart && ` · ${t('agents.period')} ${formatTime(entry.periodStart, language)}`}
                {entry.note && <span className="muted"> · {entry.note}</span>}
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="actions">
        <button type="button" onClick={onClose}>
          {t('contracts.close')}
        </button>
      </div>
    </Dialog>
  );
}

const EMPTY_TIER: TierDraft = { activeMembers: '', validBet: '', rate: '' };

function OfferDialog({ onClose }: { onClose: (offered: { kind: ContractKind; member: string } | null) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [username, setUsername] = useState('');
  const [kind, setKind] = useState<ContractKind>('daily_salary');
  const [period, setPeriod] = useState<string>('Weekly');
  const [tiers, setTiers] = useState<TierDraft[]>([{ ...EMPTY_TIER }]);
  const [profitRate, setProfitRate] = useState('');
  const [lossRate, setLossRate] = useState('');
  const mutation = useMutation({
    mutationFn: () =>
      call(admin.houseOffer, {
        body: { username: username.trim(), kind, terms: termsOf(kind, { period, tiers, profitRate, lossRate }) },
      }),
    onSuccess: ({ contract }) => onClose(contract),
  });
  const errors = mutation.isError
    ? offerErrors(mutation.error, kind, t('app.error'))
    : { fields: {} as Partial<Record<OfferField, string>>, form: null };
  const described = (field: OfferField) => ({
    'aria-invalid': !!errors.fields[field],
    'aria-describedby': errors.fields[field] ? `${id}-${field}` : undefined,
  });
  const fieldError = (field: OfferField) =>
    errors.fields[field] ? (
      <span id={`${id}-${field}`} className="error">
        {errors.fields[field]}
      </span>
    ) : null;
  const setTier = (index: number, patch: Partial<TierDraft>) =>
    setTiers((list) => list.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };

  return (
    <Dialog title={t('contracts.offerTitle')} onClose={() => onClose(null)}>
      <form onSubmit={submit} noValidate>
        <p className="hint">{t('contracts.offerHint')}</p>
        <label>
          {t('contracts.offerTo')}
          <input
            name="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="off"
            required
            maxLength={64}
            {...described('username')}
          />
          {fieldError('username')}
        </label>
        <label>
          {t('agents.kind')}
          <select
            name="kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as ContractKind)}
            {...described('kind')}
          >
            {CONTRACT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`agents.kind.${k}`)}
              </option>
            ))}
          </select>
          {fieldError('kind')}
        </label>
        {kind === 'dividend' && (
          <label>
            {t('contracts.periodLabel')}
            <select
              name="period"
              value={period}
              onChange={(event) => setPeriod(event.target.value)}
              {...described('period')}
            >
              {DIVIDEND_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`contracts.period.${p}`)}
                </option>
              ))}
            </select>
            {fieldError('period')}
          </label>
        )}
        {kind === 'realtime_salary' ? (
          <>
            <label>
              {t('contracts.profitRate')}
              <input
                name="profitRate"
                inputMode="decimal"
                value={profitRate}
                onChange={(event) => setProfitRate(event.target.value)}
                {...described('profitRate')}
              />
              {fieldError('profitRate')}
            </label>
            <label>
              {t('contracts.lossRate')}
              <input
                name="lossRate"
                inputMode="decimal"
                value={lossRate}
                onChange={(event) => setLossRate(event.target.value)}
                {...described('lossRate')}
              />
              {fieldError('lossRate')}
            </label>
          </>
        ) : (
          <fieldset className="tiers" aria-describedby={errors.fields.tiers ? `${id}-tiers` : `${id}-tiers-hint`}>
            <legend>{t('contracts.tiers')}</legend>
            <span id={`${id}-tiers-hint`} className="hint">
              {t('contracts.tiersHint')}
            </span>
            {tiers.map((tier, index) => (
              <div key={index} className="tier-row" role="group" aria-label={t('contracts.tierN', { n: index + 1 })}>
                <label>
                  {t('contracts.activeMembers')}
                  <input
                    inputMode="numeric"
                    value={tier.activeMembers}
                    onChange={(event) => setTier(index, { activeMembers: event.target.value })}
                    aria-invalid={!!errors.fields.tiers}
                  />
                </label>
                <label>
                  {t('contracts.validBet')}
                  <input
                    inputMode="decimal"
                    value={tier.validBet}
                    onChange={(event) => setTier(index, { validBet: event.target.value })}
                    aria-invalid={!!errors.fields.tiers}
                  />
                </label>
                <label>
                  {t('contracts.rate')}
                  <input
                    inputMode="decimal"
                    value={tier.rate}
                    onChange={(event) => setTier(index, { rate: event.target.value })}
                    aria-invalid={!!errors.fields.tiers}
                  />
                </label>
                {tiers.length > 1 && (
                  <button
                    type="button"
                    className="ghost"
                    onClick={() => setTiers((list) => list.filter((_, i) => i !== index))}
                  >
                    {t('contracts.removeTier')}
                  </button>
                )}
              </div>
            ))}
            {tiers.length < MAX_CONTRACT_TIERS && (
              <button type="button" onClick={() => setTiers((list) => [...list, { ...EMPTY_TIER }])}>
                {t('contracts.addTier')}
              </button>
            )}
            {fieldError('tiers')}
          </fieldset>
        )}
        {errors.form && (
          <p className="error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={mutation.isPending}>
            {t('contracts.send')}
          </button>
          <button type="button" onClick={() => onClose(null)}>
            {t('dialog.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
