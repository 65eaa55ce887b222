import { cashierEndpoints, envelope, uploadSchema, type ValueOf } from '@khela/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { i18next } from '../../../lib/i18n.ts';

export type Upload = ValueOf<typeof cashierEndpoints.uploadCreate>;

/**
 * `POST /wps/cashier/uploads` (T): the raw image bytes with their Content-Type (the registry's
 * `bodyFormat: 'binary'`, which the JSON client does not send), answered in the usual envelope.
 */
export async function uploadImage(file: Blob): Promise<Upload> {
  const headers: Record<string, string> = { 'Content-Type': file.type, Language: i18next.language };
  const token = sessionStore.token();
  if (token) headers.Authorization = token;
  let response: Response;
  try {
    response = await fetch(cashierEndpoints.uploadCreate.path, { method: 'POST', headers, body: file });
  } catch {
    throw new ApiError('client.network', '', 0);
  }
  const json: unknown = await response.json().catch(() => null);
  const parsed = envelope(uploadSchema).safeParse(json);
  if (parsed.success && parsed.data.success) return parsed.data.value as Upload;
  const failure = (json ?? {}) as { code?: string; message?: string; value?: unknown };
  throw new ApiError(failure.code ?? 'client.bad_response', failure.message ?? '', response.status, failure.value);
}
