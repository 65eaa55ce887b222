import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportsCashOutQuote, SportsSlip } from '@khela/contracts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { openModal } from '../../../stores/modals.ts';
import { cashOut, cashOutQuote, useMySlips } from '../api/sports.ts';
import { marketTitle, pickLabel } from '../utils/labels.ts';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/** Cash-out of an open slip: ask the book's price, then confirm it; a changed price is shown and asked again. */
function CashOut({ slip, currency, onDone }: { slip: SportsSlip; currency: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [quote, setQuote] = useState<SportsCashOutQuote | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const money = (amount: string) => `${formatAmount(amount)} ${currency}`.trim();

  const ask = async () => {
    setBusy(true);
    setNote('');
    try {
      setQuote(await cashOutQuote(slip.id));
    } catch (error) {
      setNote(messageOf(error, t('common.networkError')));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!quote) return;
    setBusy(true);
    try {
      const closed = await cashOut(slip.id, quote.amount);
      setQuote(null);
      setNote(t('sports.mine.cashOutDone', { id: slip.id, amount: money(closed.payout ?? quote.amount) }));
      onDone();
    } catch (error) {
      const amount = error instanceof ApiError ? (error.value as { amount?: unknown } | null)?.amount : undefined;
      if (typeof amount === 'string') {
        setQuote({ ...quote, amount });
        setNote(t('sports.mine.cashOutChanged', { amount: money(amount) }));
      } else {
        setQuote(null);
        setNote(messageOf(error, t('common.networkError')));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sb-cashout">
      {quote ? (
        <div role="group" aria-label={t('sports.mine.cashOutTitle', { id: slip.id })}>
          <p>
            <strong>{t('sports.mine.cashOutTitle', { id: slip.id })}</strong> {t('sports.mine.cashOutNote')}
          </p>
          <div className="sb-slip__actions">
            <button type="button" className="button" disabled={busy} onClick={() => setQuote(null)}>
              {t('money.back')}
            </button>
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void confirm()}>
              {t('sports.mine.cashOutQuote', { amount: money(quote.amount) })}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button" disabled={busy} onClick={() => void ask()}>
          {t('sports.mine.cashOut')}
        </button>
      )}
      {note ? (
        <p className="sb-muted" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}

function SlipCard({ slip, currency, onChange }: { slip: SportsSlip; currency: string; onChange: () => void }) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) => `${formatAmount(amount)} ${currency}`.trim();
  const title = t('sports.mine.slip', { id: slip.id });
  return (
    <li className="sb-betcard" aria-label={title}>
      <header className="sb-betcard__head">
        <strong>{title}</strong>
        <span className="sb-muted">{t(`sports.mine.kinds.${slip.kind}`)}</span>
        <span className={`sb-badge sb-badge--slip-${slip.status}`}>{t(`sports.mine.states.${slip.status}`)}</span>
      </header>
      <ul className="sb-betcard__legs">
        {slip.legs.map((leg) => {
          const market = { type: leg.marketType, line: leg.line };
          return (
            <li key={leg.id}>
              <span className="sb-betcard__pick">
                {pickLabel(t, leg, market, leg.selection)} <span className="sb-muted">@ {leg.odds}</span>
              </span>
              <span className="sb-muted">
                {t('sports.vs', { home: leg.home, away: leg.away })} · {marketTitle(t, market)}
                {leg.score ? ` · ${leg.score.home}–${leg.score.away}` : ''}
              </span>
              <span className={`sb-badge sb-badge--leg-${leg.outcome}`}>
                {t(`sports.mine.outcomes.${leg.outcome}`)}
              </span>
            </li>
          );
        })}
      </ul>
      <dl className="sb-betcard__sums">
        <div>
          <dt>{t('sports.mine.stake')}</dt>
          <dd>{money(slip.stake)}</dd>
        </div>
        <div>
          <dt>{t('sports.mine.odds')}</dt>
          <dd>{slip.odds}</dd>
        </div>
        <div>
          <dt>{slip.payout === null ? t('sports.mine.potential') : t('sports.mine.payout')}</dt>
          <dd>{money(slip.payout ?? slip.potentialReturn)}</dd>
        </div>
      </dl>
      <p className="sb-muted sb-betcard__time">
        {t('sports.mine.placedAt', { at: formatDateTime(slip.createdAt, i18n.language) })}
      </p>
      {slip.status === 'open' ? <CashOut slip={slip} currency={currency} onDone={onChange} /> : null}
    </li>
  );
}

/** `?tab=mine`: my open and settled slips with their legs, odds, status, result and payout; cash-out while open. */
export function MyBets({
  token,
  currency,
  onChange,
}: {
  token: string | null;
  currency: string;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  const [pageNo, setPageNo] = useState(1);
  const slips = useMySlips(token, status, pageNo);
  if (!token) {
    return (
      <EmptyState
        title={t('sports.mine.title')}
        body={t('sports.mine.loginNote')}
        action={
          <button type="button" className="button button--primary" onClick={() => openModal('login')}>
            {t('sports.slip.logIn')}
          </button>
        }
      />
    );
  }
  return (
    <section className="sb-mine" aria-labelledby="sb-mine-title">
      <h2 id="sb-mine-title" className="sb-mine__title">
        {t('sports.mine.title')}
      </h2>
      <div className="sb-seg" role="tablist" aria-label={t('sports.mine.title')}>
        {(['open', 'settled'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={status === value}
            onClick={() => {
              setStatus(value);
              setPageNo(1);
            }}
          >
            {t(`sports.mine.${value}`)}
          </button>
        ))}
      </div>
      <LoadState pending={slips.isPending} error={slips.error} onRetry={() => void slips.refetch()}>
        {slips.data && slips.data.list.length === 0 ? (
          <EmptyState title={t('sports.mine.empty')} body={t('sports.mine.emptyBody')} />
        ) : (
          <ul className="sb-betcards">
            {slips.data?.list.map((slip) => (
              <SlipCard key={slip.id} slip={slip} currency={currency} onChange={onChange} />
            ))}
          </ul>
        )}
        {slips.data ? (
          <Pager pageNo={pageNo} pageSize={slips.data.pageSize} total={slips.data.total} onPage={setPageNo} />
        ) : null}
      </LoadState>
    </section>
  );
}
