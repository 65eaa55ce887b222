import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/hooks/use-session.ts';
import { useMissionBadge } from '../api/missions.ts';
import '../messages.ts';
import '../../wallet/components/unread-badge.css';

/**
 * The member-centre menu's badge on missionLeaderboard (§2): rewards reached and not claimed.
 * Its own chunk, loaded with the menu; nothing for a trial account (§4) or at 0.
 */
export default function MissionMenuBadge() {
  const { t } = useTranslation();
  const { role } = useSession();
  const member = role !== 'trial';
  const badge = useMissionBadge(member);
  const count = badge.data?.enabled ? badge.data.count : 0;
  if (!member || count <= 0) return null;
  return (
    <span className="unread-badge" aria-label={t('mission.badge', { count })} data-testid="mission-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}
