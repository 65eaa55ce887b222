import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { systemEndpoints } from '@khela/contracts';
import { changeLanguage, isLanguage, type Language } from '../../../lib/i18n.ts';
import { GlobeIcon } from '../../../components/ui/icons.tsx';
import { CustomerServiceButton, type CustomerServiceEntry } from '../../../components/ui/customer-service-button.tsx';

/**
 * The actions of the maintenance and region pages (§2): customer service, and "check again"
 * (asks the status call anew: the site opens by itself when the block is lifted).
 */
export function StatusActions({ customerService }: { customerService: readonly CustomerServiceEntry[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  return (
    <>
      <CustomerServiceButton entries={customerService} className="button button--primary" />
      <button
        type="button"
        className="button"
        disabled={checking}
        onClick={() => {
          setChecking(true);
          void queryClient
            .refetchQueries({ queryKey: [systemEndpoints.status.name] })
            .finally(() => setChecking(false));
        }}
      >
        {checking ? t('status.checking') : t('status.checkAgain')}
      </button>
    </>
  );
}

/** A switch to the other language of the merchant, so a status page can be read in either. */
export function StatusLanguageSwitch({ languages }: { languages: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const others = languages.filter((l): l is Language => isLanguage(l) && l !== i18n.language);
  if (others.length === 0) return null;
  return (
    <div className="status-language">
      {others.map((language) => (
        <button
          key={language}
          type="button"
          className="status-language__button"
          lang={language}
          onClick={() => void changeLanguage(language)}
        >
          <GlobeIcon size={18} />
          {t(`preferences.languages.${language}`)}
        </button>
      ))}
    </div>
  );
}
