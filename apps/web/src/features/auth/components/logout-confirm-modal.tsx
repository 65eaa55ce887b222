import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { navigateTo } from '../../../lib/navigation.ts';
import type { ModalBodyProps } from '../../../stores/modals.ts';
import { logOut } from '../api/log-out.ts';
import { endSession } from '../utils/session.ts';
import './auth.css';
import '../messages.ts';

/**
 * §4 logout: a confirm dialog; cancel does nothing; confirm shows a loader, logs out on the
 * server, clears the session (merchant keys kept) and goes home, or to /agent from the agent area.
 */
export function LogoutConfirmModal({ props, onClose }: ModalBodyProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirm = async () => {
    setPending(true);
    try {
      await logOut();
    } catch {
      // An expired session is logged out already; the local session ends either way.
    }
    endSession();
    onClose();
    navigateTo(props.from === 'agent' ? '/agent' : '/');
  };
  return (
    <Modal
      title={t('modal.titles.logoutConfirm')}
      onClose={pending ? () => undefined : onClose}
      size="small"
      initialFocus={cancelRef}
      className="auth-modal"
      footer={
        <>
          <button ref={cancelRef} type="button" className="button" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={pending}>
            {pending ? (
              <>
                <span className="spinner spinner--small" aria-hidden="true" /> {t('auth.logout.pending')}
              </>
            ) : (
              t('auth.logout.confirm')
            )}
          </button>
        </>
      }
    >
      <p className="modal__message" aria-live="polite">
        {pending ? t('auth.logout.pending') : t('auth.logout.question')}
      </p>
    </Modal>
  );
}
