import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MissionMilestone, MissionSummary } from '@khela/contracts';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import type { ClaimInput } from '../api/missions.ts';
import { MissionLeaderboard } from './mission-leaderboard.tsx';
import { percentOf, showValue } from './values.ts';

export interface ClaimState {
  pending: ClaimInput | null;
  done: { milestoneId: number; amount: string } | null;
  error: { milestoneId: number; message: string } | null;
}

function Milestone({
  mission,
  milestone,
  claim,
  onClaim,
}: {
  mission: MissionSummary;
  milestone: MissionMilestone;
  claim: ClaimState;
  onClaim: (input: ClaimInput) => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const percent = milestone.state === 'open' ? percentOf(mission.reachedValue, milestone.target) : 100;
  const sending = claim.pending?.milestoneId === milestone.milestoneId;
  const label = t('mission.progressLabel', {
    n: milestone.sequence,
    value: showValue(mission.goalType, mission.reachedValue),
    target: showValue(mission.goalType, milestone.target),
  });
  const amount = formatAmount(milestone.rewardAmount);
  return (
    <li className={`mission-step mission-step--${milestone.state}`} data-testid={`milestone-${milestone.sequence}`}>
      <div className="mission-step__head">
        <strong>{t('mission.milestone', { n: milestone.sequence })}</strong>
        <span className="mission-step__state">{t(`mission.states.${milestone.state}`)}</span>
      </div>
      <div
        className="mission-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="mission-bar__fill" style={{ inlineSize: `${percent}%` }} />
      </div>
      <p className="mission-step__facts">
        <span>{t('mission.target', { target: showValue(mission.goalType, milestone.target) })}</span>
        <span>{t('mission.reward', { amount })}</span>
        <span>
          {milestone.turnoverMultiple > 0
            ? t('mission.turnover', { times: milestone.turnoverMultiple })
            : t('mission.noTurnover')}
        </span>
      </p>
      {milestone.state === 'reached' ? (
        confirming ? (
          <div
            className="mission-confirm"
            role="alertdialog"
            aria-labelledby={`mission-confirm-${milestone.milestoneId}`}
          >
            <p id={`mission-confirm-${milestone.milestoneId}`}>
              {milestone.turnoverMultiple > 0
                ? t('mission.claimConfirm', { amount, count: milestone.turnoverMultiple })
                : t('mission.claimConfirmNoTurnover', { amount })}
            </p>
            <div className="mission-actions">
              <button
                type="button"
                className="button button--primary"
                disabled={sending}
                onClick={() => {
                  onClaim({ missionId: mission.missionId, milestoneId: milestone.milestoneId });
                  setConfirming(false);
                }}
              >
                {t('mission.confirm')}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                {t('mission.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <div className="mission-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={sending}
              onClick={() => setConfirming(true)}
            >
              {sending ? t('money.sending') : t('mission.claim')}
            </button>
          </div>
        )
      ) : null}
      {claim.done?.milestoneId === milestone.milestoneId ? (
        <p className="mission-ok" role="status">
          {t('mission.claimed', { amount: formatAmount(claim.done.amount) })}
        </p>
      ) : null}
      {claim.error?.milestoneId === milestone.milestoneId ? (
        <p className="mission-error" role="alert">
          {claim.error.message}
        </p>
      ) : null}
    </li>
  );
}

/** One mission: its goal and dates, a progress bar and claim button per milestone, and its board. */
export function MissionCard({
  mission,
  claim,
  onClaim,
}: {
  mission: MissionSummary;
  claim: ClaimState;
  onClaim: (input: ClaimInput) => void;
}) {
  const { t, i18n } = useTranslation();
  const [boardOpen, setBoardOpen] = useState(false);
  const product = (type: string) => t(`rebate.products.${type}`, { defaultValue: type });
  const goal =
    mission.goalType === 'deposit'
      ? t('mission.goal.deposit')
      : mission.goalType === 'rounds'
        ? t('mission.goal.rounds', { game: mission.gameName ?? '' })
        : mission.gameName
          ? t('mission.goal.validBetOn', { what: mission.gameName })
          : mission.productTypes
            ? t('mission.goal.validBetOn', { what: mission.productTypes.map(product).join(', ') })
            : t('mission.goal.validBet');
  const headingId = `mission-${mission.missionId}`;
  return (
    <section className="mission-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{mission.title}</h3>
      <p className="mission-card__window">
        {t('mission.window', {
          start: formatDateTime(mission.startTime, i18n.language),
          end: formatDateTime(mission.endTime, i18n.language),
        })}
      </p>
      {mission.description ? <p>{mission.description}</p> : null}
      <p className="mission-card__goal">
        <strong>{goal}</strong> · {t('mission.reached', { value: showValue(mission.goalType, mission.reachedValue) })}
      </p>
      <ol className="mission-steps">
        {mission.milestones.map((milestone) => (
          <Milestone
            key={milestone.milestoneId}
            mission={mission}
            milestone={milestone}
            claim={claim}
            onClaim={onClaim}
          />
        ))}
      </ol>
      <p className="mission-card__note">
        {t('mission.countedThrough', {
          time: formatDateTime(mission.countedThrough, i18n.language),
        })}
      </p>
      <button
        type="button"
        className="button mission-card__board-toggle"
        aria-expanded={boardOpen}
        aria-controls={`${headingId}-board`}
        onClick={() => setBoardOpen(!boardOpen)}
      >
        {boardOpen ? t('mission.hideBoard') : t('mission.showBoard')}
      </button>
      <div id={`${headingId}-board`} hidden={!boardOpen}>
        {boardOpen ? <MissionLeaderboard missionId={mission.missionId} /> : null}
      </div>
    </section>
  );
}
