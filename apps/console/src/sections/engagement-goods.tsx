import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pointAdminEndpoints as points, type PointGoodsInput, type ValueOf } from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatAmount, formatCount } from '../format.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { ConfirmDialog, Dialog } from '../components/dialog.tsx';
import { Failed, Loading } from '../components/states.tsx';
import { engagementFormErrors, formValuesOf, goodsInputFrom, goodsInputOf } from './engagement-logic.ts';
import { NO_ERRORS, SpecForm, type FieldSpec } from './engagement-form.tsx';

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

const GOODS_FIELDS: readonly FieldSpec[] = [
  { kind: 'localized', name: 'name', label: 'engagement.goodsName', maxLength: 100 },
  { kind: 'text', name: 'imageUrl', label: 'engagement.imageUrl', maxLength: 2048, required: true },
  { kind: 'number', name: 'pointsRequired', label: 'engagement.points', min: 1, required: true },
  {
    kind: 'decimal',
    name: 'amountRequired',
    label: 'engagement.amountRequired',
    hint: 'engagement.amountRequiredHint',
    required: true,
  },
  { kind: 'number', name: 'stock', label: 'engagement.stock', hint: 'engagement.stockHint', min: 0, required: true },
  { kind: 'number', name: 'sort', label: 'engagement.sortOrder', hint: 'engagement.sortHint', min: 0 },
  { kind: 'check', name: 'enabled', label: 'engagement.enabledGoods' },
];
const NEW_GOODS = { amountRequired: '0', stock: 0, sort: 0, enabled: true };

function GoodsDialog({ goods, onClose }: { goods: Goods | null; onClose: (saved: Goods | null) => void }) {
  const { t } = useI18n();
  const mutation = useMutation({
    mutationFn: (body: PointGoodsInput) =>
      goods ? call(points.goodsUpdate, { params: { id: String(goods.id) }, body }) : call(points.goodsCreate, { body }),
    onSuccess: (saved) => onClose(saved),
  });
  return (
    <Dialog title={t(goods ? 'engagement.editGoods' : 'engagement.newGoods')} onClose={() => onClose(null)}>
      <SpecForm
        specs={GOODS_FIELDS}
        values={goods ? formValuesOf(goods) : NEW_GOODS}
        errors={mutation.isError ? engagementFormErrors(mutation.error, t('app.error'), {}) : NO_ERRORS}
        pending={mutation.isPending}
        submitLabel={t(goods ? 'engagement.save' : 'engagement.create')}
        onSubmit={(form) => mutation.mutate(goodsInputFrom(form))}
        onCancel={() => onClose(null)}
      />
    </Dialog>
  );
}
