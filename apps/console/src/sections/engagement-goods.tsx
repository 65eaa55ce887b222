import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pointAdminEndpoints as points, type PointGoodsInput, type ValueOf } from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatAmount, formatCount } from '../format.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { ConfirmDialog, Dialog } from '../components/dialog.tsx';
import { Failed, Loading } from '../components/states.tsx';
import { engagementFormErrors, goodsInputFrom, goodsInputOf } from './engagement-logic.ts';
import { CheckField, Field, FormActions, NO_ERRORS, readerOf } from './engagement-form.tsx';

type Goods = ValueOf<typeof points.goodsList>[number];
type Change = { kind: 'toggle' | 'delete'; goods: Goods };

/** Issue 16 item 6: the goods of the points mall, created, edited, on and off, removed. */
export function PointGoods() {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Goods | 'new' | null>(null);
  const [asked, setAsked] = useState<Change | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const query = useQuery({ queryKey: ['point-goods'], queryFn: () => call(points.goodsList) });
  const mutation = useMutation({
    mutationFn: ({ kind, goods }: Change) =>
      kind === 'delete'
        ? call(points.goodsDelete, { params: { id: String(goods.id) } })
        : call(points.goodsUpdate, {
            params: { id: String(goods.id) },
            body: { ...goodsInputOf(goods), enabled: !goods.enabled },
          }),
    onSuccess: () => {
      setAsked(null);
      void queryClient.invalidateQueries({ queryKey: ['point-goods'] });
    },
  });
  const nameOf = (g: Goods) => g.name[language] || g.name.en;
  const columns: Column<Goods>[] = [
    { id: 'name', header: t('engagement.goods'), cell: (g) => <span className="cell-wrap">{nameOf(g)}</span> },
    { id: 'points', header: t('engagement.points'), cell: (g) => formatCount(g.pointsRequired, language) },
    {
      id: 'amount',
      header: t('engagement.amountRequired'),
      wide: true,
      cell: (g) => formatAmount(g.amountRequired, language),
    },
    {
      id: 'stock',
      header: t('engagement.stock'),
      cell: (g) => `${formatCount(g.stock, language)} / ${formatCount(g.quantity, language)}`,
    },
    { id: 'sort', header: t('engagement.sortOrder'), wide: true, cell: (g) => formatCount(g.sort, language) },
    {
      id: 'enabled',
      header: t('engagement.state'),
      cell: (g) => (
        <span className={`badge ${g.enabled ? 'approved' : ''}`}>
          {t(g.enabled ? 'engagement.on' : 'engagement.off')}
        </span>
      ),
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('engagement.actions')}</span>,
      cell: (g) => (
        <span className="row-actions">
          <button type="button" aria-label={`${t('engagement.edit')} ${nameOf(g)}`} onClick={() => setEditing(g)}>
            {t('engagement.edit')}
          </button>
          {(['toggle', 'delete'] as const).map((kind) => {
            const label = t(
              kind === 'delete' ? 'engagement.remove' : g.enabled ? 'engagement.disable' : 'engagement.enable',
            );
            return (
              <button
                key={kind}
                type="button"
                className={kind === 'delete' ? 'danger' : undefined}
                aria-label={`${label} ${nameOf(g)}`}
                onClick={() => {
                  mutation.reset();
                  setAsked({ kind, goods: g });
                }}
              >
                {label}
              </button>
            );
          })}
        </span>
      ),
    },
  ];
  const askedLabel = (change: Change) =>
    t(
      change.kind === 'delete'
        ? 'engagement.remove'
        : change.goods.enabled
          ? 'engagement.disable'
          : 'engagement.enable',
    );
  return (
    <>
      <div className="filters">
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          {t('engagement.newGoods')}
        </button>
      </div>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      {query.isPending && <Loading />}
      {query.isError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data && (
        <DataTable
          caption={t('engagement.pointGoods')}
          columns={columns}
          rows={query.data}
          rowKey={(g) => g.id}
          empty={t('engagement.noGoods')}
        />
      )}
      {asked && (
        <ConfirmDialog
          title={`${askedLabel(asked)}: ${nameOf(asked.goods)}`}
          consequence={
            <p>
              {t(
                asked.kind === 'delete'
                  ? 'engagement.removeGoodsConsequence'
                  : asked.goods.enabled
                    ? 'engagement.disableGoodsConsequence'
                    : 'engagement.enableGoodsConsequence',
                { name: nameOf(asked.goods) },
              )}
            </p>
          }
          confirmLabel={askedLabel(asked)}
          tone={asked.kind === 'delete' || asked.goods.enabled ? 'danger' : 'primary'}
          pending={mutation.isPending}
          error={mutation.error}
          onConfirm={() => mutation.mutate(asked)}
          onCancel={() => setAsked(null)}
        />
      )}
      {editing && (
        <GoodsDialog
          goods={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              setDone(t('engagement.saved', { title: saved.name[language] || saved.name.en }));
              void queryClient.invalidateQueries({ queryKey: ['point-goods'] });
            }
          }}
        />
      )}
    </>
  );
}

function GoodsDialog({ goods, onClose }: { goods: Goods | null; onClose: (saved: Goods | null) => void }) {
  const { t } = useI18n();
  const mutation = useMutation({
    mutationFn: (body: PointGoodsInput) =>
      goods ? call(points.goodsUpdate, { params: { id: String(goods.id) }, body }) : call(points.goodsCreate, { body }),
    onSuccess: (saved) => onClose(saved),
  });
  const errors = mutation.isError ? engagementFormErrors(mutation.error, t('app.error'), {}) : NO_ERRORS;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate(goodsInputFrom(readerOf(event.currentTarget)));
  };
  return (
    <Dialog title={t(goods ? 'engagement.editGoods' : 'engagement.newGoods')} onClose={() => onClose(null)}>
      <form onSubmit={submit} noValidate>
        {(['en', 'bn'] as const).map((lang) => (
          <Field
            key={lang}
            label={`${t('engagement.goodsName')} (${t(`engagement.in.${lang}`)})`}
            name={`name.${lang}`}
            lang={lang}
            maxLength={100}
            required
            defaultValue={goods?.name[lang] ?? ''}
            errors={errors}
          />
        ))}
        <Field
          label={t('engagement.imageUrl')}
          name="imageUrl"
          maxLength={2048}
          required
          defaultValue={goods?.imageUrl ?? ''}
          errors={errors}
        />
        <Field
          label={t('engagement.points')}
          name="pointsRequired"
          type="number"
          min={1}
          required
          defaultValue={goods?.pointsRequired ?? ''}
          errors={errors}
        />
        <Field
          label={t('engagement.amountRequired')}
          name="amountRequired"
          inputMode="decimal"
          required
          hint={t('engagement.amountRequiredHint')}
          defaultValue={goods?.amountRequired ?? '0'}
          errors={errors}
        />
        <Field
          label={t('engagement.stock')}
          name="stock"
          type="number"
          min={0}
          required
          hint={t('engagement.stockHint')}
          defaultValue={goods?.stock ?? 0}
          errors={errors}
        />
        <Field
          label={t('engagement.sortOrder')}
          name="sort"
          type="number"
          min={0}
          hint={t('engagement.sortHint')}
          defaultValue={goods?.sort ?? 0}
          errors={errors}
        />
        <CheckField label={t('engagement.enabledGoods')} name="enabled" defaultChecked={goods?.enabled ?? true} />
        <FormActions
          errors={errors}
          pending={mutation.isPending}
          submitLabel={t(goods ? 'engagement.save' : 'engagement.create')}
          onCancel={() => onClose(null)}
        />
      </form>
    </Dialog>
  );
}
