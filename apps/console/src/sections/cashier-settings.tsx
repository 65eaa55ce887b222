import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cashierAdminEndpoints as cashier, type ValueOf } from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatAmount, formatCount } from '../format.ts';
import { fieldError } from '../members-logic.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { ConfirmDialog } from '../components/dialog.tsx';
import { Failed, Loading } from '../components/states.tsx';
import type { MessageKey } from '../locales/en.ts';
import { ChannelFormDialog } from './cashier-channel-form.tsx';

type Settings = ValueOf<typeof cashier.settingsGet>;
type Channel = ValueOf<typeof cashier.channelsList>[number];

const FIELDS: { name: keyof Settings; label: MessageKey; kind: 'amount' | 'count' }[] = [
  { name: 'withdrawMin', label: 'cashierSettings.withdrawMin', kind: 'amount' },
  { name: 'withdrawMax', label: 'cashierSettings.withdrawMax', kind: 'amount' },
  { name: 'withdrawDailyCount', label: 'cashierSettings.withdrawDailyCount', kind: 'count' },
  { name: 'maxPayeeAccounts', label: 'cashierSettings.maxPayeeAccounts', kind: 'count' },
  { name: 'receiptConfirmMinutes', label: 'cashierSettings.receiptConfirmMinutes', kind: 'count' },
  { name: 'adjustmentThreshold', label: 'cashierSettings.adjustmentThreshold', kind: 'amount' },
];

/** Issue 16 item 3: the cashier's settings (withdrawal limits, second-operator threshold) and payment channels. */
export function CashierSettings() {
  const { t } = useI18n();
  const settings = useQuery({ queryKey: ['cashier', 'settings'], queryFn: () => call(cashier.settingsGet) });
  const channels = useQuery({ queryKey: ['cashier', 'channels'], queryFn: () => call(cashier.channelsList) });
  return (
    <>
      <section aria-labelledby="cashier-settings-title" className="block">
        <h2 id="cashier-settings-title">{t('cashierSettings.title')}</h2>
        {settings.isPending && <Loading />}
        {settings.isError && <Failed message={settings.error.message} onRetry={() => void settings.refetch()} />}
        {settings.data && <SettingsForm current={settings.data} />}
      </section>
      <section aria-labelledby="cashier-channels-title" className="block">
        <h2 id="cashier-channels-title">{t('cashierSettings.channels')}</h2>
        {channels.isPending && <Loading />}
        {channels.isError && <Failed message={channels.error.message} onRetry={() => void channels.refetch()} />}
        {channels.data && <ChannelTable channels={channels.data} />}
      </section>
    </>
  );
}

function SettingsForm({ current }: { current: Settings }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Settings | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: Settings) => call(cashier.settingsUpdate, { body }),
    onSuccess: (next) => {
      client.setQueryData(['cashier', 'settings'], next);
      setDraft(null);
      setSaved(true);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: keyof Settings, kind: 'amount' | 'count') => {
      const text = String(form.get(name) ?? '').trim();
      return kind === 'count' ? Number(text) : text;
    };
    setSaved(false);
    save.reset();
    setDraft(Object.fromEntries(FIELDS.map((f) => [f.name, read(f.name, f.kind)])) as Settings);
  };
  // Field errors stay beside their inputs after the dialog closes.
  const errors = draft ? null : save.error;
  return (
    <>
      <form className="settings-form" onSubmit={submit} aria-label={t('cashierSettings.title')}>
        {FIELDS.map((field) => {
          const error = fieldError(errors, field.name);
          const errorId = `cashier-settings-${field.name}-error`;
          return (
            <label key={field.name}>
              {t(field.label)}
              <input
                name={field.name}
                defaultValue={String(current[field.name])}
                inputMode={field.kind === 'amount' ? 'decimal' : 'numeric'}
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
              {error && (
                <span id={errorId} className="error">
                  {error}
                </span>
              )}
            </label>
          );
        })}
        <div className="actions">
          <button type="submit" className="primary">
            {t('cashierSettings.save')}
          </button>
        </div>
        {saved && (
          <p className="notice" role="status">
            {t('cashierSettings.saved')}
          </p>
        )}
      </form>
      {draft && (
        <ConfirmDialog
          title={t('cashierSettings.confirmTitle')}
          consequence={t('cashierSettings.consequence', {
            min: draft.withdrawMin,
            max: draft.withdrawMax,
            count: draft.withdrawDailyCount,
            threshold: draft.adjustmentThreshold,
          })}
          confirmLabel={t('cashierSettings.save')}
          pending={save.isPending}
          error={save.error}
          onConfirm={() => save.mutate(draft, { onError: (error) => fieldErrorsClose(error, () => setDraft(null)) })}
          onCancel={() => {
            setDraft(null);
            save.reset();
          }}
        />
      )}
    </>
  );
}

