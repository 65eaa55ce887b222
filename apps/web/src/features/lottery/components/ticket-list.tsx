import { useTranslation } from 'react-i18next';
import type { LotteryTicket } from '@khela/contracts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { betSummary } from '../utils/bet-form.ts';

/** My tickets with their status (pending, won, lost, refunded when the draw was void) and what they paid. */
export function TicketList({
  tickets,
  pending,
  error,
  onRetry,
  currency,
}: {
  tickets: readonly LotteryTicket[];
  pending: boolean;
  error: { message?: string } | null;
  onRetry: () => void;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section className="lottery-panel" aria-labelledby="lottery-tickets-title">
      <h2 id="lottery-tickets-title" className="lottery-section-title">
        {t('lottery.tickets.title')}
      </h2>
      <LoadState pending={pending} error={error} onRetry={onRetry}>
        {tickets.length === 0 ? (
          <EmptyState title={t('lottery.tickets.empty')} body={t('lottery.tickets.emptyBody')} />
        ) : (
          <ul className="lottery-tickets" data-testid="lottery-tickets">
            {tickets.map((ticket) => (
              <li key={ticket.ticketId} className="lottery-ticket" data-state={ticket.state}>
                <div className="lottery-ticket__head">
                  <span>
                    {t('lottery.tickets.ticket')} #{ticket.ticketId}
                  </span>
                  <span className={`lottery-state lottery-state--${ticket.state}`}>
                    {t(`lottery.tickets.states.${ticket.state}`)}
                  </span>
                </div>
                <p className="lottery-ticket__bet">{betSummary(ticket.betType, ticket.selection, t)}</p>
                <dl className="lottery-ticket__facts">
                  <div>
                    <dt>{t('lottery.tickets.issue')}</dt>
                    <dd>{ticket.issue}</dd>
                  </div>
                  <div>
                    <dt>{t('lottery.tickets.stake')}</dt>
                    <dd>
                      {formatAmount(ticket.stake)} {currency}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('lottery.tickets.payout')}</dt>
                    <dd>{ticket.payout === null ? '—' : `${formatAmount(ticket.payout)} ${currency}`}</dd>
                  </div>
                  <div>
                    <dt>{t('lottery.tickets.placedAt')}</dt>
                    <dd>{formatDateTime(ticket.createdAt, i18n.language)}</dd>
                  </div>
                </dl>
                {ticket.state === 'void' ? <p className="lottery-muted">{t('lottery.tickets.voidNote')}</p> : null}
                {ticket.hits.length > 1 ? (
                  <p className="lottery-muted">{t('lottery.tickets.hits', { count: ticket.hits.length })}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </section>
  );
}
