import { preferenceStore } from './session-store.ts';

export type Theme = 'dark' | 'light';
const KEY = 'theme';

export function storedTheme(): Theme {
  const stored = preferenceStore.get(KEY);
  if (stored === 'dark' || stored === 'light') return stored;
  return 'dark';
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  preferenceStore.set(KEY, theme);
}
