import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { openModal, type ModalBodyProps } from '../../../stores/modals.ts';
import './auth.css';
import '../messages.ts';

/**
 * Account notices with a confirm button: §8 in_need_true_account for trial users (with a way to
 * register a real account), and messages such as the end of a session after self-exclusion.
 * Props: `kind` 'trial' | 'message', `message`, `title`.
 */
export function AccountNoticeModal({ props, onClose }: ModalBodyProps) {
  const { t } = useTranslation();
  const okRef = useRef<HTMLButtonElement>(null);
  const trial = props.kind === 'trial';
  const message = typeof props.message === 'string' && props.message ? props.message : t('auth.trial.notice');
  const title = typeof props.title === 'string' && props.title ? props.title : t('auth.notice.title');
  return (
    <Modal
      title={trial ? t('auth.trial.title') : title}
      onClose={onClose}
      size="small"
      initialFocus={okRef}
      className="auth-modal"
      footer={
        <>
          {trial ? (
            <button type="button" className="button" onClick={() => openModal('register')}>
              {t('auth.trial.register')}
            </button>
          ) : null}
          <button ref={okRef} type="button" className="button button--primary" onClick={onClose}>
            {t('common.confirm')}
          </button>
        </>
      }
    >
      <p className="modal__message" role="alert">
        {trial ? t('auth.trial.notice') : message}
      </p>
    </Modal>
  );
}
