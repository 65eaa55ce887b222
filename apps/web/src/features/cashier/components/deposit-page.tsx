import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cashierEndpoints, type ValueOf } from '@khela/contracts';
import { AmountField, amountProblemMessage, rangeHint } from '../../../components/ui/amount-field.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { amountRow, MoneyConfirm } from '../../../components/ui/money-confirm.tsx';
import { MoneyChoices, MoneyForm } from '../../../components/ui/money-form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { checkAmount } from '../../../lib/amount-input.ts';
import { formatAmount } from '../../../lib/format.ts';
import { useMoneyForm } from '../../../lib/use-money-form.ts';
import { createDeposit } from '../api/create-deposit.ts';
import { useDepositSettings } from '../api/get-deposit-settings.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { DepositLimits } from './deposit-limits.tsx';
import { DepositList } from './deposit-list.tsx';
import { ImageUploader } from './image-uploader.tsx';
import '../../../components/ui/form.css';
import '../../../components/ui/money.css';
import './cashier.css';
import '../messages.ts';

type Channel = ValueOf<typeof cashierEndpoints.depositSettings>['channels'][number];
type Field = 'amount' | 'referenceNumber' | 'receiptUploadIds';
const FIELDS: readonly Field[] = ['amount', 'referenceNumber', 'receiptUploadIds'];

/**
 * §2 member centre `depositv2` (issue 5 item 3): channels as cards with their range, the payee
 * to pay to (copyable), amount, reference number and receipt images, a confirmation step, then
 * the deposit pending in the list; gateway channels open the payment page. The member's own
 * deposit limits below.
 */
export default function DepositPage() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const settings = useDepositSettings(token);
  const data = settings.data;

  return (
    <div className="cashier-page">
      <LoadState pending={settings.isPending} error={settings.error} onRetry={() => void settings.refetch()}>
        {data && data.allowDeposit === 'N' ? (
          <EmptyState
            variant="page"
            headingLevel={2}
            title={t('cashier.deposit.closedTitle')}
            body={t('cashier.deposit.closed')}
          />
        ) : data && data.channels.length === 0 ? (
          <EmptyState
            variant="page"
            headingLevel={2}
            title={t('cashier.deposit.noChannelsTitle')}
            body={t('cashier.deposit.noChannels')}
          />
        ) : data ? (
          <DepositForm channels={data.channels} currency={data.currency} />
        ) : null}
      </LoadState>
      {data ? <DepositLimits limits={data.limits} currency={data.currency} /> : null}
      <DepositList />
    </div>
  );
}

