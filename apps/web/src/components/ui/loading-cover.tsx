import { useTranslation } from 'react-i18next';

/** The full-page loading cover (§2: hidden after each navigation). */
export function LoadingCover() {
  const { t } = useTranslation();
  return (
    <div className="loading-cover" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
