import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { useClaimMissionReward, useMissions, type ClaimInput } from '../api/missions.ts';
import { MissionCard, type ClaimState } from './mission-card.tsx';
import '../messages.ts';
import './mission-page.css';

/**
 * Member centre `missionLeaderboard` (issue 14 item 6, MISSIONLB3; docs/adr/0019-missions.md): the
 * open missions with a progress bar and a confirmed claim per milestone, each mission's
 * leaderboard with the caller's row pinned, and the missions that ended.
 */
export default function MissionPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'O' | 'C'>('O');
  const missions = useMissions(status);
  const claim = useClaimMissionReward();
  const [last, setLast] = useState<ClaimInput | null>(null);
  const claimState: ClaimState = {
    pending: claim.isPending ? last : null,
    done: claim.data && last ? { milestoneId: last.milestoneId, amount: claim.data.amount } : null,
    error: claim.error && last ? { milestoneId: last.milestoneId, message: claim.error.message } : null,
  };
  const onClaim = (input: ClaimInput) => {
    claim.reset();
    setLast(input);
    claim.mutate(input);
  };
  const list = missions.data?.list ?? [];
  return (
    <div className="mission-page">
      <p className="mission-page__intro">{t('mission.intro')}</p>
      <div className="mission-tabs" role="group" aria-label={t('mission.open')}>
        {(['O', 'C'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            className={`button${status === tab ? ' button--primary' : ''}`}
            aria-pressed={status === tab}
            onClick={() => setStatus(tab)}
          >
            {tab === 'O' ? t('mission.open') : t('mission.closed')}
          </button>
        ))}
      </div>
      <LoadState pending={missions.isPending} error={missions.error} onRetry={() => void missions.refetch()}>
        {missions.data && list.length === 0 ? (
          status === 'O' ? (
            <EmptyState title={t('mission.emptyTitle')} body={t('mission.emptyBody')} />
          ) : (
            <p>{t('mission.closedEmpty')}</p>
          )
        ) : (
          list.map((mission) => (
            <MissionCard key={mission.missionId} mission={mission} claim={claimState} onClaim={onClaim} />
          ))
        )}
      </LoadState>
    </div>
  );
}
