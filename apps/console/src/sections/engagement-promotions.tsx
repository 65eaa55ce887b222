import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROMOTION_CATEGORIES,
  PROMOTION_PERIODS,
  PROMOTION_REWARD_KINDS,
  PROMOTION_TRIGGERS,
  promotionAdminEndpoints as promotions,
  type QueryOf,
  type ValueOf,
} from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatAmount, formatCount, formatTime, localDigits } from '../format.ts';
import { PagedTable, useListControls } from '../components/paged-table.tsx';
import type { Column } from '../components/data-table.tsx';
import { ConfirmDialog, Dialog } from '../components/dialog.tsx';
import { FilterSelect } from '../components/filter-select.tsx';
import { promotionInputOf } from './agents-logic.ts';
import { DecisionQueue } from './engagement-queue.tsx';
import { engagementFormErrors, formValuesOf, promotionInputFrom, REWARD_INPUTS } from './engagement-logic.ts';
import { NO_ERRORS, SpecForm, TitleSearch, type FieldSpec } from './engagement-form.tsx';
import type { MessageKey } from '../locales/en.ts';

type Promotion = ValueOf<typeof promotions.list>['list'][number];
type Application = ValueOf<typeof promotions.applications>['list'][number];
type ListQuery = NonNullable<QueryOf<typeof promotions.list>>;
type ApplicationSort = NonNullable<QueryOf<typeof promotions.applications>>['sort'];
type RewardKind = (typeof PROMOTION_REWARD_KINDS)[number];
const PAGE_SIZE = 20;

function useReward() {
  const { t, language } = useI18n();
  return (p: Pick<Promotion, 'rewardKind' | 'rewardAmount' | 'rewardRate' | 'rewardCap' | 'rewardUnits'>) =>
    p.rewardKind === 'fixed' && p.rewardAmount
      ? formatAmount(p.rewardAmount, language)
      : p.rewardKind === 'percent'
        ? `${localDigits(p.rewardRate ?? '', language)} %${p.rewardCap ? ` ≤ ${formatAmount(p.rewardCap, language)}` : ''}`
        : `${formatCount(p.rewardUnits ?? 0, language)} ${t(p.rewardKind === 'points' ? 'engagement.reward.points' : 'engagement.reward.raffle_tickets')}`;
}

