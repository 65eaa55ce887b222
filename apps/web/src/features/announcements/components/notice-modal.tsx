import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import type { ModalBodyProps } from '../../../stores/modals.ts';
import type { Announcement } from '../api/get-notices.ts';
import { isPopupAudience, markPopupsClosed } from '../utils/popup-session.ts';
import { AnnouncementDetail } from './announcement-detail.tsx';
import './announcements.css';

/**
 * §2 notice modal: one notice (props.notice). Opened as an on-load popup (props.popup holds the
 * audience), closing it sets that audience's per-session closed flag (§4).
 */
export function NoticeModal({ props, onClose }: ModalBodyProps) {
  const { t } = useTranslation();
  const notice = props.notice as Announcement | undefined;
  const close = () => {
    if (isPopupAudience(props.popup)) markPopupsClosed(props.popup);
    onClose();
  };
  return (
    <Modal
      title={notice?.title || t('announcements.noticeTitle')}
      onClose={close}
      size="medium"
      className="notice-modal"
      footer={
        <button type="button" className="button button--primary" onClick={close}>
          {t('announcements.gotIt')}
        </button>
      }
    >
      {notice ? (
        <AnnouncementDetail announcement={notice} showTitle={false} />
      ) : (
        <EmptyState title={t('announcements.emptyTitle')} />
      )}
    </Modal>
  );
}
