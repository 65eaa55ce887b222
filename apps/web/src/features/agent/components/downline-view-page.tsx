import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  agentDownlineEndpoints,
  RECORDS_DEFAULT_PAGE_SIZE,
  type Downline,
  type DownlineContracts,
} from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';
import { formatAmount } from '../../../lib/format.ts';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useDownline, useDownlines, useMerchantTimeZone } from '../api/agent-team.ts';
import { shownTime } from '../utils/clock.ts';
import { AgentPageFrame } from './agent-page.tsx';
import { OfferContractSlot } from './offer-contract-slot.tsx';
import { allPages } from './export-csv.ts';
import { PagedTable, type TableColumn } from './paged-table.tsx';
import '../messages.ts';

const CONTRACT_TYPES = ['dividend', 'dailySalary', 'hourSalary', 'realtimeSalary'] as const;
const SEARCH_PATTERN = /^[A-Za-z0-9_]{0,32}$/;

/** A downline's contracts: one badge per contract that is offered or live; "none" otherwise. */
function ContractBadges({ contracts }: { contracts: DownlineContracts }) {
  const { t } = useTranslation();
  const shown = CONTRACT_TYPES.filter((type) => contracts[type] !== 'none');
  if (!shown.length) return <>{t('agentCentre.downlines.contractStates.none')}</>;
  return (
    <ul className="agent-contracts">
      {shown.map((type) => (
        <li key={type} className={`agent-badge agent-badge--${contracts[type]}`}>
          {t(`agentCentre.downlines.contractTypes.${type}`)}:{' '}
          {t(`agentCentre.downlines.contractStates.${contracts[type]}`)}
        </li>
      ))}
    </ul>
  );
}

/** One member of the team in a dialog: balance, last log-in, status, contracts and path. */
function DownlineDetails({ id, timeZone, onClose }: { id: number; timeZone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useDownline(id);
  const data = detail.data;
  const none = t('agentCentre.account.none');
  return (
    <Modal
      title={t('agentCentre.downlines.detailsTitle', { name: data?.username ?? '' })}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          {t('agentCentre.downlines.close')}
        </button>
      }
    >
      <LoadState pending={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()}>
        {data ? (
          <dl className="agent-facts">
            <div>
              <dt>{t('agentCentre.downlines.username')}</dt>
              <dd>{data.username}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.downlines.kind')}</dt>
              <dd>{t(`agentCentre.downlines.${data.isAgent ? 'agent' : 'player'}`)}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.downlines.status')}</dt>
              <dd>{t(`agentCentre.downlines.statuses.${data.status}`, { defaultValue: data.status })}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.downlines.balance')}</dt>
              <dd>{formatAmount(data.balance)}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.downlines.upline')}</dt>
              <dd>{data.uplineUsername ?? none}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.downlines.level')}</dt>
              <dd>{data.depth}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.downlines.directCount')}</dt>
              <dd>{data.directCount}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.downlines.teamSize')}</dt>
              <dd>{data.teamSize}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.downlines.createdAt')}</dt>
              <dd>{shownTime(data.createdAt, timeZone)}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.downlines.lastLogin')}</dt>
              <dd>{shownTime(data.lastLoginAt, timeZone) ?? t('agentCentre.downlines.never')}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.downlines.lastLoginIp')}</dt>
              <dd>{data.lastLoginIp ?? none}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.downlines.contracts')}</dt>
              <dd>
                <ContractBadges contracts={data.contracts} />
              </dd>
            </div>
            <div>
              <dt>{t('agentCentre.downlines.breadcrumbs')}</dt>
              <dd>{data.path.map((step) => step.username).join(' › ')}</dd>
            </div>
          </dl>
        ) : null}
        {/* Contracts bind an upline and its direct downline (§3). */}
        {data?.depth === 1 ? (
          <OfferContractSlot username={data.username} onOffered={() => void detail.refetch()} />
        ) : null}
      </LoadState>
    </Modal>
  );
}

/**
 * /agentHome/downlineManagmentView: the team level by level (breadcrumbs back up), a username
 * search over the whole team, and each member's details.
 */
