import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminEndpoints, operatorAdminEndpoints, type ValueOf } from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatTime } from '../format.ts';
import { Failed, Loading } from '../components/states.tsx';
import { auditDiff } from './audit-diff.ts';

type Entry = ValueOf<typeof adminEndpoints.auditLog>[number];
interface Filters {
  operatorId?: number | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  /** Newest first unless asked (issue 16 Quality); the server pages either way by id. */
  order?: 'asc' | 'desc' | undefined;
}

const PAGE = 50;

/** Issue 16 item 8: who changed what, filtered on the server, each entry's before and after as a diff. */
export default function AuditSection() {
  const { t } = useI18n();
  const [filters, setFilters] = useState<Filters>({});
  // The last id of each page seen, first page first: "next" pushes, "first" clears.
  const [cursors, setCursors] = useState<number[]>([]);
  const last = cursors.at(-1);
  const oldestFirst = filters.order === 'asc';
  const operators = useQuery({
    queryKey: ['operators', 'all'],
    queryFn: () => call(operatorAdminEndpoints.list, { query: { limit: 200 } }),
    staleTime: 60_000,
  });
  const query = useQuery({
    queryKey: ['audit', filters, last],
    queryFn: () =>
      call(adminEndpoints.auditLog, {
        query: { ...filters, limit: PAGE, ...(oldestFirst ? { afterId: last } : { beforeId: last }) },
      }),
  });
  const rows = query.data ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const operatorId = text('operatorId');
    setFilters({
      operatorId: operatorId ? Number(operatorId) : undefined,
      action: text('action'),
      entity: text('entity'),
      entityId: text('entityId'),
      order: text('order') === 'asc' ? 'asc' : undefined,
    });
    setCursors([]);
  };

  return (
    <section aria-labelledby="audit-title" className="section">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <form className="filters" role="search" onSubmit={submit}>
        <label className="inline">
          {t('audit.operator')}
          <select name="operatorId" defaultValue="">
            <option value="">{t('audit.anyOperator')}</option>
            {(operators.data ?? []).map((op) => (
              <option key={op.id} value={op.id}>
                {op.username}
              </option>
            ))}
          </select>
        </label>
        <label className="inline">
          {t('audit.action')}
          <input name="action" maxLength={64} size={12} placeholder="update" />
        </label>
        <label className="inline">
          {t('audit.object')}
          <input name="entity" maxLength={64} size={12} placeholder="operators" />
        </label>
        <label className="inline">
          {t('audit.objectId')}
          <input name="entityId" maxLength={64} size={6} />
        </label>
        <label className="inline">
          {t('audit.order')}
          <select name="order" defaultValue="desc">
            <option value="desc">{t('audit.newestFirst')}</option>
            <option value="asc">{t('audit.oldestFirst')}</option>
          </select>
        </label>
        <button type="submit">{t('audit.apply')}</button>
      </form>
      {query.isPending && <Loading />}
      {query.isError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data && rows.length === 0 && <p className="empty">{t('audit.empty')}</p>}
      {rows.length > 0 && (
        <ol className="audit-list">
          {rows.map((entry) => (
            <AuditEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      <div className="actions">
        {cursors.length > 0 && (
          <button type="button" onClick={() => setCursors([])}>
            {t(oldestFirst ? 'audit.oldest' : 'audit.newest')}
          </button>
        )}
        {rows.length === PAGE && (
          <button type="button" onClick={() => setCursors([...cursors, rows.at(-1)!.id])}>
            {t(oldestFirst ? 'audit.newer' : 'audit.older')}
          </button>
        )}
      </div>
    </section>
  );
}

function AuditEntry({ entry }: { entry: Entry }) {
  const { t, language } = useI18n();
  const [open, setOpen] = useState(false);
  const panel = useId();
  const lines = open ? auditDiff(entry.before, entry.after) : [];
  const hasChanges = entry.before !== null || entry.after !== null;
  return (
    <li className="card audit-entry" data-testid={`audit-${entry.id}`}>
      <div className="audit-head">
        <span className="badge">{entry.action}</span>
        <strong>
          {entry.entity}
          {entry.entityId !== null && ` #${entry.entityId}`}
        </strong>
        <span>{entry.operatorUsername ?? t('audit.system')}</span>
        <span className="hint">
          <time dateTime={entry.createdAt}>{formatTime(entry.createdAt, language)}</time>
          {entry.ip && ` · ${t('audit.ip')} ${entry.ip}`}
        </span>
        {hasChanges && (
          <button
            type="button"
            className="link"
            aria-expanded={open}
            aria-controls={panel}
            onClick={() => setOpen(!open)}
          >
            {open ? t('audit.hide') : t('audit.show')}
          </button>
        )}
      </div>
      {open && (
        <div id={panel} className="table-wrap">
          {lines.length === 0 ? (
            <p className="empty">{t('audit.noChanges')}</p>
          ) : (
            <table className="diff">
              <caption className="visually-hidden">{t('audit.changes')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.field')}</th>
                  <th scope="col">{t('audit.before')}</th>
                  <th scope="col">{t('audit.after')}</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.path} className={`diff-${line.kind}`}>
                    <th scope="row">{line.path}</th>
                    <td>
                      {line.before === undefined ? '—' : line.kind === 'same' ? line.before : <del>{line.before}</del>}
                    </td>
                    <td>
                      {line.after === undefined ? '—' : line.kind === 'same' ? line.after : <ins>{line.after}</ins>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </li>
  );
}
