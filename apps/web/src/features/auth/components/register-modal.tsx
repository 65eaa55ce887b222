import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { navigateTo } from '../../../lib/navigation.ts';
import { openModal, type ModalBodyProps } from '../../../stores/modals.ts';
import type { RegisterSwitches, RegistrationRules } from '../utils/registration-form.ts';
import { RegisterForm } from './register-form.tsx';
import './auth.css';

export interface RegisterModalProps extends ModalBodyProps {
  switches: RegisterSwitches;
  rules: RegistrationRules;
}

/** §2 register modal; §4 success: logged in, modal closed, home. */
export function RegisterModal({ onClose, switches, rules }: RegisterModalProps) {
  const { t } = useTranslation();
  return (
    <Modal title={t('modal.titles.register')} onClose={onClose} size="small" className="auth-modal">
      <RegisterForm
        switches={switches}
        rules={rules}
        onRegistered={() => {
          onClose();
          navigateTo('/');
        }}
        onLogin={() => openModal('login')}
      />
    </Modal>
  );
}
