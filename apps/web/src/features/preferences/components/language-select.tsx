import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES, type Language } from '../../../lib/i18n.ts';
import { GlobeIcon } from '../../../components/ui/icons.tsx';
import './preferences.css';

export interface LanguageSelectProps {
  /** The merchant's languages (`info.merchant.languages`); all the site has when absent. */
  languages?: readonly Language[];
  /** `compact` hides the visible label (header); the select keeps its accessible name. */
  variant?: 'compact' | 'full';
  className?: string;
}

/**
 * §4 language selector (side menu and header). Changing it loads the messages, switches the
 * locale and keeps current and previous language in local storage (lib/i18n `changeLanguage`);
 * data queries are keyed by language, so content and game data refetch.
 */
export function LanguageSelect({ languages = LANGUAGES, variant = 'full', className = '' }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const offered = languages.filter(isLanguage);
  if (offered.length < 2) return null;
  const current = isLanguage(i18n.language) ? i18n.language : offered[0];

  return (
    <div className={`language-select language-select--${variant} ${className}`}>
      <label htmlFor={id} className={variant === 'compact' ? 'visually-hidden' : 'language-select__label'}>
        {t('preferences.language')}
      </label>
      <span className="language-select__control">
        <GlobeIcon size={18} />
        <select
          id={id}
          value={current}
          // Not `disabled` while the messages load: that would drop keyboard focus to the page.
          aria-busy={busy || undefined}
          onChange={(event) => {
            const next = event.target.value;
            if (busy || !isLanguage(next) || next === current) return;
            setBusy(true);
            void changeLanguage(next).finally(() => setBusy(false));
          }}
        >
          {offered.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`preferences.languages.${language}`)}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
