import { LANGUAGES, type Language, type LocalizedText } from '@khela/contracts';

/**
 * The text of `language`; when an operator left it empty, the merchant's default language, then
 * whichever language has any text. Content is stored in both languages (`{ bn, en }`).
 */
export function pickLocalized(text: LocalizedText | null | undefined, language: Language, fallback: Language): string {
  if (!text || typeof text !== 'object') return typeof text === 'string' ? text : '';
  const order = [language, fallback, ...LANGUAGES];
  for (const candidate of order) {
    const value = text[candidate];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return '';
}

/** `value` when it is one of `allowed`, else `fallback`: stored text columns may hold anything. */
export function oneOf<const T extends string>(allowed: readonly T[], value: string, fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}
