import { useI18n } from '../i18n.tsx';

export function Loading() {
  const { t } = useI18n();
  return (
    <p className="state" role="status">
      <span className="spinner" aria-hidden="true" />
      {t('app.loading')}
    </p>
  );
}

export function Failed({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div className="state" role="alert">
      <p>{message ?? t('app.error')}</p>
      <button type="button" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}
