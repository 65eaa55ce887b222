import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type ValueOf } from '@khela/contracts';
import { ApiError, call } from '../api.ts';
import { Failed, Loading } from '../components/states.tsx';
import { DataTable, type Column } from '../components/data-table.tsx';
import { ConfirmDialog } from '../components/dialog.tsx';
import { KindTabs, type KindConfig } from './content-crud.tsx';
import { useContentText } from './content-text.ts';
import { SiteSettings } from './settings-merchant.tsx';

type Switch = ValueOf<typeof adminEndpoints.switchesList>[number];
type Rule = ValueOf<typeof adminEndpoints.registerRulesList>[number];

/** Issue 16 item 7: the site's domains, switches, registration rules, maintenance and region rules. */
export const SETTINGS_KINDS: readonly KindConfig[] = [
  {
    id: 'domains',
    columns: ['domain', 'kind', 'affiliateCode'],
    confirmSave: 'settings.domainConfirm',
    fields: [
      { name: 'domain', kind: 'text', maxLength: 253 },
      { name: 'kind', kind: 'select', options: ['main', 'mirror', 'agent'] },
      { name: 'affiliateCode', kind: 'text', maxLength: 32, emptyAsNull: true },
    ],
  },
  {
    id: 'maintenance',
    columns: ['message', 'startsAt', 'endsAt'],
    confirmSave: 'settings.maintenanceConfirm',
    fields: [
      { name: 'startsAt', kind: 'datetime' },
      { name: 'endsAt', kind: 'datetime', nullable: true },
      { name: 'message', kind: 'localized', maxLength: 2000 },
    ],
  },
  {
    id: 'regionRules',
    columns: ['value', 'kind'],
    confirmSave: 'settings.regionConfirm',
    fields: [
      { name: 'kind', kind: 'select', options: ['country', 'cidr'] },
      { name: 'value', kind: 'text', maxLength: 64 },
    ],
  },
];

function Switches() {
  const c = useContentText();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Switch | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const query = useQuery({ queryKey: ['settings', 'switches'], queryFn: () => call(adminEndpoints.switchesList) });
  const names = new Map((query.data ?? []).map((item) => [item.modId, item.name]));
  const change = useMutation({
    mutationFn: (item: Switch) =>
      call(adminEndpoints.switchesUpdate, { params: { modId: item.modId }, body: { enabled: !item.enabled } }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['settings', 'switches'] });
      setAsking(null);
      setDone(c('settings.switchDone', { name: saved.name, state: c(saved.enabled ? 'settings.on' : 'settings.off') }));
    },
  });
  const columns: Column<Switch>[] = [
    {
      id: 'name',
      header: c('settings.switch'),
      cell: (item) => (
        <>
          {item.name}{' '}
          {item.parent && (
            <span className="hint">
              {c('settings.under', { parent: names.get(item.parent as never) ?? item.parent })}
            </span>
          )}
        </>
      ),
    },
    {
      id: 'state',
      header: c('field.status'),
      cell: (item) => (
        <span className={`badge ${item.enabled ? 'approved' : 'rejected'}`}>
          {c(item.enabled ? 'settings.on' : 'settings.off')}
        </span>
      ),
    },
    {
      id: 'toggle',
      header: <span className="visually-hidden">{c('content.actions')}</span>,
      cell: (item) => (
        <button
          type="button"
          onClick={() => {
            change.reset();
            setAsking(item);
          }}
        >
          {c(item.enabled ? 'settings.turnOff' : 'settings.turnOn', { name: item.name })}
        </button>
      ),
    },
  ];
  return (
    <div className="block">
      <h2>{c('settings.switches')}</h2>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      {query.isPending && <Loading />}
      {query.isError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data && (
        <DataTable caption={c('settings.switches')} columns={columns} rows={query.data} rowKey={(item) => item.modId} />
      )}
      {asking && (
        <ConfirmDialog
          title={c('settings.switchTitle')}
          consequence={<p>{c(asking.enabled ? 'settings.switchOff' : 'settings.switchOn', { name: asking.name })}</p>}
          confirmLabel={c(asking.enabled ? 'settings.turnOff' : 'settings.turnOn', { name: asking.name })}
          tone={asking.enabled ? 'danger' : 'primary'}
          pending={change.isPending}
          error={change.error}
          onConfirm={() => change.mutate(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}

function RuleRow({ rule, onSaved }: { rule: Rule; onSaved: (field: string) => void }) {
  const c = useContentText();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(rule);
  const save = useMutation({
    mutationFn: () =>
      call(adminEndpoints.registerRulesUpdate, {
        params: { field: rule.field },
        body: {
          enabled: draft.enabled,
          required: draft.required,
          patternId: draft.patternId,
          minLength: draft.minLength,
          maxLength: draft.maxLength,
        },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['settings', 'rules'] });
      onSaved(rule.field);
    },
  });
  const number = (key: 'patternId' | 'minLength' | 'maxLength', label: string) => (
    <label className="inline">
      <span className="visually-hidden">{`${rule.field}: ${label}`}</span>
      <input
        type="number"
        className="narrow"
        value={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: Number(event.target.value) })}
      />
    </label>
  );
  const check = (key: 'enabled' | 'required', label: string) => (
    <label className="inline">
      <input
        type="checkbox"
        checked={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.checked })}
      />
      <span className="visually-hidden">{`${rule.field}: ${label}`}</span>
    </label>
  );
  const error =
    save.error instanceof ApiError ? save.error.fields.map((f) => f.message).join(' ') || save.error.message : null;
  return (
    <tr>
      <th scope="row">{rule.field}</th>
      <td>{check('enabled', c('settings.enabled'))}</td>
      <td>{check('required', c('settings.required'))}</td>
      <td className="wide">{number('patternId', c('settings.pattern'))}</td>
      <td>{number('minLength', c('settings.min'))}</td>
      <td>{number('maxLength', c('settings.max'))}</td>
      <td>
        <button type="button" disabled={save.isPending} onClick={() => save.mutate()}>
          {c('settings.ruleSave', { name: rule.field })}
        </button>
        {error && (
          <span className="error" role="alert">
            {' '}
            {error}
          </span>
        )}
      </td>
    </tr>
  );
}

