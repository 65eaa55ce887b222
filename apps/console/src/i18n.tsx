import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { bn } from './locales/bn.ts';
import { en, type MessageKey } from './locales/en.ts';
import { interpolate, type Language } from './format.ts';
import { setApiLanguage } from './api.ts';

// The player site's key (same origin): an operator's choice there carries over.
const LANGUAGE_KEY = 'language';
const messages: Record<Language, Record<MessageKey, string>> = { en, bn };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

interface I18n {
  language: Language;
  setLanguage: (language: Language) => void;
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

export function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (stored === 'bn' || stored === 'en') return stored;
  return navigator.language.startsWith('bn') ? 'bn' : 'en';
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(() => {
    const first = initialLanguage();
    setApiLanguage(first);
    document.documentElement.lang = first;
    return first;
  });
  const value = useMemo<I18n>(
    () => ({
      language,
      setLanguage(next) {
        localStorage.setItem(LANGUAGE_KEY, next);
        setApiLanguage(next);
        document.documentElement.lang = next;
        setLanguageState(next);
      },
      t: (key, values) => interpolate(messages[language][key], values),
    }),
    [language],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

/** A §3 product type's name in the operator's language; a type the console has no name for shows as its code. */
export function productTypeName(t: Translate, productType: string): string {
  const key = `productType.${productType}`;
  return key in en ? t(key as MessageKey) : productType;
}
