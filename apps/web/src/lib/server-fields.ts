/** Refusals that are about one input by nature, and the field name the forms use for it. */
const CODE_FIELDS: Record<string, string> = {
  'wallet.insufficient_funds': 'amount',
  'wallet.payment_password_required': 'paymentPassword',
  'wallet.member_not_found': 'username',
  'cashier.amount_out_of_range': 'amount',
  'cashier.deposit_limit_exceeded': 'amount',
  'cashier.reference_required': 'referenceNumber',
  'cashier.payee_name_mismatch': 'payeeName',
  'cashier.payee_account_exists': 'accountNumber',
  'cashier.bank_name_required': 'bankName',
  'cashier.payment_password_required': 'paymentPassword',
  'cashier.payment_password_wrong': 'paymentPassword',
  'cashier.payment_password_locked': 'paymentPassword',
};

/**
 * A server refusal placed under its inputs (§8): `request.invalid` carries
 * `value.fields[] = { field, message }`, and a few codes are about one input by nature. Field names
 * the form calls otherwise go through `aliases`; fields the form does not show, and every other
 * refusal, go to `form`.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
  aliases: Partial<Record<string, F>> = {},
): Partial<Record<F | 'form', string>> {
  const found: Partial<Record<F | 'form', string>> = {};
  const failure = (error ?? {}) as { code?: unknown; message?: unknown; value?: unknown };
  const message = typeof failure.message === 'string' && failure.message ? failure.message : fallback;
  const fieldOf = (name: unknown) =>
    typeof name === 'string' ? (aliases[name] ?? fields.find((field) => field === name)) : undefined;
  const list = (failure.value as { fields?: unknown } | null | undefined)?.fields;
  if (Array.isArray(list)) {
    for (const entry of list as { field?: unknown; message?: unknown }[]) {
      if (typeof entry.message !== 'string') continue;
      const field = fieldOf(entry.field);
      if (field) found[field] ??= entry.message;
      else found.form ??= entry.message;
    }
    if (Object.keys(found).length > 0) return found;
  }
  const byCode = typeof failure.code === 'string' ? fieldOf(CODE_FIELDS[failure.code]) : undefined;
  if (byCode) found[byCode] = message;
  else found.form = message;
  return found;
}
