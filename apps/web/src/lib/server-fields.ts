/**
 * A server refusal placed under its inputs (§8): `request.invalid` carries
 * `value.fields[] = { field, message }`; fields the form does not show, and every other refusal,
 * go to `form`.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
): Partial<Record<F | 'form', string>> {
  const found: Partial<Record<F | 'form', string>> = {};
  const failure = (error ?? {}) as { message?: unknown; value?: unknown };
  const list = (failure.value as { fields?: unknown } | null | undefined)?.fields;
  if (Array.isArray(list)) {
    for (const entry of list as { field?: unknown; message?: unknown }[]) {
      if (typeof entry.message !== 'string') continue;
      const field = fields.find((name) => name === entry.field);
      if (field) found[field] ??= entry.message;
      else found.form ??= entry.message;
    }
    if (Object.keys(found).length > 0) return found;
  }
  found.form = typeof failure.message === 'string' && failure.message ? failure.message : fallback;
  return found;
}
