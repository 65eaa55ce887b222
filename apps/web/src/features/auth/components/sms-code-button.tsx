import { useTranslation } from 'react-i18next';
import '../messages.ts';

export interface SmsCodeButtonProps {
  remaining: number;
  sending: boolean;
  onSend: () => void;
  /** The id of the input the code goes into (for assistive technology). */
  controls?: string;
}

/** "Send code", then "Resend in 59 s" while disabled (§4 countdown). */
export function SmsCodeButton({ remaining, sending, onSend, controls }: SmsCodeButtonProps) {
  const { t, i18n } = useTranslation();
  const seconds = new Intl.NumberFormat(i18n.language === 'bn' ? 'bn-BD' : 'en').format(remaining);
  return (
    <button
      type="button"
      className="button sms-code-button"
      onClick={onSend}
      disabled={sending || remaining > 0}
      aria-controls={controls}
    >
      {sending ? t('auth.sms.sending') : remaining > 0 ? t('auth.sms.resendIn', { seconds }) : t('auth.sms.send')}
    </button>
  );
}
