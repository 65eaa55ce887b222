import {
  matchesRule,
  patternMessage,
  REGISTRATION_MESSAGES,
  type Language,
  type RegistrationRule,
} from '@khela/contracts';

/**
 * §5 new password: required, valid by the merchant's password rule (same message as the server),
 * and the confirmation equal to it. Returns the errors by field name.
 */
export function checkNewPassword(
  newPassword: string,
  confirmNewPassword: string,
  rule: RegistrationRule | undefined,
  language: Language,
): { newPassword?: string; confirmNewPassword?: string } {
  const errors: { newPassword?: string; confirmNewPassword?: string } = {};
  if (!newPassword) errors.newPassword = REGISTRATION_MESSAGES.required[language];
  else if (rule && !matchesRule(newPassword, rule)) {
    errors.newPassword = patternMessage(rule.patternId, rule.minLength, rule.maxLength, language);
  }
  if (!confirmNewPassword) errors.confirmNewPassword = REGISTRATION_MESSAGES.required[language];
  else if (confirmNewPassword !== newPassword) {
    errors.confirmNewPassword = REGISTRATION_MESSAGES.confirmPassword[language];
  }
  return errors;
}
