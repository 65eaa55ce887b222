import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_REDEMPTION_STATUSES,
  type ADMIN_REDEMPTION_SORTS,
  BROADCAST_MEMBER_TYPES,
  BROADCAST_TARGETS,
  inboxAdminEndpoints as inbox,
  pointAdminEndpoints as points,
  type BROADCAST_SORTS,
  type BroadcastInput,
  type ValueOf,
} from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatCount, formatTime } from '../format.ts';
import { PagedTable, useListControls } from '../components/paged-table.tsx';
import type { Column } from '../components/data-table.tsx';
import { ConfirmDialog } from '../components/dialog.tsx';
import { broadcastErrors, redemptionActions } from './agents-logic.ts';
import { DecisionQueue } from './engagement-queue.tsx';
import { Applications, Promotions } from './engagement-promotions.tsx';
import { PointGoods } from './engagement-goods.tsx';
import { PointSettings } from './engagement-points.tsx';
import { Missions, Raffles, RedEnvelopes } from './engagement-programmes.tsx';
import { FilterSelect } from '../components/filter-select.tsx';
import { engagementTabs, type EngagementTab } from '../sections.ts';

type Redemption = ValueOf<typeof points.redemptions>['list'][number];
type BroadcastSort = (typeof BROADCAST_SORTS)[number];
type RedemptionSort = (typeof ADMIN_REDEMPTION_SORTS)[number];
type Broadcast = ValueOf<typeof inbox.broadcastsList>['list'][number];
type Target = (typeof BROADCAST_TARGETS)[number];
const PAGE_SIZE = 20;

/**
 * Issue 16 item 6: the points redemption queue, goods and settings, promotions and their applications,
 * missions, red envelopes, raffles, and inbox broadcasts.
 */
export default function EngagementSection({ permissions }: { permissions: readonly string[] }) {
  const { t } = useI18n();
  const tabs = engagementTabs(permissions);
  const [chosen, setChosen] = useState<EngagementTab | null>(null);
  const tab = chosen && tabs.includes(chosen) ? chosen : tabs[0];
  return (
    <section aria-labelledby="engagement-title" className="section">
      <h1 id="engagement-title">{t('engagement.title')}</h1>
      <div className="tabs" role="group" aria-label={t('engagement.title')}>
        {tabs.map((item) => (
          <button key={item} type="button" aria-pressed={tab === item} onClick={() => setChosen(item)}>
            {t(`engagement.${item}`)}
          </button>
        ))}
      </div>
      {tab === 'redemptions' && <Redemptions />}
      {tab === 'pointGoods' && <PointGoods />}
      {tab === 'pointSettings' && <PointSettings />}
      {tab === 'promotions' && <Promotions />}
      {tab === 'applications' && <Applications />}
      {tab === 'missions' && <Missions />}
      {tab === 'redEnvelopes' && <RedEnvelopes />}
      {tab === 'raffles' && <Raffles />}
      {tab === 'broadcasts' && <Broadcasts />}
    </section>
  );
}

