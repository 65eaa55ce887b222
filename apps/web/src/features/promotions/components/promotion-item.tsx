import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActivityStatus, PromotionView } from '@khela/contracts';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { sanitizeHtml } from '../../../lib/sanitize.ts';
import { openModal } from '../../../stores/modals.ts';
import { usePromotionAction } from '../api/promotions.ts';
import './promotions.css';

/** The button a status offers (§4): join (a check-in pays at once), claim, or none. */
function actionOf(promotion: PromotionView): 'join' | 'checkIn' | 'claim' | null {
  if (promotion.status === 'claim') return 'claim';
  if (promotion.status !== 'join') return null;
  return promotion.trigger === 'check_in' ? 'checkIn' : 'join';
}

/** Points or raffle tickets rather than money. */
const inUnits = (kind: PromotionView['rewardKind']) => kind === 'points' || kind === 'raffle_tickets';

/** A count of points or raffle tickets as words. */
export function unitsText(kind: PromotionView['rewardKind'], count: number, t: TFunction): string {
  return t(kind === 'points' ? 'promo.reward.points' : 'promo.reward.tickets', { count });
}

/** What the reward is worth before it is known: the fixed amount, the percent and its cap, or the points or tickets. */
export function rewardText(promotion: PromotionView, t: TFunction): string {
  if (inUnits(promotion.rewardKind)) return unitsText(promotion.rewardKind, promotion.rewardUnits ?? 0, t);
  if (promotion.rewardKind === 'percent')
    return t('promo.reward.percent', {
      rate: Number(promotion.rewardRate ?? 0).toString(),
      cap: formatAmount(promotion.rewardCap ?? '0.00'),
    });
  return t('promo.reward.fixed', { amount: formatAmount(promotion.rewardAmount ?? '0.00') });
}

/**
 * One promotion of the engine (issue 14 items 1–2): image, title, reward and period, the
 * member's §4 status, the details (sanitised rich text) on demand, and its button. Where money
 * moves (a claim, a check-in) the member confirms first.
 */
export function PromotionItem({ promotion, member }: { promotion: PromotionView; member: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const act = usePromotionAction();
  const titleId = useId();
  const detailsId = useId();
  const action = actionOf(promotion);
  const status: ActivityStatus = promotion.status;
  const units = inUnits(promotion.rewardKind);
  const shownAmount = units
    ? unitsText(promotion.rewardKind, promotion.units ?? promotion.rewardUnits ?? 0, t)
    : formatAmount(promotion.amount ?? promotion.rewardAmount ?? promotion.rewardCap ?? '0.00');
  const movesMoney = action === 'claim' || action === 'checkIn';
  const run = () => {
    setConfirming(false);
    if (action) act.mutate({ action: action === 'claim' ? 'claim' : 'join', promotionId: promotion.id });
  };
  const done = act.data?.status as keyof typeof DONE | undefined;

  return (
    <article className="promo-item" aria-labelledby={titleId} data-testid={`promotion-${promotion.id}`}>
      {promotion.imageUrl ? (
        <img className="promo-item__image" src={promotion.imageUrl} alt="" width={480} height={200} loading="lazy" />
      ) : null}
      <div className="promo-item__body">
        <div className="promo-item__head">
          <h2 id={titleId} className="promo-item__title">
            {promotion.title}
          </h2>
          <span className={`promo-status promo-status--${status}`} data-testid="promotion-status">
            {t(`promo.statuses.${status}`)}
          </span>
        </div>
        <ul className="promo-item__facts">
          <li>{rewardText(promotion, t)}</li>
          <li>{t(`promo.reward.periods.${promotion.period}`)}</li>
          {promotion.turnoverMultiple > 0 && !units ? (
            <li>{t('promo.reward.turnover', { multiple: promotion.turnoverMultiple })}</li>
          ) : null}
          {promotion.requiresApproval ? <li>{t('promo.reward.approval')}</li> : null}
          {promotion.status === 'coming_soon' ? (
            <li>{t('promo.starts', { date: formatDateTime(promotion.startsAt, i18n.language) })}</li>
          ) : promotion.endsAt ? (
            <li>{t('promo.ends', { date: formatDateTime(promotion.endsAt, i18n.language) })}</li>
          ) : null}
        </ul>
        {promotion.amount || promotion.units ? (
          <p className="promo-item__reward">{t('promo.yourReward', { amount: shownAmount })}</p>
        ) : null}
        <button
          type="button"
          className="button promo-item__toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('promo.hideDetails') : t('promo.showDetails')}
        </button>
        <div
          id={detailsId}
          className="promo-item__details rich-text"
          hidden={!open}
          // Sanitised on the server when stored and again here (lib/sanitize.ts).
          dangerouslySetInnerHTML={open ? { __html: sanitizeHtml(promotion.body) } : undefined}
        />
        <div className="promo-item__actions">
          {!member && action ? (
            <button type="button" className="button button--primary" onClick={() => openModal('login')}>
              {t('promo.actions.logIn')}
            </button>
          ) : action && !confirming ? (
            <button
              type="button"
              className="button button--primary"
              disabled={act.isPending}
              onClick={() => (movesMoney ? setConfirming(true) : run())}
            >
              {t(`promo.actions.${action}`)}
            </button>
          ) : null}
          {confirming ? (
            <div className="promo-confirm" role="group" aria-label={t(`promo.actions.${action ?? 'claim'}`)}>
              <p>
                {action === 'checkIn'
                  ? t('promo.confirmCheckIn', { amount: shownAmount })
                  : units && !promotion.requiresApproval
                    ? t('promo.confirmUnits', { amount: shownAmount })
                    : promotion.requiresApproval
                      ? t('promo.confirmClaimApproval', { amount: shownAmount })
                      : t('promo.confirmClaim', { amount: shownAmount })}
              </p>
              <button type="button" className="button button--primary" onClick={run} autoFocus>
                {t('promo.actions.confirm')}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                {t('promo.actions.cancel')}
              </button>
            </div>
          ) : null}
        </div>
        {done && DONE[done] ? (
          <p className="promo-item__done" role="status">
            {units && act.data?.units
              ? t('promo.unitsReceived', { amount: unitsText(promotion.rewardKind, act.data.units, t) })
              : t(`promo.done.${done}`)}
          </p>
        ) : null}
        {act.error ? (
          <p className="promo-item__error" role="alert">
            {act.error.message}
          </p>
        ) : null}
      </div>
    </article>
  );
}

const DONE = { joined: true, claim: true, signed: true, claimed: true, applying: true, issued: true } as const;
