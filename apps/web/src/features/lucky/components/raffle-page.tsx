import { useState } from 'react';
import type { Raffle } from '@khela/contracts';
import { luckyEndpoints } from '@khela/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useEndpointQuery } from '../../../lib/query.ts';
import { useClaimRaffle, useRaffles } from '../api/lucky.ts';
import { formatCountdown, useServerNow } from '../../../lib/countdown.ts';
import { FairnessProof } from './fairness-proof.tsx';
import '../messages.ts';
import './lucky.css';

function TicketList({ raffleId }: { raffleId: number }) {
  const { t } = useTranslation();
  const entries = useEndpointQuery(luckyEndpoints.raffleEntries, { params: { id: String(raffleId) } });
  if (!entries.data) return null;
  return (
    <div className="lucky-table-wrap">
      <table className="lucky-table">
        <caption>{t('lucky.raffle.verify')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lucky.raffle.holder')}</th>
            <th scope="col">{t('lucky.raffle.tickets')}</th>
            <th scope="col">{t('lucky.raffle.numbers')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.data.entries.map((entry) => (
            <tr key={entry.firstTicket}>
              <td>{entry.holder}</td>
              <td>{entry.tickets}</td>
              <td>
                {entry.firstTicket}–{entry.firstTicket + entry.tickets - 1}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RaffleCard({ raffle, now }: { raffle: Raffle; now: number }) {
  const { t, i18n } = useTranslation();
  const claim = useClaimRaffle();
  const [showList, setShowList] = useState(false);
  const headingId = `raffle-${raffle.id}`;
  const drawAt = Date.parse(raffle.drawAt);
  const when = (at: string) => formatDateTime(at, i18n.language);
  return (
    <article className="lucky-card" aria-labelledby={headingId}>
      <header className="lucky-card__head">
        <h2 id={headingId}>{raffle.title}</h2>
        <span className={`lucky-state lucky-state--${raffle.state}`}>{t(`lucky.states.${raffle.state}`)}</span>
      </header>
      <p>{t('lucky.raffle.window', { from: when(raffle.startsAt), to: when(raffle.endsAt) })}</p>
      {raffle.state === 'cancelled' ? (
        <p className="lucky-small">{t('lucky.raffle.cancelledNote')}</p>
      ) : raffle.state !== 'drawn' ? (
        <p className="lucky-countdown" role="timer" aria-live="off">
          <span>{t('lucky.raffle.drawIn')}</span>{' '}
          <strong>{formatCountdown(drawAt - now, (count) => t('lucky.days', { count }))}</strong>
        </p>
      ) : null}
      <ul className="lucky-rules">
        {raffle.depositPerTicket ? (
          <li>{t('lucky.raffle.perDeposit', { amount: formatAmount(raffle.depositPerTicket) })}</li>
        ) : null}
        {raffle.betPerTicket ? (
          <li>{t('lucky.raffle.perBet', { amount: formatAmount(raffle.betPerTicket) })}</li>
        ) : null}
      </ul>
      <dl className="lucky-facts">
        <div>
          <dt>{t('lucky.raffle.myTickets')}</dt>
          <dd>{raffle.myTickets}</dd>
        </div>
        <div>
          <dt>{t('lucky.raffle.drawAt')}</dt>
          <dd className="lucky-small">{when(raffle.drawAt)}</dd>
        </div>
        {raffle.totalTickets !== null ? (
          <div>
            <dt>{t('lucky.raffle.totalTickets')}</dt>
            <dd>{raffle.totalTickets}</dd>
          </div>
        ) : null}
      </dl>
      <div className="lucky-table-wrap">
        <table className="lucky-table">
          <caption>{t('lucky.raffle.prizes')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('lucky.raffle.prizes')}</th>
              <th scope="col">{t('lucky.raffle.amount')}</th>
              <th scope="col">{t('lucky.raffle.count')}</th>
            </tr>
          </thead>
          <tbody>
            {raffle.prizes.map((prize) => (
              <tr key={prize.tier}>
                <td>{t('lucky.raffle.tier', { n: prize.tier + 1 })}</td>
                <td>{formatAmount(prize.amount)}</td>
                <td>{prize.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {raffle.myPrizes.length > 0 ? (
        <section className="lucky-prizes" aria-label={t('lucky.raffle.myPrizes')}>
          <h3>{t('lucky.raffle.myPrizes')}</h3>
          {raffle.myPrizes.map((prize) => (
            <div key={prize.tier} className="lucky-actions">
              <span>
                {t('lucky.raffle.tier', { n: prize.tier + 1 })} · {t('lucky.raffle.ticket', { n: prize.ticket })}
              </span>
              {prize.state === 'claimed' ? (
                <span className="lucky-state lucky-state--drawn">{t('lucky.raffle.claimed')}</span>
              ) : (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={claim.isPending}
                  onClick={() => claim.mutate(raffle.id)}
                >
                  {claim.isPending
                    ? t('lucky.raffle.claiming')
                    : t('lucky.raffle.claim', { amount: formatAmount(prize.amount) })}
                </button>
              )}
            </div>
          ))}
          <div aria-live="polite">
            {claim.data ? (
              <p className="lucky-result" role="status">
                {t('lucky.raffle.claimedOk', { amount: formatAmount(claim.data.amount) })}
              </p>
            ) : null}
            {claim.error ? (
              <p className="lucky-error" role="alert">
                {claim.error.message}
              </p>
            ) : null}
          </div>
        </section>
      ) : null}
      {raffle.state === 'drawn' ? (
        <section aria-label={t('lucky.raffle.winners')}>
          <h3>{t('lucky.raffle.winners')}</h3>
          {raffle.winners.length === 0 ? (
            <p>{t('lucky.raffle.noWinners')}</p>
          ) : (
            <ul className="lucky-winners">
              {raffle.winners.map((winner) => (
                <li key={`${winner.tier}-${winner.slot}`}>
                  {t('lucky.raffle.tier', { n: winner.tier + 1 })}: {winner.member} ·{' '}
                  {t('lucky.raffle.ticket', { n: winner.ticket })}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <FairnessProof hash={raffle.serverSeedHash} seed={raffle.serverSeed}>
        {raffle.state === 'drawn' ? (
          showList ? (
            <TicketList raffleId={raffle.id} />
          ) : (
            <button type="button" className="button" onClick={() => setShowList(true)}>
              {t('lucky.raffle.verify')}
            </button>
          )
        ) : null}
      </FairnessProof>
    </article>
  );
}

/** Raffles (issue 14 item 2): my tickets, the draw, the seed proof and my prizes to claim. */
export default function RafflePage() {
  const { t } = useTranslation();
  const query = useRaffles();
  const now = useServerNow(query.data?.serverTime);
  return (
    <div className="lucky-page">
      <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {query.data && query.data.list.length === 0 ? (
          <EmptyState title={t('lucky.raffle.empty')} body={t('lucky.raffle.emptyBody')} />
        ) : (
          query.data?.list.map((raffle) => <RaffleCard key={raffle.id} raffle={raffle} now={now} />)
        )}
      </LoadState>
    </div>
  );
}
