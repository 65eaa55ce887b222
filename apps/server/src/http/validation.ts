import type { z } from 'zod';
import { bn, en } from 'zod/locales';
import type { FieldError, Language } from '@khela/contracts';
import { AppError } from './app-error.ts';

const errorMaps = { bn: bn().localeError, en: en().localeError } as const;

const FORBIDDEN_CHARACTER = {
  en: 'Contains a character that is not allowed.',
  bn: 'এতে এমন একটি অক্ষর আছে যা অনুমোদিত নয়।',
} as const;

/** PostgreSQL cannot store U+0000 in text or jsonb: the path of the first string (or key) holding one. */
function pathOfNulCharacter(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = pathOfNulCharacter(child, [...path, key]);
    if (found) return found;
  }
  return null;
}

function fieldName(where: string, path: PropertyKey[]): string {
  return [where, ...path.map(String)].filter(Boolean).join('.');
}

/** Parses `input` with `schema`; a failure becomes a 400 with per-field messages in `language`. */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  input: unknown,
  language: Language,
  where: string,
): z.output<T> {
  const nul = pathOfNulCharacter(input);
  if (nul) throw AppError.fields([{ field: fieldName(where, nul), message: FORBIDDEN_CHARACTER[language] }]);
  const result = schema.safeParse(input, { error: errorMaps[language] });
  if (result.success) return result.data;
  const fields: FieldError[] = result.error.issues.map((issue) => ({
    field: fieldName(where, issue.path),
    message: issue.message,
  }));
  throw AppError.fields(fields);
}
