import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { openModal, type ModalBodyProps } from '../../../stores/modals.ts';
import { LoginForm } from './login-form.tsx';
import './auth.css';

export interface LoginModalProps extends ModalBodyProps {
  switches: Record<string, boolean>;
}

/** §2 login modal: on success it closes, and §4 opens the forced password change when asked. */
export function LoginModal({ onClose, switches }: LoginModalProps) {
  const { t } = useTranslation();
  return (
    <Modal title={t('modal.titles.login')} onClose={onClose} size="small" className="auth-modal">
      <LoginForm
        smsLogin={Boolean(switches.MOBILEVERCODELOGIN3)}
        freePlay={Boolean(switches.FREEPLAY3)}
        onLoggedIn={(_session, forced) => {
          if (forced) openModal('changePassword', { forced: true });
          else onClose();
        }}
        onRegister={() => openModal('register')}
        onForgotPassword={() => openModal('forgotPassword')}
        onLeave={onClose}
      />
    </Modal>
  );
}