function DepositForm({ channels, currency }: { channels: Channel[]; currency: string }) {
  const { t } = useTranslation();
  const [channelId, setChannelId] = useState(channels[0]!.id);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [uploads, setUploads] = useState<number[]>([]);
  const [uploaderKey, setUploaderKey] = useState(0);
  const channel = channels.find((c) => c.id === channelId) ?? channels[0]!;
  const manual = channel.method !== 'gateway';
  const bounds = { min: channel.minAmount, max: channel.maxAmount };
  const checked = checkAmount(amount, bounds);

  const send = useCallback(
    (requestId: string) =>
      createDeposit({
        requestId,
        channelId: channel.id,
        amount: checked.ok ? checked.wire : amount,
        ...(manual && reference.trim() ? { referenceNumber: reference.trim() } : {}),
        ...(manual && uploads.length ? { receiptUploadIds: uploads } : {}),
      }),
    [channel.id, checked, amount, manual, reference, uploads],
  );
  const form = useMoneyForm(FIELDS, send, [cashierEndpoints.depositList, cashierEndpoints.depositSettings]);
  const { errors, edit, done } = form;

  const review = () => {
    const found: typeof errors = {};
    if (!checked.ok) found.amount = amountProblemMessage(t, checked.problem, bounds);
    if (manual && !reference.trim()) found.referenceNumber = t('cashier.deposit.referenceRequired');
    form.review(found);
  };

  const confirm = async () => {
    if (form.pending) return;
    // Opened inside the click, so pop-up blockers allow it; pointed at the gateway once it answers.
    const tab = manual ? null : window.open('', '_blank');
    if (tab) tab.opener = null;
    const result = await form.confirm();
    if (result?.ok && result.value.paymentUrl && tab) tab.location.href = result.value.paymentUrl;
    else tab?.close();
    if (!result?.ok) return;
    setAmount('');
    setReference('');
    setUploads([]);
    setUploaderKey((k) => k + 1);
  };

  if (form.step === 'confirm') {
    return (
      <MoneyConfirm
        {...form.confirmStep}
        title={t('cashier.deposit.confirmTitle')}
        rows={[
          { label: t('cashier.deposit.channel'), value: channel.name },
          amountRow(t, checked, currency),
          ...(manual ? [{ label: t('cashier.deposit.reference'), value: reference.trim() }] : []),
          ...(manual ? [{ label: t('cashier.deposit.receipts'), value: String(uploads.length) }] : []),
        ]}
        note={manual ? t('cashier.deposit.confirmNoteManual') : t('cashier.deposit.confirmNoteGateway')}
        confirmLabel={t('cashier.deposit.submit')}
        onConfirm={() => void confirm()}
      />
    );
  }

  return (
    <MoneyForm
      id="deposit"
      title={t('cashier.deposit.title')}
      error={errors.form}
      onReview={review}
      success={
        done ? (
          done.paymentUrl ? (
            <>
              {t('cashier.deposit.gatewayOpened')}{' '}
              <a href={done.paymentUrl} target="_blank" rel="noopener noreferrer">
                {t('cashier.deposit.openPayment')}
              </a>
            </>
          ) : (
            t('cashier.deposit.submitted', { amount: `${formatAmount(done.amount)} ${done.currency}` })
          )
        ) : null
      }
    >
      <MoneyChoices
        legend={t('cashier.deposit.channel')}
        name="channel"
        selected={channel.id}
        onSelect={(id) => edit(() => setChannelId(id))}
        choices={channels.map((c) => ({
          value: c.id,
          label: c.name,
          detail: (
            <>
              {c.name !== t(`cashier.methods.${c.method}`) ? (
                <span className="cashier-channel__method">{t(`cashier.methods.${c.method}`)}</span>
              ) : null}
              <span className="cashier-channel__range">
                {formatAmount(c.minAmount)} – {formatAmount(c.maxAmount)} {currency}
              </span>
            </>
          ),
        }))}
      />

      {manual && channel.payee ? (
        <section className="cashier-payee" aria-labelledby="payee-title">
          <h3 id="payee-title">{t('cashier.deposit.payTo')}</h3>
          <dl>
            {(['bankName', 'branch', 'accountName', 'accountNumber'] as const).map((key) =>
              channel.payee?.[key] ? (
                <div key={key}>
                  <dt>{t(`cashier.payee.${key}`)}</dt>
                  <dd>
                    <span>{channel.payee[key]}</span>
                    <CopyButton text={channel.payee[key]} what={t(`cashier.payee.${key}`)} />
                  </dd>
                </div>
              ) : null,
            )}
          </dl>
        </section>
      ) : !manual ? (
        <p className="cashier-note">{t('cashier.deposit.gatewayNote')}</p>
      ) : null}

      <AmountField
        id="deposit-amount"
        label={t('money.amountLabel')}
        value={amount}
        onChange={(v) => edit(() => setAmount(v))}
        error={errors.amount}
        hint={rangeHint(t, bounds, currency)}
      />
      {manual ? (
        <>
          <TextField
            id="deposit-reference"
            label={t('cashier.deposit.reference')}
            value={reference}
            onChange={(v) => edit(() => setReference(v))}
            error={errors.referenceNumber}
            hint={t('cashier.deposit.referenceHint')}
            maxLength={64}
            autoComplete="off"
            required
          />
          <ImageUploader
            key={uploaderKey}
            label={t('cashier.deposit.receipts')}
            error={errors.receiptUploadIds}
            onChange={(ids) => {
              setUploads(ids);
              form.reset();
            }}
          />
        </>
      ) : null}
    </MoneyForm>
  );
}
