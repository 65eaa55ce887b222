import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OPERATOR_ROLES,
  operatorAdminEndpoints as ops,
  type OperatorMerchant,
  type OperatorRole,
  type OperatorRow,
} from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatTime } from '../format.ts';
import { Failed, Loading } from '../components/states.tsx';
import { DataTable, type Column, type Sort } from '../components/data-table.tsx';
import type { MessageKey } from '../locales/en.ts';
import { formErrors } from './operators-form.ts';

const PAGE = 25;

/** Issue 16 item 1: the merchant's operators; the server decides who may change whom. */
export default function OperatorsSection({
  self,
  merchants,
}: {
  self: number;
  /** The merchants the signed-in operator works on: those they may grant to others. */
  merchants: readonly OperatorMerchant[];
}) {
  const { t } = useI18n();
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  // Cursor paging: the last id of each page seen, so "next" and "first" need no count.
  const [cursor, setCursor] = useState<number | undefined>(undefined);
  // Oldest first unless the Created column asks otherwise (issue 16 Quality); the cursor follows the order.
  const [sort, setSort] = useState<Sort>({ key: 'created', order: 'asc' });
  const [editing, setEditing] = useState<OperatorRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['operators', applied, cursor, sort.order],
    queryFn: () =>
      call(ops.list, { query: { username: applied || undefined, limit: PAGE, afterId: cursor, order: sort.order } }),
  });
  const rows = query.data ?? [];

  return (
    <section aria-labelledby="operators-title" className="section">
      <div className="block-head">
        <h1 id="operators-title">{t('operators.title')}</h1>
        <button type="button" className="primary" onClick={() => setCreating(true)}>
          {t('operators.new')}
        </button>
      </div>
      <form
        className="filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied(search.trim());
          setCursor(undefined);
        }}
      >
        <label className="inline grow">
          <span className="visually-hidden">{t('operators.search')}</span>
          <input
            type="search"
            placeholder={t('operators.search')}
            value={search}
            maxLength={32}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <button type="submit">{t('audit.apply')}</button>
      </form>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      {query.isPending && <Loading />}
      {query.isError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data && rows.length === 0 && <p className="empty">{t('operators.empty')}</p>}
      {rows.length > 0 && (
        <OperatorTable
          rows={rows}
          self={self}
          onEdit={setEditing}
          sort={sort}
          onSort={(next) => {
            setSort(next);
            setCursor(undefined);
          }}
        />
      )}
      <div className="actions">
        {cursor !== undefined && (
          <button type="button" onClick={() => setCursor(undefined)}>
            {t('operators.first')}
          </button>
        )}
        {rows.length === PAGE && (
          <button type="button" onClick={() => setCursor(rows.at(-1)!.id)}>
            {t('operators.next')}
          </button>
        )}
      </div>
      {creating && (
        <CreateDialog
          onClose={(created) => {
            setCreating(false);
            if (created) setDone(t('operators.created.done', { name: created.username }));
          }}
        />
      )}
      {editing && (
        <EditDialog
          operator={editing}
          grantable={merchants}
          onClose={(saved) => {
            setEditing(null);
            if (saved) setDone(t('operators.done', { name: saved.username }));
          }}
        />
      )}
    </section>
  );
}

function OperatorTable({
  rows,
  self,
  onEdit,
  sort,
  onSort,
}: {
  rows: OperatorRow[];
  self: number;
  onEdit: (row: OperatorRow) => void;
  sort: Sort;
  onSort: (sort: Sort) => void;
}) {
  const { t, language } = useI18n();
  const columns: Column<OperatorRow>[] = [
    {
      id: 'username',
      header: t('operators.username'),
      cell: (row) => (
        <>
          {row.username} {row.id === self && <span className="hint">{t('operators.you')}</span>}
        </>
      ),
    },
    { id: 'role', header: t('operators.role'), cell: (row) => t(`role.${row.role}` as MessageKey) },
    {
      id: 'status',
      header: t('operators.status'),
      cell: (row) => (
        <span className={`badge ${row.active ? 'approved' : 'rejected'}`}>
          {row.active ? t('operators.active') : t('operators.disabled')}
        </span>
      ),
    },
    {
      id: 'twoFactor',
      header: t('operators.twoFactor'),
      cell: (row) => (row.totpEnabled ? t('operators.on') : t('operators.off')),
    },
    {
      id: 'created',
      header: t('operators.created'),
      wide: true,
      sortKey: 'created',
      cell: (row) => formatTime(row.createdAt, language),
    },
    {
      id: 'edit',
      header: <span className="visually-hidden">{t('operators.edit')}</span>,
      cell: (row) =>
        row.id !== self && (
          <button type="button" onClick={() => onEdit(row)} aria-label={`${t('operators.edit')} ${row.username}`}>
            {t('operators.edit')}
          </button>
        ),
    },
  ];
  return (
    <DataTable
      caption={t('operators.title')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowTestId={(row) => `operator-${row.username}`}
      sort={sort}
      onSort={onSort}
    />
  );
}

function useModal() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return dialog;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="error">
      {message}
    </span>
  );
}

