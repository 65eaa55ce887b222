import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from '../locales/en.ts';
import { setApiLanguage } from './api-client.ts';
import { preferenceStore } from './session-store.ts';

export const LANGUAGES = ['bn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'bn';

/** Each language is its own chunk: only the one in use is downloaded. */
const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  bn: () => import('../locales/bn.ts'),
  en: () => import('../locales/en.ts'),
};

const CURRENT = 'language';
const PREVIOUS = 'previousLanguage';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/** §4: the stored language, else the default (stored on first load). */
export function storedLanguage(): Language | null {
  const stored = preferenceStore.get(CURRENT);
  return isLanguage(stored) ? stored : null;
}

async function ensureLoaded(language: Language) {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    const { default: messages } = await loaders[language]();
    i18next.addResourceBundle(language, 'translation', messages, true, true);
  }
}

function apply(language: Language) {
  document.documentElement.lang = language;
  setApiLanguage(language);
}

export async function initI18n(language: Language = storedLanguage() ?? DEFAULT_LANGUAGE) {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
  apply(language);
  return i18next;
}

/** §4 language change: load messages, switch, keep current and previous in local storage. */
export async function changeLanguage(language: Language) {
  const previous = i18next.language;
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
  if (isLanguage(previous) && previous !== language) preferenceStore.set(PREVIOUS, previous);
  preferenceStore.set(CURRENT, language);
  apply(language);
}

export { i18next };