export function DownlineViewPage() {
  const { t } = useTranslation();
  const id = useId();
  const timeZone = useMerchantTimeZone();
  const [parentId, setParentId] = useState<number | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const typedValid = SEARCH_PATTERN.test(typed.trim());

  const level = {
    ...(parentId !== null && { parentId: String(parentId) }),
    ...(search && { username: search }),
  };
  const downlines = useDownlines({ pageNo: String(pageNo), pageSize: String(RECORDS_DEFAULT_PAGE_SIZE), ...level });
  const exportAll = () =>
    allPages((page, size) =>
      call(agentDownlineEndpoints.list, { query: { pageNo: String(page), pageSize: String(size), ...level } }),
    );
  const data = downlines.data;
  const path = data?.path ?? [];
  const current = path.at(-1);

  const open = (memberId: number | null) => {
    setParentId(memberId);
    setSearch('');
    setTyped('');
    setPageNo(1);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    if (!typedValid) return;
    setSearch(typed.trim());
    setPageNo(1);
  };

  const columns: TableColumn<Downline>[] = [
    { key: 'username', header: t('agentCentre.downlines.username'), value: (row) => row.username },
    {
      key: 'kind',
      header: t('agentCentre.downlines.kind'),
      value: (row) => t(`agentCentre.downlines.${row.isAgent ? 'agent' : 'player'}`),
    },
    { key: 'level', header: t('agentCentre.downlines.level'), value: (row) => row.depth, numeric: true },
    {
      key: 'status',
      header: t('agentCentre.downlines.status'),
      value: (row) => t(`agentCentre.downlines.statuses.${row.status}`, { defaultValue: row.status }),
    },
    {
      key: 'balance',
      header: t('agentCentre.downlines.balance'),
      value: (row) => row.balance,
      render: (row) => formatAmount(row.balance),
      numeric: true,
    },
    { key: 'team', header: t('agentCentre.downlines.team'), value: (row) => row.teamSize, numeric: true },
    {
      key: 'lastLogin',
      header: t('agentCentre.downlines.lastLogin'),
      value: (row) => shownTime(row.lastLoginAt, timeZone) ?? t('agentCentre.downlines.never'),
    },
    {
      key: 'contracts',
      header: t('agentCentre.downlines.contracts'),
      value: (row) =>
        CONTRACT_TYPES.filter((type) => row.contracts[type] !== 'none')
          .map((type) => `${type}:${row.contracts[type]}`)
          .join(' '),
      render: (row) => <ContractBadges contracts={row.contracts} />,
    },
    {
      key: 'actions',
      header: t('agentCentre.downlines.details'),
      value: () => '',
      render: (row) => (
        <span className="agent-actions">
          {row.isAgent && row.directCount > 0 ? (
            <button type="button" className="button" onClick={() => open(row.id)}>
              {t('agentCentre.downlines.open')}
            </button>
          ) : null}
          <button type="button" className="button" onClick={() => setSelected(row.id)}>
            {t('agentCentre.downlines.details')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <AgentPageFrame title={t('agentCentre.downlines.title')} intro={t('agentCentre.downlines.intro')}>
      <form className="agent-search" role="search" onSubmit={submitSearch}>
        <label htmlFor={`${id}-search`}>
          {t('agentCentre.downlines.search')}
          <input
            id={`${id}-search`}
            value={typed}
            maxLength={32}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={!typedValid}
            aria-describedby={typedValid ? undefined : `${id}-search-error`}
          />
        </label>
        <button type="submit" className="button button--primary" disabled={!typedValid}>
          {t('agentCentre.downlines.searchButton')}
        </button>
        {search ? (
          <button type="button" className="button" onClick={() => open(parentId)}>
            {t('agentCentre.downlines.clear')}
          </button>
        ) : null}
        {typedValid ? null : (
          <p id={`${id}-search-error`} className="agent-notice agent-notice--error">
            {t('agentCentre.downlines.searchInvalid')}
          </p>
        )}
      </form>
      {path.length ? (
        <nav className="agent-breadcrumbs" aria-label={t('agentCentre.downlines.breadcrumbs')}>
          <ol>
            {path.map((step, index) => (
              <li key={step.id}>
                {index === path.length - 1 && !search ? (
                  <span aria-current="page">{step.username}</span>
                ) : (
                  <button type="button" onClick={() => open(index === 0 ? null : step.id)}>
                    {step.username}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <PagedTable
        caption={
          search
            ? t('agentCentre.downlines.results')
            : t('agentCentre.downlines.caption', { name: current?.username ?? '' })
        }
        columns={columns}
        rows={data?.list}
        rowKey={(row) => String(row.id)}
        loading={downlines.isPending}
        error={downlines.error}
        onRetry={() => void downlines.refetch()}
        empty={search ? t('agentCentre.downlines.noMatch') : t('agentCentre.downlines.empty')}
        pageNo={data?.pageNo ?? pageNo}
        pageSize={data?.pageSize ?? RECORDS_DEFAULT_PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPageNo}
        csvName="downlines"
        exportAll={exportAll}
      />
      {selected !== null ? (
        <DownlineDetails id={selected} timeZone={timeZone} onClose={() => setSelected(null)} />
      ) : null}
    </AgentPageFrame>
  );
}
