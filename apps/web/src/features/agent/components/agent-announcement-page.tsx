import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { announcementsOf, useAnnouncementList } from '../../announcements/api/get-notices.ts';
import { AnnouncementDetail } from '../../announcements/components/announcement-detail.tsx';
import { AgentPageFrame } from './agent-page.tsx';
import '../../announcements/components/announcements.css';
import '../messages.ts';

/** /agentHome/agentAnnouncement: the platform's announcements and notices (the §7 notice call). */
export function AgentAnnouncementPage() {
  const { t } = useTranslation();
  const notices = useAnnouncementList();
  const list = announcementsOf(notices.data);
  return (
    <AgentPageFrame title={t('agentCentre.announcements.title')} intro={t('agentCentre.announcements.intro')}>
      <LoadState pending={notices.isPending} error={notices.error} onRetry={() => void notices.refetch()}>
        {list.length === 0 ? (
          <EmptyState title={t('agentCentre.announcements.empty')} />
        ) : (
          list.map((announcement) => (
            <section key={announcement.id} className="agent-card">
              <AnnouncementDetail announcement={announcement} headingLevel="h2" />
            </section>
          ))
        )}
      </LoadState>
    </AgentPageFrame>
  );
}