function Redemptions() {
  const { t, language } = useI18n();
  // The queue opens on what waits for a decision; the server keeps its own order until a column is chosen.
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<
    { status: Redemption['status'] | '' },
    undefined
  >(undefined, { status: 'pending' });
  const query = useQuery({
    queryKey: ['redemptions', filters.status, pageNo, sort],
    queryFn: () =>
      call(points.redemptions, {
        query: {
          status: filters.status || undefined,
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
          sort: sort?.key as RedemptionSort | undefined,
          order: sort?.order,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const goodsOf = (r: Redemption) => `${formatCount(r.quantity, language)} × ${r.name}`;
  const columns: Column<Redemption>[] = [
    { id: 'ref', header: t('engagement.reference'), cell: (r) => r.referenceNumber },
    { id: 'member', header: t('engagement.member'), cell: (r) => r.username },
    { id: 'goods', header: t('engagement.goods'), sortKey: 'quantity', cell: goodsOf },
    { id: 'points', header: t('engagement.points'), sortKey: 'points', cell: (r) => formatCount(r.points, language) },
    { id: 'ship', header: t('engagement.shipTo'), wide: true, cell: (r) => `${r.address} · ${r.mobile}` },
    {
      id: 'created',
      header: t('engagement.created'),
      wide: true,
      sortKey: 'createdAt',
      cell: (r) => formatTime(r.createdAt, language),
    },
    {
      id: 'status',
      header: t('engagement.status'),
      cell: (r) => (
        <span className={`badge ${r.status}`} title={r.reason ?? undefined}>
          {t(`engagement.status.${r.status}`)}
        </span>
      ),
    },
  ];
  return (
    <>
      <div className="filters">
        <FilterSelect
          label={t('engagement.status')}
          anyLabel={t('engagement.all')}
          options={ADMIN_REDEMPTION_STATUSES.map((s) => ({ value: s, label: t(`engagement.status.${s}`) }))}
          value={filters.status}
          onChange={(event) => filter({ status: event.target.value as Redemption['status'] | '' })}
        />
      </div>
      <DecisionQueue
        query={query}
        queryKey="redemptions"
        caption={t('engagement.redemptions')}
        columns={columns}
        rowKey={(r) => r.id}
        rowTestId={(r) => `redemption-${r.id}`}
        empty={t('engagement.noRedemptions')}
        sort={sort}
        onSort={sortBy}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
        decisionsOf={(r) => redemptionActions(r.status)}
        nameOf={(r) => r.referenceNumber}
        titleOf={(decision, r) => t(`engagement.${decision}Title`, { ref: r.referenceNumber })}
        consequenceOf={(decision, r) =>
          t(`engagement.${decision}Consequence`, {
            member: r.username,
            goods: goodsOf(r),
            points: formatCount(r.points, language),
            address: `${r.address}, ${r.mobile}`,
          })
        }
        decide={(decision, r, reason) =>
          decision === 'approve'
            ? call(points.redemptionApprove, { params: { id: String(r.id) } })
            : call(points.redemptionReject, { params: { id: String(r.id) }, body: { reason } })
        }
        doneOf={(_, row) =>
          t('engagement.redemptionDone', { ref: row.referenceNumber, status: t(`engagement.status.${row.status}`) })
        }
      />
    </>
  );
}

function Broadcasts() {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const { pageNo, setPageNo, sort, sortBy } = useListControls<object>({ key: 'createdAt', order: 'desc' });
  const [target, setTarget] = useState<Target>('member');
  const [draft, setDraft] = useState<BroadcastInput | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const formId = useId();
  const query = useQuery({
    queryKey: ['broadcasts', pageNo, sort],
    queryFn: () =>
      call(inbox.broadcastsList, {
        query: {
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
          sort: sort.key as BroadcastSort,
          order: sort.order,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const mutation = useMutation({
    mutationFn: (body: BroadcastInput) => call(inbox.broadcastsCreate, { body }),
    onSuccess: (sent) => {
      setDraft(null);
      setDone(t('engagement.sent', { title: sent.title[language] }));
      setPageNo(1);
      void queryClient.invalidateQueries({ queryKey: ['broadcasts'] });
    },
  });
  // Errors from the server belong beside the form's inputs, shown once the dialog is closed.
  const errors = mutation.isError ? broadcastErrors(mutation.error, t('app.error')) : { fields: {}, form: null };
  const fieldError = (name: string) =>
    errors.fields[name] ? (
      <span id={`${formId}-${name}`} className="error">
        {errors.fields[name]}
      </span>
    ) : null;
  const described = (name: string) => (errors.fields[name] ? `${formId}-${name}` : undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!event.currentTarget.reportValidity()) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const number = (name: string) => Number(text(name));
    const copy = {
      title: { bn: text('titleBn'), en: text('titleEn') },
      body: { bn: text('bodyBn'), en: text('bodyEn') },
    };
    mutation.reset();
    setDone(null);
    setDraft(
      target === 'member'
        ? { target, memberId: number('memberId'), ...copy }
        : target === 'memberType'
          ? { target, memberType: number('memberType') as (typeof BROADCAST_MEMBER_TYPES)[number], ...copy }
          : target === 'vipLevel'
            ? { target, vipLevel: number('vipLevel'), ...copy }
            : { target, ...copy },
    );
  };

  const audience = (b: Pick<Broadcast, 'target' | 'memberId' | 'memberType' | 'vipLevel'>) =>
    b.target === 'member'
      ? t('engagement.audience.member', { id: b.memberId ?? '' })
      : b.target === 'memberType'
        ? t('engagement.audience.memberType', {
            type: t(`engagement.memberType.${b.memberType as (typeof BROADCAST_MEMBER_TYPES)[number]}`),
          })
        : b.target === 'vipLevel'
          ? t('engagement.audience.vipLevel', { level: b.vipLevel ?? '' })
          : t('engagement.audience.merchant');
  const columns: Column<Broadcast>[] = [
    {
      id: 'sent',
      header: t('engagement.created'),
      sortKey: 'createdAt',
      cell: (b) => formatTime(b.createdAt, language),
    },
    {
      id: 'title',
      header: t('engagement.messageTitle'),
      sortKey: 'title',
      cell: (b) => <span className="cell-wrap">{b.title[language]}</span>,
    },
    { id: 'audience', header: t('engagement.audience'), cell: audience },
  ];

  return (
    <>
      <form className="card broadcast-form" aria-labelledby={`${formId}-title`} onSubmit={submit} noValidate>
        <h2 id={`${formId}-title`}>{t('engagement.newMessage')}</h2>
        <label>
          {t('engagement.audience')}
          <select value={target} onChange={(event) => setTarget(event.target.value as Target)}>
            {BROADCAST_TARGETS.map((item) => (
              <option key={item} value={item}>
                {t(`engagement.target.${item}`)}
              </option>
            ))}
          </select>
        </label>
        {target === 'member' && (
          <label>
            {t('engagement.memberId')}
            <input
              name="memberId"
              inputMode="numeric"
              required
              aria-invalid={!!errors.fields.memberId}
              aria-describedby={described('memberId')}
            />
            <span className="hint">{t('engagement.memberIdHint')}</span>
            {fieldError('memberId')}
          </label>
        )}
        {target === 'memberType' && (
          <label>
            {t('engagement.target.memberType')}
            <select name="memberType">
              {BROADCAST_MEMBER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`engagement.memberType.${type}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        {target === 'vipLevel' && (
          <label>
            {t('engagement.target.vipLevel')}
            <input
              name="vipLevel"
              type="number"
              min={1}
              max={50}
              required
              aria-invalid={!!errors.fields.vipLevel}
              aria-describedby={described('vipLevel')}
            />
            {fieldError('vipLevel')}
          </label>
        )}
        {(['en', 'bn'] as const).map((lang) => (
          <fieldset key={lang}>
            <legend>{t(`engagement.in.${lang}`)}</legend>
            <label>
              {t('engagement.messageTitle')}
              <input
                name={lang === 'en' ? 'titleEn' : 'titleBn'}
                lang={lang}
                maxLength={200}
                required
                aria-invalid={!!errors.fields[`title.${lang}`]}
                aria-describedby={described(`title.${lang}`)}
              />
              {fieldError(`title.${lang}`)}
            </label>
            <label>
              {t('engagement.messageBody')}
              <textarea
                name={lang === 'en' ? 'bodyEn' : 'bodyBn'}
                lang={lang}
                rows={4}
                maxLength={20_000}
                required
                aria-invalid={!!errors.fields[`body.${lang}`]}
                aria-describedby={described(`body.${lang}`)}
              />
              {fieldError(`body.${lang}`)}
            </label>
          </fieldset>
        ))}
        <span className="hint">{t('engagement.bodyHint')}</span>
        {!draft && errors.form && (
          <p className="error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary">
            {t('engagement.send')}
          </button>
        </div>
      </form>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <PagedTable
        query={query}
        caption={t('engagement.broadcasts')}
        columns={columns}
        rowKey={(b) => b.id}
        empty={t('engagement.noBroadcasts')}
        sort={sort}
        onSort={sortBy}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
      />
      {draft && (
        <ConfirmDialog
          title={t('engagement.sendTitle')}
          consequence={
            <p>
              {t('engagement.sendConsequence', {
                title: draft.title[language] || draft.title.en,
                audience: audience({
                  target: draft.target,
                  memberId: draft.target === 'member' ? draft.memberId : null,
                  memberType: draft.target === 'memberType' ? draft.memberType : null,
                  vipLevel: draft.target === 'vipLevel' ? draft.vipLevel : null,
                }),
              })}
            </p>
          }
          confirmLabel={t('engagement.send')}
          pending={mutation.isPending}
          error={null}
          onConfirm={() =>
            mutation.mutate(draft, {
              onError: () => setDraft(null),
            })
          }
          onCancel={() => setDraft(null)}
        />
      )}
    </>
  );
}
