import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/hooks/use-session.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useUnreadCount } from '../api/get-unread.ts';
import '../messages.ts';
import './unread-badge.css';

/** The unread count as a small badge (§2 menu badges); nothing when 0 or for a trial account (§4). */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="unread-badge" aria-label={t('wallet.inbox.unread', { count })} data-testid="unread-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The member-centre menu's badge on messageV2: its own chunk, loaded with the menu. */
export default function MenuUnreadBadge() {
  const { role } = useSession();
  const member = role !== 'trial';
  const unread = useUnreadCount(useSessionToken(), member);
  return member ? <UnreadBadge count={unread.data?.unread ?? 0} /> : null;
}
