import type { ModalBodyProps } from '../../stores/modals.ts';
import { useSwitches, useSystemStatus } from '../../features/system/api/get-status.ts';
import { LoginModal } from '../../features/auth/components/login-modal.tsx';
import { RegisterModal } from '../../features/auth/components/register-modal.tsx';
import { ForgotPasswordModal } from '../../features/auth/components/forgot-password-modal.tsx';
import { ChangePasswordModal } from '../../features/auth/components/change-password-modal.tsx';

/*
 * The account modals read the site's switches and registration rules (the status call of the
 * system feature); features do not import each other, so the app hands them over here. Each
 * export is loaded by its own dynamic import in modal-host.tsx.
 */

export function Login(props: ModalBodyProps) {
  return <LoginModal {...props} switches={useSwitches()} />;
}

export function Register(props: ModalBodyProps) {
  const switches = useSwitches();
  const rules = useSystemStatus().data?.info.register ?? {};
  return <RegisterModal {...props} switches={switches} rules={rules} />;
}

export function ForgotPassword(props: ModalBodyProps) {
  const switches = useSwitches();
  const rules = useSystemStatus().data?.info.register;
  return (
    <ForgotPasswordModal {...props} mobileReset={Boolean(switches.CHNGPASSVERIF3)} passwordRule={rules?.password} />
  );
}

export function ChangePassword(props: ModalBodyProps) {
  const rules = useSystemStatus().data?.info.register;
  return <ChangePasswordModal {...props} passwordRule={rules?.password} />;
}
