/** The parts of an ApiError the forms read (structural, so the rules test without a client). */
export interface ApiErrorLike {
  code: string;
  message: string;
  status?: number;
  value?: unknown;
}

export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

/** Stable codes that are about one input of the account forms (§8: errors under each input). */
const CODE_FIELDS: Record<string, string> = {
  'captcha.required': 'captcha',
  'captcha.invalid': 'captcha',
  'sms.invalid_code': 'verificationCode',
  'sms.code_expired': 'verificationCode',
  'sms.invalid_mobile': 'mobileNum',
  'sms.not_registered': 'mobileNum',
  'member.invalid_affiliate': 'affiliateCode',
  'password.wrong_old': 'oldPassword',
  'password.reset_code_invalid': 'verificationCode',
  'auth.verification_failed': 'answer',
};

/**
 * A server refusal placed under the inputs it concerns: `request.invalid` (and
 * member.already_registered) carry `value.fields[] = { field, message }`; a few codes are about one
 * field by nature. Server field names are mapped through `aliases` (the log-in form calls its
 * mobile input `mobileNum` but sends it as `username`). Anything else becomes `form`.
 */
export function fieldErrorsOf<F extends string>(
  error: ApiErrorLike,
  fields: readonly F[],
  aliases: Partial<Record<string, F>> = {},
): FieldErrors<F> {
  const found: FieldErrors<F> = {};
  const place = (name: string, message: string) => {
    const field = aliases[name] ?? (fields.includes(name as F) ? (name as F) : undefined);
    if (field) found[field] ??= message;
    else found.form ??= message;
  };
  const list = (error.value as { fields?: unknown } | null | undefined)?.fields;
  if (Array.isArray(list) && list.length > 0) {
    for (const entry of list as { field?: unknown; message?: unknown }[]) {
      if (typeof entry.message !== 'string') continue;
      place(entry.field === 'captchaId' ? 'captcha' : String(entry.field), entry.message);
    }
    return found;
  }
  const byCode = CODE_FIELDS[error.code];
  if (byCode) place(byCode, error.message);
  else found.form = error.message;
  return found;
}

/** The first field (in form order) that has an error, to move focus to it. */
export function firstErrorField<F extends string>(errors: FieldErrors<F>, order: readonly F[]): F | undefined {
  return order.find((field) => errors[field]);
}