/** Issue 16 item 6: promotions listed, filtered and sorted on the server, created, edited, on and off. */
export function Promotions() {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const reward = useReward();
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<
    Pick<ListQuery, 'category' | 'trigger' | 'enabled' | 'q'>
  >({ key: 'sort', order: 'asc' });
  const [toggled, setToggled] = useState<Promotion | null>(null);
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['promotions', pageNo, filters, sort],
    queryFn: () =>
      call(promotions.list, {
        query: {
          ...filters,
          sort: sort.key as ListQuery['sort'],
          order: sort.order,
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
        },
      }),
    placeholderData: keepPreviousData,
  });
  const toggle = useMutation({
    mutationFn: (promotion: Promotion) =>
      call(promotions.update, {
        params: { id: String(promotion.id) },
        body: { ...promotionInputOf(promotion), enabled: !promotion.enabled },
      }),
    onSuccess: () => {
      setToggled(null);
      void queryClient.invalidateQueries({ queryKey: ['promotions'] });
    },
  });
  const columns: Column<Promotion>[] = [
    {
      id: 'title',
      header: t('engagement.promotion'),
      cell: (p) => <span className="cell-wrap">{p.title[language] || p.title.en}</span>,
    },
    { id: 'trigger', header: t('engagement.trigger'), wide: true, cell: (p) => t(`engagement.trigger.${p.trigger}`) },
    { id: 'reward', header: t('engagement.reward'), cell: reward },
    {
      id: 'window',
      header: t('engagement.window'),
      wide: true,
      sortKey: 'startsAt',
      cell: (p) => `${formatTime(p.startsAt, language)} – ${p.endsAt ? formatTime(p.endsAt, language) : '∞'}`,
    },
    {
      id: 'sort',
      header: t('engagement.sortOrder'),
      wide: true,
      sortKey: 'sort',
      cell: (p) => formatCount(p.sort, language),
    },
    {
      id: 'enabled',
      header: t('engagement.state'),
      cell: (p) => (
        <span className={`badge ${p.enabled ? 'approved' : ''}`}>
          {t(p.enabled ? 'engagement.on' : 'engagement.off')}
        </span>
      ),
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('engagement.actions')}</span>,
      cell: (p) => {
        const title = p.title[language] || p.title.en;
        return (
          <span className="row-actions">
            <button type="button" aria-label={`${t('engagement.edit')} ${title}`} onClick={() => setEditing(p)}>
              {t('engagement.edit')}
            </button>
            <button
              type="button"
              aria-label={`${t(p.enabled ? 'engagement.disable' : 'engagement.enable')} ${title}`}
              onClick={() => {
                toggle.reset();
                setToggled(p);
              }}
            >
              {t(p.enabled ? 'engagement.disable' : 'engagement.enable')}
            </button>
          </span>
        );
      },
    },
  ];
  return (
    <>
      <div className="filters">
        <TitleSearch value={filters.q ?? ''} maxLength={100} onSearch={(q) => filter({ q })} />
        <FilterSelect
          label={t('engagement.category')}
          anyLabel={t('engagement.all')}
          options={PROMOTION_CATEGORIES.map((c) => ({ value: c, label: t(`engagement.category.${c}`) }))}
          value={filters.category ?? ''}
          onChange={(e) => filter({ category: (e.target.value || undefined) as ListQuery['category'] })}
        />
        <FilterSelect
          label={t('engagement.trigger')}
          anyLabel={t('engagement.all')}
          options={PROMOTION_TRIGGERS.map((c) => ({ value: c, label: t(`engagement.trigger.${c}`) }))}
          value={filters.trigger ?? ''}
          onChange={(e) => filter({ trigger: (e.target.value || undefined) as ListQuery['trigger'] })}
        />
        <FilterSelect
          label={t('engagement.state')}
          anyLabel={t('engagement.all')}
          options={[
            { value: 'true', label: t('engagement.on') },
            { value: 'false', label: t('engagement.off') },
          ]}
          value={filters.enabled ?? ''}
          onChange={(e) => filter({ enabled: (e.target.value || undefined) as ListQuery['enabled'] })}
        />
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          {t('engagement.newPromotion')}
        </button>
      </div>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <PagedTable
        query={query}
        caption={t('engagement.promotions')}
        columns={columns}
        rowKey={(p) => p.id}
        rowTestId={(p) => `promotion-${p.id}`}
        sort={sort}
        onSort={sortBy}
        empty={t('engagement.noPromotions')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
      />
      {toggled && (
        <ConfirmDialog
          title={t(toggled.enabled ? 'engagement.disable' : 'engagement.enable')}
          consequence={
            <p>
              {t(toggled.enabled ? 'engagement.disableConsequence' : 'engagement.enableConsequence', {
                title: toggled.title[language] || toggled.title.en,
              })}
            </p>
          }
          confirmLabel={t(toggled.enabled ? 'engagement.disable' : 'engagement.enable')}
          tone={toggled.enabled ? 'danger' : 'primary'}
          pending={toggle.isPending}
          error={toggle.error}
          onConfirm={() => toggle.mutate(toggled)}
          onCancel={() => setToggled(null)}
        />
      )}
      {editing && (
        <PromotionDialog
          promotion={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              setDone(t('engagement.saved', { title: saved.title[language] || saved.title.en }));
              void queryClient.invalidateQueries({ queryKey: ['promotions'] });
            }
          }}
        />
      )}
    </>
  );
}

