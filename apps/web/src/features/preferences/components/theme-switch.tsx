import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyTheme, storedTheme, type Theme } from '../../../lib/theme.ts';
import { MoonIcon, SunIcon } from '../../../components/ui/icons.tsx';
import './preferences.css';

/**
 * §1/issue 3: the dark/light switch of the header, remembered in local storage (lib/theme).
 * A toggle button: pressed means the light theme is on.
 */
export function ThemeSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(() =>
    typeof document !== 'undefined' && document.documentElement.dataset.theme === 'light' ? 'light' : storedTheme(),
  );
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'light' ? t('preferences.toLight') : t('preferences.toDark');
  return (
    <button
      type="button"
      className={`icon-button theme-switch ${className}`}
      aria-label={label}
      title={label}
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
