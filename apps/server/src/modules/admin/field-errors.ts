import type { Language } from '@khela/contracts';
import { AppError } from '../../http/app-error.ts';

/** Field messages for the rules the contract cannot express, in both languages. */
const MESSAGES = {
  unknownPattern: {
    en: 'There is no such pattern in the catalogue.',
    bn: 'ক্যাটালগে এমন কোনো প্যাটার্ন নেই।',
  },
  invalidCidr: {
    en: 'Not a valid IP range (for example 203.0.113.0/24).',
    bn: 'সঠিক IP রেঞ্জ নয় (যেমন 203.0.113.0/24)।',
  },
} satisfies Record<string, Record<Language, string>>;

export function fieldError(field: string, message: keyof typeof MESSAGES, language: Language): AppError {
  return AppError.fields([{ field, message: MESSAGES[message][language] }]);
}
