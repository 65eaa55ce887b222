/** A failed call as the console's api.ts throws it. */
interface ServerError {
  code: string;
  message: string;
  fields?: readonly { field: string; message: string }[];
}

/** Codes that belong to one input of the operator forms rather than to the whole form. */
const CODE_FIELDS: Record<string, string> = {
  'admin.conflict': 'username',
  'operator.role_above_own': 'role',
};

/**
 * The server's answer spread over the form: each field error beside its input (the server names
 * `body.username`), a code that belongs to an input beside it, anything else above the buttons.
 */
export function formErrors(
  error: unknown,
  inputs: readonly string[],
  fallback: string,
): { fields: Record<string, string>; form: string | null } {
  const failure = error as Partial<ServerError> | null;
  if (!failure || typeof failure.code !== 'string') return { fields: {}, form: fallback };
  const fields: Record<string, string> = {};
  const loose: string[] = [];
  for (const { field, message } of failure.fields ?? []) {
    const name = field.split('.').at(-1) ?? field;
    if (inputs.includes(name)) fields[name] ??= message;
    else loose.push(message);
  }
  const own = CODE_FIELDS[failure.code];
  if (own && inputs.includes(own) && !fields[own]) fields[own] = failure.message ?? fallback;
  else if (Object.keys(fields).length === 0) loose.unshift(failure.message ?? fallback);
  return { fields, form: loose.length ? loose.join(' ') : null };
}

/** A base32 secret in groups of four, as an authenticator app asks for it typed in. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