/** Rows with inputs, so the shared DataTable (display cells) does not fit: one plain table. */
function RegistrationRules() {
  const c = useContentText();
  const [done, setDone] = useState<string | null>(null);
  const query = useQuery({ queryKey: ['settings', 'rules'], queryFn: () => call(adminEndpoints.registerRulesList) });
  return (
    <div className="block">
      <h2>{c('settings.rules')}</h2>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      {query.isPending && <Loading />}
      {query.isError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data && (
        <div className="table-wrap">
          <table className="queue">
            <caption className="visually-hidden">{c('settings.rules')}</caption>
            <thead>
              <tr>
                <th scope="col">{c('settings.field')}</th>
                <th scope="col">{c('settings.enabled')}</th>
                <th scope="col">{c('settings.required')}</th>
                <th scope="col" className="wide">
                  {c('settings.pattern')}
                </th>
                <th scope="col">{c('settings.min')}</th>
                <th scope="col">{c('settings.max')}</th>
                <th scope="col">
                  <span className="visually-hidden">{c('content.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((rule) => (
                <RuleRow key={rule.field} rule={rule} onSaved={(name) => setDone(c('settings.ruleDone', { name }))} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export default function SettingsSection({ permissions }: { permissions: readonly string[] }) {
  const extra = [
    ...(permissions.includes('switches')
      ? [{ id: 'switches', label: 'settings.switches' as const, render: () => <Switches /> }]
      : []),
    ...(permissions.includes('registerRules')
      ? [{ id: 'rules', label: 'settings.rules' as const, render: () => <RegistrationRules /> }]
      : []),
    ...(permissions.includes('merchant')
      ? [{ id: 'site', label: 'settings.site' as const, render: () => <SiteSettings /> }]
      : []),
  ];
  return (
    <KindTabs
      title="settings.title"
      tabsLabel="settings.tabs"
      kinds={SETTINGS_KINDS.filter((kind) => permissions.includes(kind.id))}
      extra={extra}
    />
  );
}
