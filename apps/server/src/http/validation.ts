import type { z } from 'zod';
import { bn, en } from 'zod/locales';
import type { FieldError, Language } from '@khela/contracts';
import { AppError } from './app-error.ts';

const errorMaps = { bn: bn().localeError, en: en().localeError } as const;

/** Parses `input` with `schema`; a failure becomes a 400 with per-field messages in `language`. */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  input: unknown,
  language: Language,
  where: string,
): z.output<T> {
  const result = schema.safeParse(input, { error: errorMaps[language] });
  if (result.success) return result.data;
  const fields: FieldError[] = result.error.issues.map((issue) => ({
    field: [where, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
  throw AppError.fields(fields);
}
