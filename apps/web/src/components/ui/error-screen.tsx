import { useTranslation } from 'react-i18next';

export function ErrorScreen({ title, body, onRetry }: { title: string; body?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="status-page" role="alert">
      <h1>{title}</h1>
      {body ? <p>{body}</p> : null}
      {onRetry ? (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </main>
  );
}