function CreateDialog({ onClose }: { onClose: (created: OperatorRow | null) => void }) {
  const { t } = useI18n();
  const dialog = useModal();
  const titleId = useId();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: { username: string; password: string; role: OperatorRole }) => call(ops.create, { body }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: ['operators'] });
      onClose(created);
    },
  });
  const errors = mutation.isError
    ? formErrors(mutation.error, ['username', 'password', 'role'], t('app.error'))
    : { fields: {} as Record<string, string>, form: null };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    mutation.mutate({
      username: String(form.get('username') ?? ''),
      password: String(form.get('password') ?? ''),
      role: String(form.get('role')) as OperatorRole,
    });
  };
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId} onCancel={() => onClose(null)}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId}>{t('operators.new')}</h2>
        <label>
          {t('operators.username')}
          <input
            name="username"
            autoComplete="off"
            required
            maxLength={32}
            aria-invalid={!!errors.fields.username}
            aria-describedby={`${titleId}-u`}
          />
          <span className="hint">{t('operators.usernameHint')}</span>
          <FieldError id={`${titleId}-u`} message={errors.fields.username} />
        </label>
        <label>
          {t('operators.password')}
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            required
            maxLength={256}
            aria-invalid={!!errors.fields.password}
            aria-describedby={`${titleId}-p`}
          />
          <span className="hint">{t('operators.passwordHint')}</span>
          <FieldError id={`${titleId}-p`} message={errors.fields.password} />
        </label>
        <label>
          {t('operators.role')}
          <select name="role" defaultValue="support" aria-describedby={`${titleId}-r`}>
            {OPERATOR_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`role.${role}` as MessageKey)}
              </option>
            ))}
          </select>
          <FieldError id={`${titleId}-r`} message={errors.fields.role} />
        </label>
        {errors.form && (
          <p className="error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={mutation.isPending}>
            {t('operators.create')}
          </button>
          <button type="button" onClick={() => onClose(null)}>
            {t('security.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

type Change =
  | { kind: 'role'; role: OperatorRole }
  | { kind: 'active'; active: boolean }
  | { kind: 'password'; password: string }
  | { kind: 'totp' };

function actionLabel(change: Change): MessageKey {
  if (change.kind === 'role') return 'operators.saveRole';
  if (change.kind === 'active') return change.active ? 'operators.enable' : 'operators.disable';
  return change.kind === 'password' ? 'operators.setPassword' : 'operators.resetTotp';
}

async function apply(id: number, change: Change): Promise<OperatorRow> {
  const params = { id: String(id) };
  switch (change.kind) {
    case 'role':
      return call(ops.update, { params, body: { role: change.role } });
    case 'active':
      return call(ops.update, { params, body: { active: change.active } });
    case 'password':
      return call(ops.passwordReset, { params, body: { password: change.password } });
    case 'totp':
      return call(ops.totpReset, { params });
  }
}

/** Edit one operator: every change is confirmed first, saying what it will do. */
function EditDialog({
  operator,
  grantable,
  onClose,
}: {
  operator: OperatorRow;
  grantable: readonly OperatorMerchant[];
  onClose: (saved: OperatorRow | null) => void;
}) {
  const { t } = useI18n();
  const dialog = useModal();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<OperatorRole>(operator.role);
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState<Change | null>(null);
  const mutation = useMutation({
    mutationFn: (change: Change) => apply(operator.id, change),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['operators'] });
      onClose(saved);
    },
  });
  const errors = mutation.isError
    ? formErrors(mutation.error, ['role', 'password'], t('app.error'))
    : { fields: {} as Record<string, string>, form: null };
  const name = operator.username;
  const consequence = (change: Change): string => {
    if (change.kind === 'role')
      return t('operators.confirm.role', { name, role: t(`role.${change.role}` as MessageKey) });
    if (change.kind === 'active')
      return t(change.active ? 'operators.confirm.enable' : 'operators.confirm.disable', { name });
    if (change.kind === 'password') return t('operators.confirm.password', { name });
    return t('operators.confirm.totp', { name });
  };

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId} onCancel={() => onClose(null)}>
      <div className="block-head">
        <h2 id={titleId}>{t('operators.editTitle', { name })}</h2>
        <button type="button" className="ghost" onClick={() => onClose(null)}>
          {t('operators.close')}
        </button>
      </div>
      {pending ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            mutation.mutate(pending);
          }}
        >
          <p role="status">{consequence(pending)}</p>
          {(errors.form || Object.values(errors.fields)[0]) && (
            <p className="error" role="alert">
              {errors.form ?? Object.values(errors.fields)[0]}
            </p>
          )}
          <div className="actions">
            <button
              type="submit"
              className={
                pending.kind === 'role' || (pending.kind === 'active' && pending.active) ? 'primary' : 'danger'
              }
              disabled={mutation.isPending}
            >
              {t(actionLabel(pending))}
            </button>
            <button
              type="button"
              onClick={() => {
                mutation.reset();
                setPending(null);
              }}
            >
              {t('security.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <form
            className="filters"
            onSubmit={(event) => {
              event.preventDefault();
              if (role !== operator.role) setPending({ kind: 'role', role });
            }}
          >
            <label className="inline">
              {t('operators.role')}
              <select value={role} onChange={(event) => setRole(event.target.value as OperatorRole)}>
                {OPERATOR_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`role.${r}` as MessageKey)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={role === operator.role}>
              {t('operators.saveRole')}
            </button>
          </form>
          <form
            className="filters"
            onSubmit={(event) => {
              event.preventDefault();
              if (password.length >= 10) setPending({ kind: 'password', password });
            }}
          >
            <label className="inline grow">
              {t('operators.newPassword')}
              <input
                type="password"
                autoComplete="new-password"
                minLength={10}
                maxLength={256}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </label>
            <button type="submit" disabled={password.length < 10}>
              {t('operators.setPassword')}
            </button>
          </form>
          <div className="actions">
            <button
              type="button"
              className={operator.active ? 'danger' : 'primary'}
              onClick={() => setPending({ kind: 'active', active: !operator.active })}
            >
              {operator.active ? t('operators.disable') : t('operators.enable')}
            </button>
            {operator.totpEnabled && (
              <button type="button" className="danger" onClick={() => setPending({ kind: 'totp' })}>
                {t('operators.resetTotp')}
              </button>
            )}
          </div>
          {grantable.length > 1 && <MerchantGrants operator={operator} grantable={grantable} />}
        </>
      )}
    </dialog>
  );
}

