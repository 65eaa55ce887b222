import { useId, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cashierAdminEndpoints as cashier, PAYMENT_METHODS, type ValueOf } from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { Dialog } from '../components/dialog.tsx';
import type { MessageKey } from '../locales/en.ts';
import { formErrors } from './operators-form.ts';

type Channel = ValueOf<typeof cashier.channelsList>[number];
type Method = (typeof PAYMENT_METHODS)[number];

/** The inputs, named as the last part of the server's field paths (`body.payee.accountNumber`). */
const INPUTS = [
  'code',
  'method',
  'en',
  'bn',
  'payee',
  'bankName',
  'branch',
  'accountName',
  'accountNumber',
  'minAmount',
  'maxAmount',
  'sort',
] as const;
type Input = (typeof INPUTS)[number];

/**
 * Issue 16 item 3: add a payment channel or change one (code and method stay once created).
 * What the form sends is what the server checks; its field errors show beside the inputs.
 */
export function ChannelFormDialog({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  const { t, language } = useI18n();
  const formId = useId();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (form: FormData) => {
      const text = (name: string) => String(form.get(name) ?? '').trim();
      const optional = (name: string) => text(name) || null;
      const method = (channel?.method ?? text('method')) as Method;
      const change = {
        name: { en: text('en'), bn: text('bn') },
        payee:
          method === 'gateway'
            ? null
            : {
                bankName: optional('bankName'),
                branch: optional('branch'),
                accountName: text('accountName'),
                accountNumber: text('accountNumber'),
              },
        minAmount: text('minAmount'),
        maxAmount: text('maxAmount'),
        enabled: form.get('enabled') === 'on',
        sort: Number(text('sort') || '0'),
      };
      return channel
        ? call(cashier.channelUpdate, { params: { id: String(channel.id) }, body: change })
        : call(cashier.channelCreate, { body: { ...change, code: text('code'), method } });
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['cashier', 'channels'] });
      onClose();
    },
  });
  const errors = save.isError
    ? formErrors(save.error, INPUTS, t('app.error'))
    : { fields: {} as Record<string, string>, form: null };
  if (save.isError && (save.error as { code?: string }).code === 'admin.conflict' && !errors.fields.code) {
    errors.fields.code = t('channelForm.codeTaken');
    errors.form = null;
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(new FormData(event.currentTarget));
  };
  const field = (
    name: Input,
    label: MessageKey,
    input: { defaultValue?: string; inputMode?: 'decimal' | 'numeric' },
  ) => (
    <label>
      {t(label)}
      <input
        name={name}
        autoComplete="off"
        {...input}
        aria-invalid={errors.fields[name] ? true : undefined}
        aria-describedby={errors.fields[name] ? `${formId}-${name}` : undefined}
      />
      {errors.fields[name] && (
        <span id={`${formId}-${name}`} className="error">
          {errors.fields[name]}
        </span>
      )}
    </label>
  );
  const payee = channel?.payee;
  return (
    <Dialog
      title={channel ? t('channelForm.edit', { name: channel.name[language] }) : t('channelForm.new')}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="channel-form">
        {channel ? (
          <p className="hint">
            {t('channelForm.fixed', { code: channel.code, method: t(`channelForm.method.${channel.method}`) })}
          </p>
        ) : (
          <>
            {field('code', 'channelForm.code', {})}
            <label>
              {t('cashierSettings.method')}
              <select name="method" defaultValue="bkash">
                {PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {t(`channelForm.method.${method}`)}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        {field('en', 'channelForm.nameEn', { defaultValue: channel?.name.en ?? '' })}
        {field('bn', 'channelForm.nameBn', { defaultValue: channel?.name.bn ?? '' })}
        {channel?.method !== 'gateway' && (
          <fieldset>
            <legend>{t('channelForm.payee')}</legend>
            {errors.fields.payee && <span className="error">{errors.fields.payee}</span>}
            {field('accountName', 'channelForm.accountName', { defaultValue: payee?.accountName ?? '' })}
            {field('accountNumber', 'channelForm.accountNumber', {
              defaultValue: payee?.accountNumber ?? '',
              inputMode: 'numeric',
            })}
            {field('bankName', 'channelForm.bankName', { defaultValue: payee?.bankName ?? '' })}
            {field('branch', 'channelForm.branch', { defaultValue: payee?.branch ?? '' })}
          </fieldset>
        )}
        {field('minAmount', 'channelForm.minAmount', { defaultValue: channel?.minAmount ?? '', inputMode: 'decimal' })}
        {field('maxAmount', 'channelForm.maxAmount', { defaultValue: channel?.maxAmount ?? '', inputMode: 'decimal' })}
        {field('sort', 'cashierSettings.order', { defaultValue: String(channel?.sort ?? 0), inputMode: 'numeric' })}
        <label className="check">
          <input type="checkbox" name="enabled" defaultChecked={channel?.enabled ?? false} />
          {t('channelForm.enabled')}
        </label>
        {errors.form && (
          <p className="error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={save.isPending}>
            {t(channel ? 'channelForm.save' : 'channelForm.create')}
          </button>
          <button type="button" onClick={onClose}>
            {t('security.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
