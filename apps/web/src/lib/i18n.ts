import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from '../locales/en.ts';
import { setApiLanguage } from './api-client.ts';
import { preferenceStore } from './session-store.ts';

export const LANGUAGES = ['bn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'bn';

/**
 * Each language is its own chunk: only the one in use is downloaded. The first-load catalogue
 * (`main`) holds what the site shell and the home page show; a part (the account forms' strings,
 * the other pages' and the dialogs' strings) is another chunk per language, merged into the same namespace when a feature that
 * shows it loads (issue 3 item 11: the first load carries only the first screen's strings).
 */
const loaders = {
  main: { bn: () => import('../locales/bn.ts'), en: () => import('../locales/en.ts') },
  auth: { bn: () => import('../locales/auth/bn.ts'), en: () => import('../locales/auth/en.ts') },
  pages: { bn: () => import('../locales/pages/bn.ts'), en: () => import('../locales/pages/en.ts') },
  money: { bn: () => import('../locales/money/bn.ts'), en: () => import('../locales/money/en.ts') },
  originals: { bn: () => import('../locales/originals/bn.ts'), en: () => import('../locales/originals/en.ts') },
  /** Issue 13: the agent centre's layout and pages (features/agent), and the referral page. */
  agent: { bn: () => import('../locales/agent/bn.ts'), en: () => import('../locales/agent/en.ts') },
} satisfies Record<string, Record<Language, () => Promise<{ default: Messages | object }>>>;
export type MessagePart = Exclude<keyof typeof loaders, 'main'>;

/** The parts some loaded feature shows: loaded with every language switched to. */
const wantedParts = new Set<MessagePart>();
const loaded = new Map<string, Promise<void>>();

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

function ensurePart(part: MessagePart | 'main', language: Language): Promise<void> {
  const key = `${part}:${language}`;
  let done = loaded.get(key);
  if (!done) {
    done = loaders[part][language]().then(
      ({ default: messages }) => void i18next.addResourceBundle(language, 'translation', messages, true, true),
      (error: unknown) => {
        loaded.delete(key); // a failed chunk is asked for again next time
        throw error;
      },
    );
    loaded.set(key, done);
  }
  return done;
}

async function ensureLoaded(language: Language) {
  await Promise.all([ensurePart('main', language), ...[...wantedParts].map((part) => ensurePart(part, language))]);
}

/**
 * Makes a part's strings available in the current language (and in every language switched to
 * later). Before initI18n it only notes the part: initI18n loads it with the catalogue.
 */
export async function loadMessages(part: MessagePart): Promise<void> {
  wantedParts.add(part);
  const language = i18next.language;
  if (i18next.isInitialized && isLanguage(language)) await ensurePart(part, language);
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
  // The language already shown is only stored (§4: a first visit stores the merchant's default,
  // usually the one it is shown in): switching i18next to it again tells every translated
  // component to render again, synchronously, in the first screen's commit (issue 11: TBT).
  if (language !== i18next.language) await i18next.changeLanguage(language);
  if (isLanguage(previous) && previous !== language) preferenceStore.set(PREVIOUS, previous);
  preferenceStore.set(CURRENT, language);
  apply(language);
}

export { i18next };
