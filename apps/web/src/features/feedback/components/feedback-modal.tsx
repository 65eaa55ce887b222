import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import type { ModalBodyProps } from '../../../stores/modals.ts';
import { FeedbackForm } from './feedback-form.tsx';
import './feedback.css';

/** How long the §5 success message stays before the modal closes by itself. */
export const SUCCESS_CLOSE_MS = 3000;

/** §2 feedback modal: the form, then a thank-you that closes itself. */
export function FeedbackModal({ onClose }: ModalBodyProps) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const doneRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!sent) return;
    doneRef.current?.focus();
    const timer = setTimeout(onClose, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [sent, onClose]);

  return (
    <Modal title={t('feedback.title')} onClose={onClose} size="medium" className="feedback-modal">
      {sent ? (
        <div className="feedback-success" role="status">
          <svg className="feedback-success__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7Z"
            />
          </svg>
          <p className="feedback-success__title">{t('feedback.successTitle')}</p>
          <p className="feedback-success__body">{t('feedback.successBody')}</p>
          <button ref={doneRef} type="button" className="button button--primary" onClick={onClose}>
            {t('modal.close')}
          </button>
        </div>
      ) : (
        <FeedbackForm onSent={() => setSent(true)} />
      )}
    </Modal>
  );
}
