import type { RedEnvelope } from '@khela/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { formatAmount } from '../../../lib/format.ts';
import { useGrab, useRedEnvelopes } from '../api/lucky.ts';
import { formatCountdown, useServerNow } from '../../../lib/countdown.ts';
import { FairnessProof } from './fairness-proof.tsx';
import '../messages.ts';
import './lucky.css';

function Envelope({ envelope, now }: { envelope: RedEnvelope; now: number }) {
  const { t } = useTranslation();
  const grab = useGrab();
  const starts = Date.parse(envelope.startsAt);
  const ends = Date.parse(envelope.endsAt);
  // The server's state, moved on by the clock between reads.
  const state =
    envelope.state === 'cancelled'
      ? 'cancelled'
      : envelope.state === 'closed' || now >= ends
        ? 'closed'
        : now < starts
          ? 'upcoming'
          : 'open';
  const mine = grab.data && grab.data.envelopeId === envelope.id ? grab.data.amount : envelope.myGrab?.amount;
  const headingId = `red-envelope-${envelope.id}`;
  return (
    <article className="lucky-card lucky-envelope" aria-labelledby={headingId}>
      <header className="lucky-card__head">
        <h2 id={headingId}>{envelope.title}</h2>
        <span className={`lucky-state lucky-state--${state}`}>{t(`lucky.states.${state}`)}</span>
      </header>
      <p className="lucky-countdown" role="timer" aria-live="off">
        {state === 'closed' || state === 'cancelled' ? (
          t('lucky.redEnvelope.ended')
        ) : (
          <>
            <span>{t(state === 'upcoming' ? 'lucky.redEnvelope.startsIn' : 'lucky.redEnvelope.endsIn')}</span>{' '}
            <strong>
              {formatCountdown((state === 'upcoming' ? starts : ends) - now, (count) => t('lucky.days', { count }))}
            </strong>
          </>
        )}
      </p>
      <dl className="lucky-facts">
        <div>
          <dt>{t('lucky.redEnvelope.left')}</dt>
          <dd>
            {formatAmount(envelope.remaining)} / {formatAmount(envelope.pool)}
          </dd>
        </div>
        <div>
          <dt>{t('lucky.redEnvelope.range')}</dt>
          <dd>
            {t('lucky.redEnvelope.rangeValue', {
              min: formatAmount(envelope.minGrab),
              max: formatAmount(envelope.maxGrab),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('lucky.redEnvelope.grabs')}</dt>
          <dd>{envelope.grabs}</dd>
        </div>
      </dl>
      {envelope.minDeposit ? (
        <p>
          {t('lucky.redEnvelope.requirement', {
            amount: formatAmount(envelope.minDeposit),
            days: envelope.depositDays,
          })}
        </p>
      ) : null}
      <p>
        {envelope.turnoverMultiple > 0
          ? t('lucky.turnover', { count: envelope.turnoverMultiple })
          : t('lucky.noTurnover')}
      </p>
      <div className="lucky-actions" aria-live="polite">
        {mine ? (
          <p className="lucky-result" role="status">
            {grab.data
              ? t('lucky.redEnvelope.youGot', { amount: formatAmount(mine) })
              : t('lucky.redEnvelope.yourGrab', { amount: formatAmount(mine) })}
          </p>
        ) : state === 'open' ? (
          <button
            type="button"
            className="button button--primary lucky-grab"
            disabled={grab.isPending}
            onClick={() => grab.mutate(envelope.id)}
          >
            {grab.isPending ? t('lucky.redEnvelope.grabbing') : t('lucky.redEnvelope.grab')}
          </button>
        ) : null}
        {grab.error ? (
          <p className="lucky-error" role="alert">
            {grab.error.message}
          </p>
        ) : null}
      </div>
      <FairnessProof hash={envelope.serverSeedHash} seed={envelope.serverSeed} />
    </article>
  );
}

/** Red envelopes (issue 14 item 2; docs/adr/0017-lucky.md): a countdown, one grab each, the seed proof. */
export default function RedEnvelopePage() {
  const { t } = useTranslation();
  const query = useRedEnvelopes();
  const now = useServerNow(query.data?.serverTime);
  return (
    <div className="lucky-page">
      <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {query.data && query.data.list.length === 0 ? (
          <EmptyState title={t('lucky.redEnvelope.empty')} body={t('lucky.redEnvelope.emptyBody')} />
        ) : (
          query.data?.list.map((envelope) => <Envelope key={envelope.id} envelope={envelope} now={now} />)
        )}
      </LoadState>
    </div>
  );
}
