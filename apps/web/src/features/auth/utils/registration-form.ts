import {
  matchesRule,
  patternMessage,
  REGISTRATION_MESSAGES,
  type Language,
  type RegistrationField,
  type RegistrationRule,
} from '@khela/contracts';

export type RegisterMode = 'username' | 'mobile';
export type RegistrationRules = Partial<Record<RegistrationField, RegistrationRule>>;

/** The white-label switches the sign-up form reads (§3). */
export interface RegisterSwitches {
  USERNAMEREG3?: boolean;
  MOBILENUMREG3?: boolean;
  MOBILENUMPASSREG3?: boolean;
  REGMOBVERF3?: boolean;
  AFFMAN3?: boolean;
  CAPTCHA3?: boolean;
}

/** §2: each tab only when its switch is on; §4: mobile is the default when MOBILENUMREG3 is on. */
export function registerModes(switches: RegisterSwitches): RegisterMode[] {
  const modes: RegisterMode[] = [];
  if (switches.USERNAMEREG3) modes.push('username');
  if (switches.MOBILENUMREG3) modes.push('mobile');
  return modes;
}

export function defaultRegisterMode(switches: RegisterSwitches): RegisterMode {
  return switches.MOBILENUMREG3 ? 'mobile' : 'username';
}

/** Optional §3 fields in the order the form shows them (§5: shown when enabled, required when flagged). */
export const OPTIONAL_FIELDS = [
  'payeeName',
  'email',
  'qqNum',
  'recommenderId',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'affiliateCode',
] as const satisfies readonly RegistrationField[];

export interface FieldSpec {
  field: RegistrationField;
  required: boolean;
  rule: RegistrationRule | undefined;
  /** §5: with MOBILENUMPASSREG3 the mobile form asks for the password in a second step. */
  step: 1 | 2;
}

/**
 * The inputs of the sign-up form for a mode, from the merchant's rules (status `value.info.register`)
 * and the switches. The captcha is added by the form when the rule enables it and the site uses one.
 */
export function registrationFields(rules: RegistrationRules, mode: RegisterMode, switches: RegisterSwitches) {
  const specs: FieldSpec[] = [];
  const passwordStep: 1 | 2 = mode === 'mobile' && switches.MOBILENUMPASSREG3 ? 2 : 1;
  const enabled = (field: RegistrationField) => rules[field]?.enabled === true;
  const add = (field: RegistrationField, required: boolean, step: 1 | 2 = 1) =>
    specs.push({ field, required, rule: rules[field], step });

  if (mode === 'username') add('username', true);
  // Mobile mode: the number is the log-in name, always required.
  const mobileShown = mode === 'mobile' || enabled('mobileNum');
  if (mobileShown) add('mobileNum', mode === 'mobile' || rules.mobileNum?.required === true);
  if (mobileShown && switches.REGMOBVERF3) add('verificationCode', true);
  add('password', true, passwordStep);
  if (rules.confirmPassword?.enabled !== false) add('confirmPassword', true, passwordStep);
  for (const field of OPTIONAL_FIELDS) {
    if (enabled(field)) add(field, rules[field]?.required === true);
  }
  return specs;
}

export const SECRET_FIELDS: readonly RegistrationField[] = ['password', 'confirmPassword', 'paymentPassword'];

/**
 * §5 checks of the sign-up form, with the same bn/en messages as the server: required fields,
 * the pattern and length of each rule, and the confirmation equal to the password.
 */
export function validateRegistration(
  values: Partial<Record<RegistrationField, string>>,
  specs: readonly FieldSpec[],
  language: Language,
  step?: 1 | 2,
): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {};
  for (const spec of specs) {
    if (step !== undefined && spec.step !== step) continue;
    const raw = values[spec.field] ?? '';
    const value = SECRET_FIELDS.includes(spec.field) ? raw : raw.trim();
    if (!value) {
      if (spec.required) errors[spec.field] = REGISTRATION_MESSAGES.required[language];
      continue;
    }
    if (spec.field === 'confirmPassword') {
      if (value !== values.password) errors.confirmPassword = REGISTRATION_MESSAGES.confirmPassword[language];
      continue;
    }
    const rule = spec.rule;
    if (rule && !matchesRule(value, rule)) {
      errors[spec.field] = patternMessage(rule.patternId, rule.minLength, rule.maxLength, language);
    }
  }
  return errors;
}

/** §3: the affiliate code from the link (`?affiliateCode=` or `?code=`), and the referral code. */
export function codesFromUrl(search: string): { affiliateCode: string; referralCode: string } {
  const query = new URLSearchParams(search);
  return {
    affiliateCode: (query.get('affiliateCode') ?? query.get('code') ?? '').trim().slice(0, 64),
    referralCode: (query.get('referralCode') ?? '').trim().slice(0, 64),
  };
}
