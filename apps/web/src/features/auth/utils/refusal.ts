import { formatDateTime } from '../../../lib/format.ts';
import type { ApiErrorLike } from './field-errors.ts';

/**
 * The text of a refusal that belongs to no input: the server's localised message, with the end
 * date of a self-exclusion or cooling-off (their value carries `until`); '' when the server sent
 * none (network), so the caller picks its own text.
 */
export function refusalText(error: ApiErrorLike, language: string): string {
  const until = (error.value as { until?: unknown } | null | undefined)?.until;
  if ((error.code === 'auth.self_excluded' || error.code === 'auth.cooling_off') && typeof until === 'string') {
    const date = formatDateTime(until, language);
    return date ? `${error.message} (${date})` : error.message;
  }
  return error.message;
}