/** Create or edit one promotion; the server's codes land beside the inputs they concern. */
function PromotionDialog({
  promotion,
  onClose,
}: {
  promotion: Promotion | null;
  onClose: (saved: Promotion | null) => void;
}) {
  const { t } = useI18n();
  const [rewardKind, setRewardKind] = useState<RewardKind>(promotion?.rewardKind ?? 'fixed');
  const mutation = useMutation({
    mutationFn: (body: ReturnType<typeof promotionInputFrom>) =>
      promotion
        ? call(promotions.update, { params: { id: String(promotion.id) }, body })
        : call(promotions.create, { body }),
    onSuccess: (saved) => onClose(saved),
  });
  const options = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}` as MessageKey) }));
  // Only the inputs the chosen reward kind takes (REWARD_INPUTS, as the server's parsePromotionInput).
  const rewardInputs: FieldSpec[] = [
    { kind: 'decimal', name: 'rewardAmount', label: 'engagement.rewardAmount', required: true },
    {
      kind: 'decimal',
      name: 'rewardRate',
      label: 'engagement.rewardRate',
      hint: 'engagement.rewardRateHint',
      required: true,
    },
    { kind: 'decimal', name: 'rewardCap', label: 'engagement.rewardCap', required: true },
    {
      kind: 'number',
      name: 'rewardUnits',
      label: rewardKind === 'points' ? 'engagement.rewardPoints' : 'engagement.rewardTickets',
      min: 1,
      required: true,
    },
    { kind: 'number', name: 'rewardRaffleId', label: 'engagement.rewardRaffleId', min: 1, required: true },
  ];
  const takes = (spec: FieldSpec) =>
    (REWARD_INPUTS[rewardKind] as readonly string[]).includes('name' in spec ? spec.name : '');
  const specs: FieldSpec[] = [
    { kind: 'copy', bodyLabel: 'engagement.terms' },
    {
      kind: 'select',
      name: 'category',
      label: 'engagement.category',
      options: options(PROMOTION_CATEGORIES, 'engagement.category'),
    },
    { kind: 'url', name: 'imageUrl', label: 'engagement.imageUrl', maxLength: 500 },
    {
      kind: 'group',
      legend: 'engagement.conditions',
      error: 'conditions',
      fields: [
        { kind: 'datetime', name: 'startsAt', label: 'engagement.startsAt', required: true },
        { kind: 'datetime', name: 'endsAt', label: 'engagement.endsAt', hint: 'engagement.endsAtHint' },
        {
          kind: 'select',
          name: 'trigger',
          label: 'engagement.trigger',
          options: options(PROMOTION_TRIGGERS, 'engagement.trigger'),
        },
        {
          kind: 'select',
          name: 'period',
          label: 'engagement.period',
          options: options(PROMOTION_PERIODS, 'engagement.period'),
        },
        { kind: 'decimal', name: 'minBasis', label: 'engagement.minBasis' },
        { kind: 'number', name: 'newMemberDays', label: 'engagement.newMemberDays', min: 1 },
        { kind: 'number', name: 'minDepositCount', label: 'engagement.minDepositCount', min: 0 },
        { kind: 'number', name: 'maxDepositCount', label: 'engagement.maxDepositCount', min: 0 },
        { kind: 'number', name: 'minVipLevel', label: 'engagement.minVipLevel', min: 0 },
        { kind: 'check', name: 'onePerDevice', label: 'engagement.onePerDevice' },
        { kind: 'check', name: 'onePerPaymentAccount', label: 'engagement.onePerPaymentAccount' },
      ],
    },
    {
      kind: 'group',
      legend: 'engagement.reward',
      error: 'reward',
      fields: [
        {
          kind: 'select',
          name: 'rewardKind',
          label: 'engagement.rewardKind',
          options: options(PROMOTION_REWARD_KINDS, 'engagement.rewardKind'),
          value: rewardKind,
          onChange: (e) => setRewardKind(e.target.value as RewardKind),
        },
        ...rewardInputs.filter(takes),
        {
          kind: 'number',
          name: 'turnoverMultiple',
          label: 'engagement.turnoverMultiple',
          hint: 'engagement.turnoverHint',
          min: 0,
          max: 100,
          required: true,
        },
        { kind: 'check', name: 'requiresApproval', label: 'engagement.requiresApproval' },
      ],
    },
    { kind: 'number', name: 'sort', label: 'engagement.sortOrder', hint: 'engagement.sortHint' },
    { kind: 'check', name: 'enabled', label: 'engagement.enabledField' },
  ];
  return (
    <Dialog title={t(promotion ? 'engagement.editPromotion' : 'engagement.newPromotion')} onClose={() => onClose(null)}>
      <SpecForm
        specs={specs}
        values={promotion ? formValuesOf(promotion) : { ...NEW_PROMOTION, startsAt: new Date().toISOString() }}
        errors={mutation.isError ? engagementFormErrors(mutation.error, t('app.error')) : NO_ERRORS}
        pending={mutation.isPending}
        submitLabel={t(promotion ? 'engagement.save' : 'engagement.create')}
        onSubmit={(form) => mutation.mutate(promotionInputFrom(form))}
        onCancel={() => onClose(null)}
      />
    </Dialog>
  );
}

const NEW_PROMOTION = {
  category: 'others',
  trigger: 'join',
  period: 'once',
  turnoverMultiple: 1,
  sort: 0,
  enabled: true,
};

/** Participations waiting for an operator (Applying): approving pays the bonus from the house. */
export function Applications() {
  const { t, language } = useI18n();
  const { pageNo, setPageNo, sort, sortBy } = useListControls<object>({ key: 'createdAt', order: 'asc' });
  const query = useQuery({
    queryKey: ['promotion-applications', pageNo, sort],
    queryFn: () =>
      call(promotions.applications, {
        query: {
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
          sort: sort.key as ApplicationSort,
          order: sort.order,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const rewardOf = (a: Application) =>
    a.amount
      ? formatAmount(a.amount, language)
      : `${formatCount(a.units ?? 0, language)} ${t(a.rewardKind === 'points' ? 'engagement.reward.points' : 'engagement.reward.raffle_tickets')}`;
  const columns: Column<Application>[] = [
    {
      id: 'created',
      header: t('engagement.created'),
      wide: true,
      sortKey: 'createdAt',
      cell: (a) => formatTime(a.createdAt, language),
    },
    { id: 'member', header: t('engagement.member'), cell: (a) => a.username },
    { id: 'promotion', header: t('engagement.promotion'), cell: (a) => <span className="cell-wrap">{a.title}</span> },
    { id: 'period', header: t('engagement.period'), wide: true, cell: (a) => localDigits(a.period, language) },
    { id: 'reward', header: t('engagement.reward'), sortKey: 'amount', cell: rewardOf },
  ];
  return (
    <DecisionQueue
      query={query}
      queryKey="promotion-applications"
      caption={t('engagement.applications')}
      columns={columns}
      rowKey={(a) => a.id}
      rowTestId={(a) => `application-${a.id}`}
      empty={t('engagement.noApplications')}
      sort={sort}
      onSort={sortBy}
      pageNo={pageNo}
      pageSize={PAGE_SIZE}
      onPage={setPageNo}
      nameOf={(a) => a.username}
      titleOf={(decision) =>
        t(decision === 'approve' ? 'engagement.approveApplication' : 'engagement.rejectApplication')
      }
      consequenceOf={(decision, a) =>
        t(
          decision === 'approve'
            ? 'engagement.approveApplicationConsequence'
            : 'engagement.rejectApplicationConsequence',
          { member: a.username, title: a.title, reward: rewardOf(a) },
        )
      }
      decide={(decision, a, reason) =>
        decision === 'approve'
          ? call(promotions.approve, { params: { id: a.id } })
          : call(promotions.reject, { params: { id: a.id }, body: { reason } })
      }
      doneOf={(decision, row) =>
        t(decision === 'approve' ? 'engagement.applicationApproved' : 'engagement.applicationRejected', {
          member: row.username,
        })
      }
    />
  );
}
