import { useState, type FormEvent } from 'react';
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
import { PagedTable } from '../components/paged-table.tsx';
import type { Column, Sort } from '../components/data-table.tsx';
import { ConfirmDialog, Dialog } from '../components/dialog.tsx';
import { FilterSelect } from '../components/filter-select.tsx';
import { promotionInputOf } from './agents-logic.ts';
import { engagementFormErrors, promotionInputFrom, REWARD_INPUTS, toLocalInput } from './engagement-logic.ts';
import {
  CheckField,
  Field,
  FormActions,
  GroupError,
  LocalizedCopy,
  NO_ERRORS,
  readerOf,
  SelectField,
} from './engagement-form.tsx';

type Promotion = ValueOf<typeof promotions.list>['list'][number];
type Application = ValueOf<typeof promotions.applications>['list'][number];
type ListQuery = NonNullable<QueryOf<typeof promotions.list>>;
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
  const [pageNo, setPageNo] = useState(1);
  const [filters, setFilters] = useState<Pick<ListQuery, 'category' | 'trigger' | 'enabled' | 'q'>>({});
  const [sort, setSort] = useState<Sort>({ key: 'sort', order: 'asc' });
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
  const filter = (next: typeof filters) => {
    setFilters({ ...filters, ...next });
    setPageNo(1);
  };
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    filter({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() || undefined });
  };
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
        <form role="search" aria-label={t('engagement.searchTitle')} className="inline" onSubmit={search}>
          <label className="inline">
            {t('engagement.searchTitle')}
            <input name="q" type="search" maxLength={100} defaultValue={filters.q ?? ''} />
          </label>
          <button type="submit">{t('engagement.search')}</button>
        </form>
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
        onSort={(next) => {
          setSort(next);
          setPageNo(1);
        }}
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
  const errors = mutation.isError ? engagementFormErrors(mutation.error, t('app.error')) : NO_ERRORS;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate(promotionInputFrom(readerOf(event.currentTarget)));
  };
  const takes = (name: string) => (REWARD_INPUTS[rewardKind] as readonly string[]).includes(name);
  const options = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}` as Parameters<typeof t>[0]) }));
  const p = promotion;
  return (
    <Dialog title={t(p ? 'engagement.editPromotion' : 'engagement.newPromotion')} onClose={() => onClose(null)}>
      <form onSubmit={submit} noValidate className="engagement-form">
        <LocalizedCopy errors={errors} title={p?.title} body={p?.body} bodyLabel={t('engagement.terms')} />
        <SelectField
          label={t('engagement.category')}
          name="category"
          errors={errors}
          defaultValue={p?.category ?? 'others'}
          options={options(PROMOTION_CATEGORIES, 'engagement.category')}
        />
        <Field
          label={t('engagement.imageUrl')}
          name="imageUrl"
          type="url"
          maxLength={500}
          defaultValue={p?.imageUrl ?? ''}
          errors={errors}
        />
        <fieldset>
          <legend>{t('engagement.conditions')}</legend>
          <GroupError errors={errors} name="conditions" />
          <Field
            label={t('engagement.startsAt')}
            name="startsAt"
            type="datetime-local"
            required
            defaultValue={toLocalInput(p?.startsAt ?? new Date().toISOString())}
            errors={errors}
          />
          <Field
            label={t('engagement.endsAt')}
            name="endsAt"
            type="datetime-local"
            hint={t('engagement.endsAtHint')}
            defaultValue={toLocalInput(p?.endsAt)}
            errors={errors}
          />
          <SelectField
            label={t('engagement.trigger')}
            name="trigger"
            errors={errors}
            defaultValue={p?.trigger ?? 'join'}
            options={options(PROMOTION_TRIGGERS, 'engagement.trigger')}
          />
          <SelectField
            label={t('engagement.period')}
            name="period"
            errors={errors}
            defaultValue={p?.period ?? 'once'}
            options={options(PROMOTION_PERIODS, 'engagement.period')}
          />
          <Field
            label={t('engagement.minBasis')}
            name="minBasis"
            inputMode="decimal"
            defaultValue={p?.minBasis ?? ''}
            errors={errors}
          />
          <Field
            label={t('engagement.newMemberDays')}
            name="newMemberDays"
            type="number"
            min={1}
            defaultValue={p?.newMemberDays ?? ''}
            errors={errors}
          />
          <Field
            label={t('engagement.minDepositCount')}
            name="minDepositCount"
            type="number"
            min={0}
            defaultValue={p?.minDepositCount ?? ''}
            errors={errors}
          />
          <Field
            label={t('engagement.maxDepositCount')}
            name="maxDepositCount"
            type="number"
            min={0}
            defaultValue={p?.maxDepositCount ?? ''}
            errors={errors}
          />
          <Field
            label={t('engagement.minVipLevel')}
            name="minVipLevel"
            type="number"
            min={0}
            defaultValue={p?.minVipLevel ?? ''}
            errors={errors}
          />
          <CheckField label={t('engagement.onePerDevice')} name="onePerDevice" defaultChecked={!!p?.onePerDevice} />
          <CheckField
            label={t('engagement.onePerPaymentAccount')}
            name="onePerPaymentAccount"
            defaultChecked={!!p?.onePerPaymentAccount}
          />
        </fieldset>
        <fieldset>
          <legend>{t('engagement.reward')}</legend>
          <GroupError errors={errors} name="reward" />
          <SelectField
            label={t('engagement.rewardKind')}
            name="rewardKind"
            errors={errors}
            value={rewardKind}
            onChange={(e) => setRewardKind(e.target.value as RewardKind)}
            options={options(PROMOTION_REWARD_KINDS, 'engagement.rewardKind')}
          />
          {takes('rewardAmount') && (
            <Field
              label={t('engagement.rewardAmount')}
              name="rewardAmount"
              inputMode="decimal"
              required
              defaultValue={p?.rewardAmount ?? ''}
              errors={errors}
            />
          )}
          {takes('rewardRate') && (
            <Field
              label={t('engagement.rewardRate')}
              name="rewardRate"
              inputMode="decimal"
              required
              hint={t('engagement.rewardRateHint')}
              defaultValue={p?.rewardRate ?? ''}
              errors={errors}
            />
          )}
          {takes('rewardCap') && (
            <Field
              label={t('engagement.rewardCap')}
              name="rewardCap"
              inputMode="decimal"
              required
              defaultValue={p?.rewardCap ?? ''}
              errors={errors}
            />
          )}
          {takes('rewardUnits') && (
            <Field
              label={t(rewardKind === 'points' ? 'engagement.rewardPoints' : 'engagement.rewardTickets')}
              name="rewardUnits"
              type="number"
              min={1}
              required
              defaultValue={p?.rewardUnits ?? ''}
              errors={errors}
            />
          )}
          {takes('rewardRaffleId') && (
            <Field
              label={t('engagement.rewardRaffleId')}
              name="rewardRaffleId"
              type="number"
              min={1}
              required
              defaultValue={p?.rewardRaffleId ?? ''}
              errors={errors}
            />
          )}
          <Field
            label={t('engagement.turnoverMultiple')}
            name="turnoverMultiple"
            type="number"
            min={0}
            max={100}
            required
            hint={t('engagement.turnoverHint')}
            defaultValue={p?.turnoverMultiple ?? 1}
            errors={errors}
          />
          <CheckField
            label={t('engagement.requiresApproval')}
            name="requiresApproval"
            defaultChecked={!!p?.requiresApproval}
          />
        </fieldset>
        <Field
          label={t('engagement.sortOrder')}
          name="sort"
          type="number"
          hint={t('engagement.sortHint')}
          defaultValue={p?.sort ?? 0}
          errors={errors}
        />
        <CheckField label={t('engagement.enabledField')} name="enabled" defaultChecked={p?.enabled ?? true} />
        <FormActions
          errors={errors}
          pending={mutation.isPending}
          submitLabel={t(p ? 'engagement.save' : 'engagement.create')}
          onCancel={() => onClose(null)}
        />
      </form>
    </Dialog>
  );
}

/** Participations waiting for an operator (Applying): approving pays the bonus from the house. */
export function Applications() {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [asked, setAsked] = useState<{ action: 'approve' | 'reject'; row: Application } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['promotion-applications', pageNo],
    queryFn: () => call(promotions.applications, { query: { pageNo: String(pageNo), pageSize: String(PAGE_SIZE) } }),
    placeholderData: keepPreviousData,
  });
  const mutation = useMutation({
    mutationFn: ({ action, row, reason }: { action: 'approve' | 'reject'; row: Application; reason: string }) =>
      action === 'approve'
        ? call(promotions.approve, { params: { id: row.id } })
        : call(promotions.reject, { params: { id: row.id }, body: { reason } }),
    onSuccess: (row, { action }) => {
      setAsked(null);
      setDone(
        t(action === 'approve' ? 'engagement.applicationApproved' : 'engagement.applicationRejected', {
          member: row.username,
        }),
      );
      void queryClient.invalidateQueries({ queryKey: ['promotion-applications'] });
    },
  });
  const rewardOf = (a: Application) =>
    a.amount
      ? formatAmount(a.amount, language)
      : `${formatCount(a.units ?? 0, language)} ${t(a.rewardKind === 'points' ? 'engagement.reward.points' : 'engagement.reward.raffle_tickets')}`;
  const columns: Column<Application>[] = [
    { id: 'created', header: t('engagement.created'), wide: true, cell: (a) => formatTime(a.createdAt, language) },
    { id: 'member', header: t('engagement.member'), cell: (a) => a.username },
    { id: 'promotion', header: t('engagement.promotion'), cell: (a) => <span className="cell-wrap">{a.title}</span> },
    { id: 'period', header: t('engagement.period'), wide: true, cell: (a) => localDigits(a.period, language) },
    { id: 'reward', header: t('engagement.reward'), cell: rewardOf },
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('engagement.actions')}</span>,
      cell: (a) => (
        <span className="row-actions">
          {(['approve', 'reject'] as const).map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'reject' ? 'danger' : undefined}
              aria-label={`${t(`engagement.${action}`)} ${a.username}`}
              onClick={() => {
                mutation.reset();
                setAsked({ action, row: a });
              }}
            >
              {t(`engagement.${action}`)}
            </button>
          ))}
        </span>
      ),
    },
  ];
  return (
    <>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <PagedTable
        query={query}
        caption={t('engagement.applications')}
        columns={columns}
        rowKey={(a) => a.id}
        rowTestId={(a) => `application-${a.id}`}
        empty={t('engagement.noApplications')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
      />
      {asked && (
        <ConfirmDialog
          title={t(asked.action === 'approve' ? 'engagement.approveApplication' : 'engagement.rejectApplication')}
          consequence={
            <p>
              {t(
                asked.action === 'approve'
                  ? 'engagement.approveApplicationConsequence'
                  : 'engagement.rejectApplicationConsequence',
                { member: asked.row.username, title: asked.row.title, reward: rewardOf(asked.row) },
              )}
            </p>
          }
          confirmLabel={t(`engagement.${asked.action}`)}
          tone={asked.action === 'reject' ? 'danger' : 'primary'}
          reasonLabel={asked.action === 'reject' ? t('engagement.reason') : undefined}
          reasonHint={asked.action === 'reject' ? t('engagement.reasonHint') : undefined}
          pending={mutation.isPending}
          error={mutation.error}
          onConfirm={(reason) => mutation.mutate({ ...asked, reason })}
          onCancel={() => setAsked(null)}
        />
      )}
    </>
  );
}