/**
 * Issue 16 item 2: the merchants an operator works on. Only a merchant the signed-in operator works
 * on can be granted or taken away (the server checks it too); the home merchant stays. Each change
 * is confirmed first.
 */
function MerchantGrants({ operator, grantable }: { operator: OperatorRow; grantable: readonly OperatorMerchant[] }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const headingId = useId();
  const params = { id: String(operator.id) };
  const held = useQuery({
    queryKey: ['operators', 'merchants', operator.id],
    queryFn: () => call(ops.merchants, { params }),
  });
  const [adding, setAdding] = useState('');
  const [pending, setPending] = useState<{ grant: boolean; merchant: OperatorMerchant } | null>(null);
  const mutation = useMutation({
    mutationFn: ({ grant, merchant }: { grant: boolean; merchant: OperatorMerchant }) =>
      call(grant ? ops.grantMerchant : ops.revokeMerchant, { params: { ...params, code: merchant.code } }),
    onSuccess: (list) => {
      queryClient.setQueryData(['operators', 'merchants', operator.id], list);
      setPending(null);
      setAdding('');
    },
  });
  const heldCodes = new Set(held.data?.map((m) => m.code));
  const addable = grantable.filter((m) => !heldCodes.has(m.code));
  const name = operator.username;
  return (
    <section aria-labelledby={headingId} className="block" data-testid="operator-merchants">
      <h3 id={headingId}>{t('operators.merchants')}</h3>
      {held.isPending && <Loading />}
      {held.isError && <Failed message={held.error.message} onRetry={() => void held.refetch()} />}
      {held.data && (
        <ul className="plain">
          {held.data.map((merchant) => (
            <li key={merchant.code} className="filters">
              <span className="grow">
                {merchant.home ? t('app.merchantHome', { name: merchant.name }) : merchant.name}
              </span>
              {!merchant.home && grantable.some((m) => m.code === merchant.code) && (
                <button
                  type="button"
                  className="danger"
                  aria-label={t('operators.revokeMerchantOf', { merchant: merchant.name, name })}
                  onClick={() => {
                    mutation.reset();
                    setPending({ grant: false, merchant });
                  }}
                >
                  {t('operators.revokeMerchant')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {held.data && addable.length > 0 && !pending && (
        <form
          className="filters"
          onSubmit={(event) => {
            event.preventDefault();
            const merchant = addable.find((m) => m.code === adding);
            if (merchant) {
              mutation.reset();
              setPending({ grant: true, merchant });
            }
          }}
        >
          <label className="inline">
            {t('operators.addMerchant')}
            <select value={adding} onChange={(event) => setAdding(event.target.value)}>
              <option value="">{t('operators.chooseMerchant')}</option>
              {addable.map((merchant) => (
                <option key={merchant.code} value={merchant.code}>
                  {merchant.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={!adding}>
            {t('operators.grantMerchant')}
          </button>
        </form>
      )}
      {pending && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            mutation.mutate(pending);
          }}
        >
          <p role="status">
            {t(pending.grant ? 'operators.confirm.grantMerchant' : 'operators.confirm.revokeMerchant', {
              name,
              merchant: pending.merchant.name,
            })}
          </p>
          {mutation.isError && (
            <p className="error" role="alert">
              {mutation.error.message}
            </p>
          )}
          <div className="actions">
            <button type="submit" className={pending.grant ? 'primary' : 'danger'} disabled={mutation.isPending}>
              {t(pending.grant ? 'operators.grantMerchant' : 'operators.revokeMerchant')}
            </button>
            <button type="button" onClick={() => setPending(null)}>
              {t('security.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