/** A refusal that names fields closes the dialog, so the errors show beside the inputs. */
function fieldErrorsClose(error: unknown, close: () => void) {
  if ((error as { fields?: unknown[] } | null)?.fields?.length) close();
}

function ChannelTable({ channels }: { channels: Channel[] }) {
  const { t, language } = useI18n();
  const client = useQueryClient();
  const [toggling, setToggling] = useState<Channel | null>(null);
  const [editing, setEditing] = useState<Channel | 'new' | null>(null);
  const update = useMutation({
    mutationFn: (channel: Channel) =>
      call(cashier.channelUpdate, {
        params: { id: String(channel.id) },
        body: {
          name: channel.name,
          payee: channel.payee,
          minAmount: channel.minAmount,
          maxAmount: channel.maxAmount,
          enabled: !channel.enabled,
          sort: channel.sort,
        },
      }),
    onSuccess: () => {
      setToggling(null);
      void client.invalidateQueries({ queryKey: ['cashier', 'channels'] });
    },
  });
  const columns: Column<Channel>[] = [
    { id: 'name', header: t('cashierSettings.channel'), cell: (c) => c.name[language] },
    { id: 'method', header: t('cashierSettings.method'), cell: (c) => t(`channelForm.method.${c.method}`), wide: true },
    {
      id: 'limits',
      header: t('cashierSettings.limits'),
      wide: true,
      cell: (c) => `${formatAmount(c.minAmount, language)} – ${formatAmount(c.maxAmount, language)}`,
    },
    { id: 'sort', header: t('cashierSettings.order'), cell: (c) => formatCount(c.sort, language), wide: true },
    {
      id: 'state',
      header: t('cashierSettings.state'),
      cell: (c) => (
        <button
          type="button"
          onClick={() => setToggling(c)}
          aria-label={t(c.enabled ? 'cashierSettings.disableNamed' : 'cashierSettings.enableNamed', {
            name: c.name[language],
          })}
        >
          {t(c.enabled ? 'cashierSettings.disable' : 'cashierSettings.enable')}
        </button>
      ),
    },
    {
      id: 'edit',
      header: <span className="visually-hidden">{t('channelForm.editColumn')}</span>,
      cell: (c) => (
        <button
          type="button"
          onClick={() => setEditing(c)}
          aria-label={t('channelForm.edit', { name: c.name[language] })}
        >
          {t('channelForm.editShort')}
        </button>
      ),
    },
  ];
  return (
    <>
      <div className="actions">
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          {t('channelForm.new')}
        </button>
      </div>
      {editing && <ChannelFormDialog channel={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <DataTable
        caption={t('cashierSettings.channels')}
        columns={columns}
        rows={channels}
        rowKey={(c) => c.id}
        rowTestId={(c) => `channel-${c.code}`}
      />
      {toggling && (
        <ConfirmDialog
          title={t(toggling.enabled ? 'cashierSettings.disableNamed' : 'cashierSettings.enableNamed', {
            name: toggling.name[language],
          })}
          consequence={t(toggling.enabled ? 'cashierSettings.disableConsequence' : 'cashierSettings.enableConsequence')}
          confirmLabel={t(toggling.enabled ? 'cashierSettings.disable' : 'cashierSettings.enable')}
          tone={toggling.enabled ? 'danger' : 'primary'}
          pending={update.isPending}
          error={update.error}
          onConfirm={() => update.mutate(toggling)}
          onCancel={() => {
            setToggling(null);
            update.reset();
          }}
        />
      )}
    </>
  );
}
